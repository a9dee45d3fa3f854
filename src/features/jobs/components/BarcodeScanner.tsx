/**
 * The barcode reader for serial numbers (spec 1 §2 "A barcode reader with camera choice"), with
 * @ericblade/quagga2, loaded only when the reader opens: the chosen camera at 10 frames a second,
 * decoding only inside a 280×80 box of a 300×400 view; or a still photo of the label. Code 128,
 * Code 39, EAN-13, EAN-8 and Interleaved 2 of 5. The code found goes to the form upper-cased, where
 * it is checked against the meter model like a typed one.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, Field, HStack, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { QuaggaJSConfigObject, QuaggaJSResultObject } from '@ericblade/quagga2';
import { snackbar } from '../../../ui';

/** Spec 1 §2: 10 frames a second, a 280×80 scan box in a 300×400 view. */
export const SCAN_FPS = 10;
export const VIEW = { width: 300, height: 400 };
export const SCAN_BOX = { width: 280, height: 80 };
const READERS = ['code_128_reader', 'code_39_reader', 'ean_reader', 'ean_8_reader', 'i2of5_reader'] as const;

/** The scan box as quagga's decoding area (percent of the view from each side). */
export const SCAN_AREA = {
  top: `${((VIEW.height - SCAN_BOX.height) / 2 / VIEW.height) * 100}%`,
  bottom: `${((VIEW.height - SCAN_BOX.height) / 2 / VIEW.height) * 100}%`,
  left: `${((VIEW.width - SCAN_BOX.width) / 2 / VIEW.width) * 100}%`,
  right: `${((VIEW.width - SCAN_BOX.width) / 2 / VIEW.width) * 100}%`,
};

type Quagga = typeof import('@ericblade/quagga2').default;
const loadQuagga = async (): Promise<Quagga> => (await import('@ericblade/quagga2')).default;

type ScanError = 'CameraAccess' | 'NotIdentified' | 'Failed';

export interface BarcodeScannerProps {
  onCode: (code: string) => void;
  onClose: () => void;
}

function readFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function BarcodeScanner({ onCode, onClose }: BarcodeScannerProps) {
  const { t } = useTranslation('jobs');
  const view = useRef<HTMLDivElement>(null);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [error, setError] = useState<ScanError | null>(null);
  const [live, setLive] = useState(false);
  const done = useRef(false);

  const found = (code: string) => {
    if (done.current) return;
    done.current = true;
    snackbar.success(t('BarcodeReader.Success'));
    onCode(code.trim().toUpperCase());
    onClose();
  };

  // The cameras, once access is granted (labels are empty before).
  useEffect(() => {
    let cancelled = false;
    void loadQuagga().then(async (Q) => {
      try {
        const list = await Q.CameraAccess.enumerateVideoDevices();
        if (!cancelled) setCameras(list);
      } catch {
        if (!cancelled) setError('CameraAccess');
      }
    });
    return () => { cancelled = true; };
  }, []);

  // The live reader on the chosen camera (or the back camera), restarted when the choice changes.
  useEffect(() => {
    let quagga: Quagga | null = null;
    let stopped = false;
    const target = view.current;
    if (!target) return;
    const onDetected = (r: QuaggaJSResultObject) => { if (r.codeResult?.code) found(r.codeResult.code); };
    void loadQuagga().then((Q) => {
      if (stopped) return;
      quagga = Q;
      const config: QuaggaJSConfigObject = {
        inputStream: {
          type: 'LiveStream',
          target,
          constraints: { width: 640, height: 480, ...(deviceId ? { deviceId } : { facingMode: 'environment' }) },
          area: SCAN_AREA,
        },
        frequency: SCAN_FPS,
        locate: false,
        numOfWorkers: 0,
        decoder: { readers: [...READERS] },
      };
      Q.init(config, (err: unknown) => {
        if (stopped) return;
        if (err) {
          const name = (err as { name?: string }).name;
          setError(name === 'NotAllowedError' || name === 'NotFoundError' || name === 'OverconstrainedError' ? 'CameraAccess' : 'Failed');
          return;
        }
        Q.onDetected(onDetected);
        Q.start();
        setLive(true);
      });
    });
    return () => {
      stopped = true;
      if (quagga) {
        quagga.offDetected(onDetected);
        void quagga.stop();
      }
      setLive(false);
    };
    // found is stable enough: it closes the reader on the first code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deviceId]);

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      const Q = await loadQuagga();
      const src = await readFile(file);
      const result = await new Promise<QuaggaJSResultObject | undefined>((resolve) => {
        void Q.decodeSingle({ src, numOfWorkers: 0, locate: true, inputStream: { size: 1280 }, decoder: { readers: [...READERS] } }, resolve);
      });
      if (result?.codeResult?.code) found(result.codeResult.code);
      else setError('NotIdentified');
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
                <Box position="relative" w={`${VIEW.width}px`} h={`${VIEW.height}px`} maxW="100%" mx="auto" bg="black" overflow="hidden" borderRadius="md"
                  css={{ '& video, & canvas': { width: '100%', height: '100%', objectFit: 'cover', position: 'absolute', inset: 0 } }}>
                  <div ref={view} data-testid="barcode-view" style={{ position: 'absolute', inset: 0 }} />
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
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2" wrap="wrap">
                <Button as="label" variant="outline" size="sm" cursor="pointer">
                  {t('BarcodeReader.FromPhoto')}
                  <input type="file" accept="image/*" hidden data-testid="barcode-photo" onChange={(e) => { void fromPhoto(e.target.files?.[0]); e.target.value = ''; }} />
                </Button>
                <Button variant="ghost" size="sm" onClick={onClose}>{t('Cancel')}</Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
