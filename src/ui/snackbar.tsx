/** The snackbar: bottom left, four severities (spec 1 §9). Call snackbar.* from anywhere. */
import { Toast, Toaster, createToaster, Portal, Stack } from '@chakra-ui/react';
import {
  resolveSnackbarDuration, SNACKBAR_PLACEMENT, STANDARD_SNACKBAR_MS, type SnackbarOptions, type SnackbarSeverity,
} from './snackbarCore';

export type { SnackbarOptions, SnackbarSeverity } from './snackbarCore';

const toaster = createToaster({ placement: SNACKBAR_PLACEMENT, pauseOnPageIdle: true, max: 4 });

export function showSnackbar(options: SnackbarOptions): void {
  // The toaster renders with flushSync; deferring lets callers raise a snackbar from an effect or
  // while React is rendering without tripping React's "flushSync inside a lifecycle" error.
  queueMicrotask(() => {
    toaster.create({
      type: options.severity,
      title: options.title,
      description: options.message,
      duration: resolveSnackbarDuration(options.duration),
      closable: true,
    });
  });
}

function standard(severity: SnackbarSeverity) {
  return (title: string, message?: string) => showSnackbar({ severity, title, message, duration: STANDARD_SNACKBAR_MS });
}

export const snackbar = {
  success: standard('success'),
  warning: standard('warning'),
  error: standard('error'),
  info: standard('info'),
};

export function SnackbarHost() {
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="snackbar" data-severity={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
