/**
 * The task form's image component (spec 1 §2 "Image component"): a thumbnail carousel scrolled in
 * 86 px steps, add by camera or file, delete, and beside each photo whether it waits, is being sent,
 * was sent, or failed (with the reason and a retry). Photos are processed off the main thread and
 * live in the replica, so all of this works without a connection (src/data/photos).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, HStack, IconButton, Image, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { serverErrorKey } from '../../../domain/serverErrors';
import { retryCommand } from '../../../data/outbox';
import { looksLikePhoto, PHOTO_ACCEPT, PhotoRejected } from '../../../data/photos/process';
import {
  addPhoto, deletePhoto, freeStorageBytes, LOW_STORAGE_BYTES, useTaskPhotos, type PhotoSendState, type PhotoTarget, type TaskPhoto,
} from '../../../data/photos/store';
import { confirm, snackbar } from '../../../ui';

/** Spec 1 §2: the carousel scrolls 86 px per step. */
export const CAROUSEL_STEP_PX = 86;

function useObjectUrl(blob: Blob | null): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => { if (url) URL.revokeObjectURL(url); }, [url]);
  return url;
}

function SendBadge({ send }: { send: PhotoSendState }) {
  const { t } = useTranslation('jobs');
  const palette = send.kind === 'sent' ? 'green' : send.kind === 'failed' || send.kind === 'mismatch' ? 'red' : send.kind === 'sending' ? 'blue' : 'yellow';
  return (
    <Badge size="sm" colorPalette={palette} data-testid="photo-state" data-state={send.kind}>
      {send.kind === 'sending' && <Spinner size="xs" />}
      {t(`Images.State.${send.kind}`)}
    </Badge>
  );
}

function Thumb({ item, label, disabled }: { item: TaskPhoto; label: string; disabled: boolean }) {
  const { t } = useTranslation('jobs');
  const url = useObjectUrl(item.photo.thumb);
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
      <Image src={url} alt={label} w="80px" h="80px" objectFit="cover" borderRadius="md" borderWidth="1px" />
      <SendBadge send={send} />
      {send.kind === 'failed' && (
        <>
          <Text fontSize="xs" color="red.700" data-testid="photo-error">{t(`sync:${serverErrorKey(send)}`)}</Text>
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
}

export interface ImageStripProps {
  target: PhotoTarget;
  /** The strip's heading, e.g. "Bilder av avviket". */
  title: string;
  disabled?: boolean;
  /** Why photos cannot be added yet (e.g. detail photos need a valid serial first). */
  blockedReason?: string | null;
}

export function ImageStrip({ target, title, disabled = false, blockedReason = null }: ImageStripProps) {
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
      {busy > 0 && (
        <HStack gap="2" role="status" data-testid="photo-processing">
          <Spinner size="sm" />
          <Text fontSize="sm">{t('Images.Processing')}</Text>
        </HStack>
      )}
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
