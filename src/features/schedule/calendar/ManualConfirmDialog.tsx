/**
 * "Manually agreed" (spec 2 §2.2 card menu, §4 Manual confirmation, §5 contact phone): offered for
 * Notified, NoReply and Unknown cards (itemStatus.ts `confirmable`, the server's rule too). The admin
 * agreed the time with the owner another way: the card becomes Confirmed, with a note if written, and
 * an acknowledgement SMS (the company's confirmation template) goes to the number given, the card's
 * contact by default. A status changed meanwhile is refused (Scheduling.ChangeStatusErrorMsg): the
 * week is read again and the card flagged.
 */
import { useState } from 'react';
import { Checkbox, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../data/transport';
import { SCHEDULE_ITEM_NOTE_MAX } from '../../../domain/scheduling/enums';
import type { Schedule, ScheduleItem } from '../../../domain/schemas/scheduling';
import { isValidContactPhone } from '../../../domain/validation';
import { snackbar } from '../../../ui';
import { FormDialog } from '../../../ui/FormDialog';
import { useUnsavedChangesGuard } from '../../../ui/useUnsavedChangesGuard';
import { confirmManually } from '../api/confirmManually';

export function ManualConfirmDialog({ schedule, item, onClose, onSaved, onStatusChanged }: {
  schedule: Schedule;
  item: ScheduleItem;
  onClose: () => void;
  /** The week is read again; `confirmed` is the card confirmed (null when it was refused). */
  onSaved: (confirmed: number | null) => void;
  onStatusChanged: (id: number) => void;
}) {
  const { t } = useTranslation('planning');
  const contactMobile = typeof item.contactInformation?.mobileNo === 'string' ? item.contactInformation.mobileNo : '';
  const [notes, setNotes] = useState(item.notes ?? '');
  const [send, setSend] = useState(contactMobile !== '');
  const [mobile, setMobile] = useState(contactMobile);
  const [saving, setSaving] = useState(false);
  const badMobile = send && !isValidContactPhone(mobile);
  const tooLong = notes.length > SCHEDULE_ITEM_NOTE_MAX;
  useUnsavedChangesGuard(notes !== (item.notes ?? '') || mobile !== contactMobile);

  const save = async () => {
    setSaving(true);
    try {
      await confirmManually(item.id, {
        UpdatedScheduleItem: { status: 5, notes: notes.trim() ? notes : null },
        assigneeInfo: { assigneeName: schedule.assigneeName, assigneeId: schedule.assigneeId },
        weekNo: schedule.weekNo, year: schedule.year, MobileNumber: send ? mobile : null, sendAcknowledgementMessage: send,
      });
      snackbar.success(t('Calendar.Confirm.Saved', { address: item.address }));
      onSaved(item.id);
      onClose();
    } catch (err) {
      const key = err instanceof ApiError ? (err.body as { errorKey?: unknown } | null)?.errorKey : undefined;
      if (key === 'Scheduling.ChangeStatusErrorMsg' || key === 'Scheduling.StatusNotAllowed') {
        snackbar.error(t('Calendar.Confirm.Failed'), t('Scheduling.ChangeStatusErrorMsg'));
        onStatusChanged(item.id);
        onSaved(null);
        onClose();
      } else snackbar.error(t('Calendar.Confirm.Failed'), t('Contact.PleaseTryAgain'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('Calendar.Confirm.Title', { address: item.address })} testId="calendar-confirm-dialog" width="560px" closeOnInteractOutside={false}
      submitText={t('Calendar.Confirm.Submit')} onClose={onClose} onSubmit={() => void save()} submitDisabled={badMobile || tooLong} saving={saving}
    >
      <Stack gap="4">
        <Text>{t('Calendar.Confirm.Explain')}</Text>
        <Field.Root invalid={tooLong}>
          <Field.Label>{t('Calendar.Note.Label')}</Field.Label>
          <Textarea data-testid="calendar-confirm-notes" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
          {tooLong && <Field.ErrorText>{t('Calendar.Note.TooLong', { max: SCHEDULE_ITEM_NOTE_MAX })}</Field.ErrorText>}
        </Field.Root>
        <Checkbox.Root checked={send} onCheckedChange={(e) => setSend(e.checked === true)} data-testid="calendar-confirm-send">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('Calendar.Confirm.SendAcknowledgement')}</Checkbox.Label>
        </Checkbox.Root>
        {send && (
          <Field.Root required invalid={badMobile && mobile !== ''}>
            <Field.Label>{t('Contact.Mobile')}<Field.RequiredIndicator /></Field.Label>
            <Input type="tel" inputMode="tel" maxLength={30} value={mobile} onChange={(e) => setMobile(e.currentTarget.value)} data-testid="calendar-confirm-mobile" />
            <Field.ErrorText>{t('PlumberUserEditDetails.InvalidPhoneNumberValidation')}</Field.ErrorText>
          </Field.Root>
        )}
      </Stack>
    </FormDialog>
  );
}
