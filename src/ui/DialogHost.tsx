/** Renders the shared dialog at the head of the queue (see dialogStore). Mounted once by the app. */
import { useSyncExternalStore } from 'react';
import { Button, CloseButton, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { closeDialog, currentDialog, subscribeDialogs, type DialogKind, type DialogRequest } from './dialogStore';
import { CheckIcon, InfoIcon } from './icons';

const PALETTE: Record<DialogKind, string> = {
  error: 'red',
  success: 'green',
  confirm: 'blue',
  warning: 'orange',
  custom: 'blue',
};

const TITLE_KEY: Record<DialogKind, string> = {
  error: 'DialogErrorTitle',
  success: 'DialogSuccessTitle',
  confirm: 'DialogConfirmTitle',
  warning: 'DialogWarningTitle',
  custom: 'DialogConfirmTitle',
};

function hasCancel(dialog: DialogRequest): boolean {
  if (dialog.kind === 'confirm') return true;
  return (dialog.kind === 'warning' || dialog.kind === 'custom') && dialog.cancelText !== undefined;
}

export function DialogHost() {
  const { t } = useTranslation();
  const dialog = useSyncExternalStore(subscribeDialogs, currentDialog, currentDialog);
  if (!dialog) return null;

  const close = (result: boolean) => closeDialog(dialog.id, result);
  const palette = PALETTE[dialog.kind];
  const isQuestion = dialog.kind === 'confirm' || dialog.kind === 'warning';
  const confirmText = dialog.confirmText ?? (dialog.kind === 'confirm' ? t('Yes') : t('Ok'));
  const content = typeof dialog.content === 'function' ? dialog.content(close) : dialog.content;

  return (
    <Dialog.Root
      key={dialog.id}
      open
      role={isQuestion ? 'alertdialog' : 'dialog'}
      placement="center"
      onOpenChange={(e) => { if (!e.open) close(false); }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`dialog-${dialog.kind}`}>
            <Dialog.Header>
              <HStack gap="2" color={`${palette}.fg`}>
                {dialog.kind === 'success' ? <CheckIcon /> : <InfoIcon />}
                <Dialog.Title>{dialog.title ?? t(TITLE_KEY[dialog.kind])}</Dialog.Title>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              {dialog.message && <Text whiteSpace="pre-line">{dialog.message}</Text>}
              {content}
            </Dialog.Body>
            <Dialog.Footer>
              {hasCancel(dialog) && (
                <Button variant="outline" onClick={() => close(false)}>{dialog.cancelText ?? t('Cancel')}</Button>
              )}
              <Button colorPalette={palette} onClick={() => close(true)}>{confirmText}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('Close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
