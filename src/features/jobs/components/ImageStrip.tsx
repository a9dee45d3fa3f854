/**
 * The task form's image component (spec 1 §2 "Image component"): a thumbnail carousel scrolled in
 * 86 px steps, add by camera or file, delete, and beside each photo whether it waits, is being sent,
 * was sent, or failed (with the reason and a retry). Photos are processed off the main thread and
 * live in the replica, so all of this works without a connection (src/data/photos).
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, chakra, Dialog, HStack, IconButton, Image, Portal, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { serverErrorKey } from '../../../domain/serverErrors';
import { retryCommand } from '../../../data/outbox';
import { looksLikePhoto, PHOTO_ACCEPT, PhotoRejected } from '../../../data/photos/process';
import {
  addPhoto, CaptureDateInFuture, deletePhoto, freeStorageBytes, fullPicture, LOW_STORAGE_BYTES, preparePhotoPath, rotatePhoto, setPhotoCaptureDate, useTaskPhotos, useUploadProgress,
  type PhotoSendState, type PhotoTarget, type TaskPhoto,
} from '../../../data/photos/store';
import type { StoredPhoto } from '../../../data/photos/types';
import { DateTimeField } from './DateTimeField';
import { confirm, snackbar } from '../../../ui';

/** Spec 1 §2: the carousel scrolls 86 px per step. */
export const CAROUSEL_STEP_PX = 86;

/**
 * A thumbnail's URL, made once per picture version: every change to the photos table hands the
 * strip new Blob handles for the same thumbnails, and a new object URL each time would re-decode
 * every image (with 100 photos uploading, 100 × 100 decodes).
 */
function useThumbUrl(photo: Pick<StoredPhoto, 'assetId' | 'sha256' | 'thumb'>): string | undefined {
  const key = `${photo.assetId}:${photo.sha256}:${photo.thumb.size}`;
  const thumb = useRef(photo.thumb);
  thumb.current = photo.thumb;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the picture; the handle may change.
  const url = useMemo(() => URL.createObjectURL(thumb.current), [key]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url;
}

function useObjectUrl(blob: Blob | null): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  return url;
}

function SendBadge({ send }: { send: PhotoSendState }) {
  const { t } = useTranslation('jobs');
  const progress = useUploadProgress(send.kind === 'sending' ? send.key : null);
  const palette = send.kind === 'sent' ? 'green' : send.kind === 'failed' || send.kind === 'mismatch' ? 'red' : send.kind === 'sending' ? 'blue' : 'yellow';
  return (
    <Badge size="sm" colorPalette={palette} data-testid="photo-state" data-state={send.kind}>
      {send.kind === 'sending' && <Spinner size="xs" />}
      {send.kind === 'sending' && progress !== null
        ? t('Images.SendingProgress', { percent: Math.round(progress * 100) })
        : t(`Images.State.${send.kind}`)}
    </Badge>
  );
}

/** The line under the preview: camera make and model (when the photo says), then the stored size. */
export function photoCaption(m: Pick<StoredPhoto['metadata'], 'deviceMake' | 'deviceModel' | 'width' | 'height'>): string {
  const camera = [m.deviceMake, m.deviceModel].filter(Boolean).join(' ');
  return [camera, `${m.width}×${m.height}`].filter(Boolean).join(' · ');
}

/** Spec 1 §4: rotation cycles in 90° steps and wraps after 360. */
export const nextTurn = (turn: number) => (turn + 90) % 360;

/**
 * The full-screen preview (spec 1 §2): rotate in 90° steps, correct the capture date, save, delete.
 * Leaving with unsaved changes asks first (UnsavedImages / SaveChangesMessage).
 */
function PhotoPreview({ photo, label, disabled, onClose }: { photo: StoredPhoto; label: string; disabled: boolean; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const [picture, setPicture] = useState<Blob | null>(photo.blob);
  const [turn, setTurn] = useState(0);
  const taken = photo.metadata.metadataCapturedDate;
  const [date, setDate] = useState<Date | null>(taken ? new Date(taken) : null);
  const [saving, setSaving] = useState(false);
  // Opening puts focus on Close, not on the date field (which would open a phone's keyboard).
  const closeButton = useRef<HTMLButtonElement>(null);
  const dateChanged = (date?.toISOString() ?? null) !== (taken ? new Date(taken).toISOString() : null);
  const changed = turn !== 0 || dateChanged;
  const url = useObjectUrl(picture ?? photo.thumb);

  useEffect(() => {
    if (photo.blob) return;
    const abort = new AbortController();
    void fullPicture(photo, abort.signal).then((b) => { if (b) setPicture(b); });
    return () => abort.abort();
  }, [photo]);

  const close = async () => {
    if (changed && !(await confirm({ title: t('Images.UnsavedImages'), message: t('Images.SaveChangesMessage'), confirmText: t('Yes'), cancelText: t('Cancel') }))) return;
    onClose();
  };
  const save = async () => {
    setSaving(true);
    try {
      if (turn !== 0) await rotatePhoto(photo, turn as 90 | 180 | 270);
      if (dateChanged) await setPhotoCaptureDate(photo, date);
      snackbar.success(t('Images.Saved'));
      onClose();
    } catch (e) {
      snackbar.error(t('Images.SaveFailed'), t(e instanceof CaptureDateInFuture ? 'TaskForm.Errors.DateInFuture' : 'PleaseTryAgain'));
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    if (!(await confirm({ message: t('Images.DeleteConfirm'), confirmText: t('Yes'), cancelText: t('Cancel') }))) return;
    try {
      await deletePhoto(photo);
      onClose();
    } catch {
      snackbar.error(t('Images.DeleteFailed'), t('PleaseTryAgain'));
    }
  };

  return (
    <Dialog.Root open onOpenChange={(e) => { if (!e.open) void close(); }} size={{ base: 'full', md: 'xl' }} placement="center"
      initialFocusEl={() => closeButton.current}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="photo-preview">
            <Dialog.Header><Dialog.Title>{label}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Box display="flex" justifyContent="center" alignItems="center" minH="300px" bg="gray.900" borderRadius="md" overflow="hidden">
                  <Image src={url} alt={label} maxH="60vh" maxW="100%" objectFit="contain" transform={`rotate(${turn}deg)`} transition="transform 0.2s"
                    data-testid="photo-preview-image" data-turn={turn} />
                </Box>
                <Text fontSize="sm" color="fg.muted" data-testid="photo-caption">{photoCaption(photo.metadata)}</Text>
                {!disabled && (
                  <DateTimeField label={t('Images.CaptureDate')} testId="photo-capture-date" value={date} onChange={setDate} noFuture />
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2" wrap="wrap">
                {!disabled && <Button variant="outline" onClick={() => setTurn(nextTurn)} data-testid="photo-rotate">{t('Images.Rotate')}</Button>}
                {!disabled && <Button variant="outline" colorPalette="red" onClick={() => void remove()} data-testid="photo-preview-delete">{t('Images.Delete')}</Button>}
                <Button ref={closeButton} variant="ghost" onClick={() => void close()} data-testid="photo-preview-close">{t('Images.Close')}</Button>
                {!disabled && (
                  <Button colorPalette="blue" disabled={!changed || saving} loading={saving} onClick={() => void save()} data-testid="photo-save">{t('Images.Save')}</Button>
                )}
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface ThumbProps { item: TaskPhoto; label: string; disabled: boolean }

const Thumb = memo(function Thumb({ item, label, disabled }: ThumbProps) {
  const { t } = useTranslation('jobs');
  const url = useThumbUrl(item.photo);
  const [open, setOpen] = useState(false);
  const { send } = item;
  const remove = async () => {
    const ok = await confirm({ message: t('Images.DeleteConfirm'), confirmText: t('Yes'), cancelText: t('Cancel') });
    if (!ok) return;
    try {
      await deletePhoto(item.photo);
    } catch {
      snackbar.error(t('Images.DeleteFailed'), t('PleaseTryAgain'));
    }
  };
  return (
    <Stack as="li" gap="1" flex="0 0 auto" w="80px" data-testid="photo" data-asset-id={item.photo.assetId}>
      <chakra.button type="button" onClick={() => setOpen(true)} aria-label={t('Images.Open', { label })} borderRadius="md" data-testid="photo-open">
        <Image src={url} alt="" w="80px" h="80px" objectFit="cover" borderRadius="md" borderWidth="1px" />
      </chakra.button>
      {open && <PhotoPreview photo={item.photo} label={label} disabled={disabled} onClose={() => setOpen(false)} />}
      <SendBadge send={send} />
      {send.kind === 'failed' && (
        <>
          <Text fontSize="xs" color="red.700" data-testid="photo-error">{t(`syncDetails:${serverErrorKey(send)}`)}</Text>
          <Button size="xs" variant="outline" onClick={() => void retryCommand(send.seq)} data-testid="photo-retry">{t('Images.Retry')}</Button>
        </>
      )}
      {!disabled && (
        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void remove()} data-testid="photo-delete">
          {t('Images.Delete')}<VisuallyHidden> {label}</VisuallyHidden>
        </Button>
      )}
    </Stack>
  );
}, sameThumb);

/**
 * Every write to the photos or the outbox hands the strip new objects for the same photos; a
 * thumbnail renders again only when what it shows changed (its picture, caption, date or sending
 * state), so adding the tenth photo renders one thumbnail, not ten.
 */
function sameThumb(a: ThumbProps, b: ThumbProps): boolean {
  if (a.label !== b.label || a.disabled !== b.disabled) return false;
  const p = a.item.photo;
  const q = b.item.photo;
  return p.assetId === q.assetId && p.sha256 === q.sha256 && p.thumb.size === q.thumb.size && (p.blob === null) === (q.blob === null) && p.state === q.state
    && JSON.stringify(p.metadata) === JSON.stringify(q.metadata) && JSON.stringify(a.item.send) === JSON.stringify(b.item.send);
}

export interface ImageStripProps {
  target: PhotoTarget;
  /** The strip's heading, e.g. "Bilder av avviket". */
  title: string;
  disabled?: boolean;
  /** Why photos cannot be added yet (e.g. detail photos need a valid serial first). */
  blockedReason?: string | null;
}

const sameTarget = (a: PhotoTarget, b: PhotoTarget) => a.jobId === b.jobId && a.taskId === b.taskId && a.matrikkelenhetsId === b.matrikkelenhetsId
  && a.imageType === b.imageType && a.meterKind === b.meterKind && a.meterNumber === b.meterNumber;

/**
 * Rendered again only when what it shows changes (its own photos come from its own live query): a
 * form that re-renders on each change (a new photo's list, a note typed) hands it a new target object
 * each time, and the strip and its thumbnails rendered again with the form in the same task.
 */
export const ImageStrip = memo(ImageStripView, (a, b) => a.title === b.title && (a.disabled ?? false) === (b.disabled ?? false)
  && (a.blockedReason ?? null) === (b.blockedReason ?? null) && sameTarget(a.target, b.target));

function ImageStripView({ target, title, disabled = false, blockedReason = null }: ImageStripProps) {
  const { t } = useTranslation('jobs');
  const photos = useTaskPhotos(target.taskId, target.imageType, target.meterKind);
  const [busy, setBusy] = useState(0);
  const [lowStorage, setLowStorage] = useState(false);
  const strip = useRef<HTMLUListElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void freeStorageBytes().then((free) => { if (live) setLowStorage(free !== null && free < LOW_STORAGE_BYTES); });
    return () => { live = false; };
  }, [photos.length]);

  // The worker and the upload's check readied while the plumber looks at the form, not with the first photo.
  useEffect(() => { if (!disabled) preparePhotoPath(); }, [disabled]);

  const take = async (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      if (!looksLikePhoto(file)) {
        snackbar.error(t('Images.InvalidFormat'), t('PleaseTryAgain'));
        continue;
      }
      setBusy((n) => n + 1);
      try {
        await addPhoto(file, target);
      } catch (e) {
        snackbar.error(t(e instanceof PhotoRejected ? 'Images.InvalidFormat' : 'Images.SaveFailed'), t('PleaseTryAgain'));
      } finally {
        setBusy((n) => n - 1);
      }
    }
  };

  const scroll = (dir: 1 | -1) => strip.current?.scrollBy({ left: dir * CAROUSEL_STEP_PX, behavior: 'smooth' });

  return (
    <Stack gap="2" data-testid={`images-${target.meterKind}-${target.imageType}`}>
      <HStack justify="space-between">
        <Text fontWeight="semibold">{title}</Text>
        <Text fontSize="sm" color="fg.muted" data-testid="photo-count">{t('Images.Count', { count: photos.length })}</Text>
      </HStack>
      {lowStorage && (
        <Alert.Root status="warning" size="sm" data-testid="storage-warning">
          <Alert.Indicator />
          <Alert.Description>{t('Images.LowStorage')}</Alert.Description>
        </Alert.Root>
      )}
      <HStack gap="1" align="start">
        {photos.length > 3 && <IconButton aria-label={t('Images.Previous')} size="sm" variant="ghost" onClick={() => scroll(-1)}>‹</IconButton>}
        <Box as="ul" ref={strip} display="flex" gap="2" overflowX="auto" flex="1" listStyleType="none" p="0" m="0" aria-label={title} data-testid="photo-strip">
          {photos.map((item, i) => <Thumb key={item.photo.assetId} item={item} label={t('Images.PhotoLabel', { no: i + 1, title })} disabled={disabled} />)}
        </Box>
        {photos.length > 3 && <IconButton aria-label={t('Images.Next')} size="sm" variant="ghost" onClick={() => scroll(1)}>›</IconButton>}
      </HStack>
      {/* Rendered from the start and shown while photos are processed: its styles are made with the
          strip, not in the first photo's change event, where they restyled the whole document. */}
      <div role="status" hidden={busy === 0} data-testid="photo-processing">
        <HStack gap="2">
          <Spinner size="sm" />
          <Text fontSize="sm">{t('Images.Processing')}</Text>
        </HStack>
      </div>
      {blockedReason && !disabled && <Text fontSize="sm" color="fg.muted" data-testid="photo-blocked">{blockedReason}</Text>}
      {!disabled && (
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" disabled={!!blockedReason} onClick={() => camera.current?.click()}>{t('Images.TakePhoto')}</Button>
          <Button size="sm" variant="outline" disabled={!!blockedReason} onClick={() => files.current?.click()}>{t('Images.ChooseFile')}</Button>
          <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => { void take(e.target.files); e.target.value = ''; }} />
          <input ref={files} type="file" accept={PHOTO_ACCEPT} multiple hidden data-testid="photo-input" onChange={(e) => { void take(e.target.files); e.target.value = ''; }} />
        </HStack>
      )}
    </Stack>
  );
}
