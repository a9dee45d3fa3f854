/**
 * The barcode reader for serial numbers (spec 1 §2 "A barcode reader with camera choice"): the
 * chosen camera at 10 frames a second, decoding the 280×80 scan box's band of a 300×400 view; or a
 * still photo of the label. Code 128, Code 39, EAN-13, EAN-8 and Interleaved 2 of 5, read by ZXing
 * (./barcodeReader.ts; its .wasm comes from our origin, precached, and loads when the reader opens).
 * A live code is taken only when 3 frames in a row read it the same, with its check digit right
 * (src/domain/tasks/barcode.ts). A code that would replace a different serial already in the field is
 * shown first and replaces it only when the plumber says so. "Strekkoden er lest" is said only for
 * a code that fits the meter model; one that does not goes to the field, whose error says why.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, Field, HStack, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { ReadAgreement, SCAN_BOX, SCAN_FPS, SCAN_VIEW } from '../../../domain/tasks/barcode';
import { snackbar } from '../../../ui';
import type { BarcodeDecoder } from './barcodeReader';

/** The decoders and their helpers, with ZXing, load when the reader opens (not with the task form). */
const loadReader = () => import('./barcodeReader');
/** Photos are decoded at most this wide and high: a 12-megapixel picture gains nothing but time. */
const PHOTO_MAX_SIDE = 1600;

type ScanError = 'CameraAccess' | 'NotIdentified' | 'Failed';

export interface BarcodeScannerProps {
  /** The serial in the field now: a different one is replaced only after the plumber confirms. */
  current: string;
  /** Whether a code fits the chosen meter model (only then is the read called a success). */
  fits: (code: string) => boolean;
  onCode: (code: string) => void;
  onClose: () => void;
}

const cameraError = (err: unknown): ScanError => {
  const name = (err as { name?: string }).name;
  return name === 'NotAllowedError' || name === 'NotFoundError' || name === 'OverconstrainedError' ? 'CameraAccess' : 'Failed';
};

export function BarcodeScanner({ current, fits, onCode, onClose }: BarcodeScannerProps) {
  const { t } = useTranslation('jobs');
  const video = useRef<HTMLVideoElement>(null);
  const decoder = useRef<Promise<{ zxing: BarcodeDecoder; reader: Awaited<ReturnType<typeof loadReader>> }> | null>(null);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [error, setError] = useState<ScanError | null>(null);
  const [live, setLive] = useState(false);
  /** A read code waiting for the plumber's answer: it would replace the serial typed in the field. */
  const [pending, setPending] = useState<string | null>(null);

  const loadDecoder = () => (decoder.current ??= loadReader().then(async (reader) => ({ reader, zxing: await reader.loadZxing({ url: wasmUrl }) })));

  const apply = (code: string) => {
    onCode(code);
    if (fits(code)) snackbar.success(t('BarcodeReader.Success'));
    onClose();
  };
  const found = (code: string) => {
    const typed = current.trim();
    if (typed !== '' && typed !== code) setPending(code);
    else apply(code);
  };

  // The live reader on the chosen camera (or the back camera); paused while a read code waits.
  useEffect(() => {
    if (pending !== null) return;
    const target = video.current;
    if (!target) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { width: { ideal: 640 }, height: { ideal: 480 }, ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: 'environment' }) },
        });
      } catch (err) {
        if (!stopped) setError(cameraError(err));
        return;
      }
      if (stopped) { stream.getTracks().forEach((track) => track.stop()); return; }
      // The cameras' names are there once access is granted.
      void navigator.mediaDevices.enumerateDevices().then((all) => { if (!stopped) setCameras(all.filter((d) => d.kind === 'videoinput')); });
      let loaded: Awaited<ReturnType<typeof loadDecoder>>;
      try {
        target.srcObject = stream;
        await target.play();
        loaded = await loadDecoder();
      } catch (err) {
        if (!stopped) setError(cameraError(err));
        return;
      }
      if (stopped) return;
      setLive(true);
      const canvas = document.createElement('canvas');
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      const { zxing, reader } = loaded;
      const agreement = new ReadAgreement();
      const tick = async () => {
        if (stopped) return;
        const started = performance.now();
        if (target.videoWidth > 0) {
          const band = reader.scanBand(target.videoWidth, target.videoHeight);
          canvas.width = band.width;
          canvas.height = band.height;
          ctx.drawImage(target, band.x, band.y, band.width, band.height, 0, 0, band.width, band.height);
          const read = await reader.readFrame(zxing, ctx.getImageData(0, 0, band.width, band.height));
          const code = read ? agreement.add(read) : null;
          if (stopped) return;
          if (code) { found(code); return; }
        }
        timer = setTimeout(() => void tick(), Math.max(0, 1000 / SCAN_FPS - (performance.now() - started)));
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      setLive(false);
    };
    // found reads the props of this render; the loop restarts only for a camera or a decision.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deviceId, pending]);

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      const [{ zxing, reader }, bitmap] = await Promise.all([loadDecoder(), createImageBitmap(file)]);
      const f = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * f);
      canvas.height = Math.round(bitmap.height * f);
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      bitmap.close();
      const code = await reader.readPhoto(zxing, ctx.getImageData(0, 0, canvas.width, canvas.height));
      if (code) { setError(null); found(code); } else setError('NotIdentified');
    } catch {
      setError('Failed');
    }
  };

  return (
    <Dialog.Root open onOpenChange={(e) => { if (!e.open) onClose(); }} size="sm" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="barcode-scanner">
            <Dialog.Header><Dialog.Title>{t('BarcodeReader.Title')}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              {pending !== null ? (
                <Stack gap="3" data-testid="barcode-confirm">
                  <Text>{t('BarcodeReader.ReadCode')}</Text>
                  <Text fontFamily="mono" fontSize="xl" fontWeight="bold" data-testid="barcode-read-code">{pending}</Text>
                  <Text>{t('BarcodeReader.ReplaceQuestion', { current: current.trim() })}</Text>
                </Stack>
              ) : (
                <Stack gap="3">
                  {cameras.length > 1 && (
                    <Field.Root>
                      <Field.Label>{t('BarcodeReader.Camera')}</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field data-testid="barcode-camera" value={deviceId ?? ''} onChange={(e) => setDeviceId(e.target.value || null)}>
                          <option value="">{t('BarcodeReader.BackCamera')}</option>
                          {cameras.map((c, i) => <option key={c.deviceId} value={c.deviceId}>{c.label || t('BarcodeReader.CameraNo', { no: i + 1 })}</option>)}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  )}
                  <Box position="relative" w={`${SCAN_VIEW.width}px`} h={`${SCAN_VIEW.height}px`} maxW="100%" mx="auto" bg="black" overflow="hidden" borderRadius="md">
                    <video ref={video} muted playsInline data-testid="barcode-view"
                      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />
                    <Box position="absolute" top="50%" left="50%" transform="translate(-50%, -50%)" w={`${SCAN_BOX.width}px`} h={`${SCAN_BOX.height}px`}
                      borderWidth="2px" borderColor="green.400" borderRadius="sm" pointerEvents="none" data-testid="barcode-box" />
                  </Box>
                  {/* With the camera refused or failed, the error below says it; "starting" would not be true. */}
                  {!error && <Text fontSize="sm" color="fg.muted" role="status">{live ? t('BarcodeReader.Aim') : t('BarcodeReader.Starting')}</Text>}
                  {error && (
                    <Alert.Root status="error" size="sm" data-testid="barcode-error">
                      <Alert.Indicator />
                      <Alert.Description>{t(`BarcodeReader.${error}`)}</Alert.Description>
                    </Alert.Root>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {pending !== null ? (
                <HStack gap="2" wrap="wrap">
                  <Button variant="outline" size="sm" onClick={onClose} data-testid="barcode-keep">{t('BarcodeReader.Keep', { current: current.trim() })}</Button>
                  <Button size="sm" onClick={() => apply(pending)} data-testid="barcode-replace">{t('BarcodeReader.Replace')}</Button>
                </HStack>
              ) : (
                <HStack gap="2" wrap="wrap">
                  <Button as="label" variant="outline" size="sm" cursor="pointer">
                    {t('BarcodeReader.FromPhoto')}
                    <input type="file" accept="image/*" hidden data-testid="barcode-photo" onChange={(e) => { void fromPhoto(e.target.files?.[0]); e.target.value = ''; }} />
                  </Button>
                  <Button variant="ghost" size="sm" onClick={onClose}>{t('Cancel')}</Button>
                </HStack>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
