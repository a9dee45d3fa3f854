/**
 * The card's note (spec 2 §2.2 card menu, §4 Notes, §9 'oppdatert' / 'oppdatering mislykkes'): a note
 * may be added except on Confirmed, JobCreated, Cancelled or Rejected cards, and is read-only with Save
 * disabled on JobCreated, JobCreationFailed, Confirmed or Rejected (itemStatus.ts noteAddable,
 * noteReadOnly; the server's rules). Sent with the status the admin saw: a status changed meanwhile is
 * refused (Scheduling.StatusChanged), the week is read again and the card flagged. A typed note not yet
 * saved holds the page: leaving it asks first (useUnsavedChangesGuard).
 */
import { useState } from 'react';
import { Field, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../data/transport';
import { rulesOf } from '../../../domain/scheduling/itemStatus';
import { SCHEDULE_ITEM_NOTE_MAX } from '../../../domain/scheduling/enums';
import type { ScheduleItem } from '../../../domain/schemas/scheduling';
import { snackbar } from '../../../ui';
import { useUnsavedChangesGuard } from '../../../ui/useUnsavedChangesGuard';
import { FormDialog } from '../../../ui/FormDialog';
import { saveItemNote } from '../api/saveItemNote';

export function CardNoteDialog({ item, onClose, onSaved, onStatusChanged }: {
  item: ScheduleItem;
  onClose: () => void;
  /** The week is read again. */
  onSaved: () => void;
  /** The server said the item's status is no longer the one shown. */
  onStatusChanged: (id: number) => void;
}) {
  const { t } = useTranslation('planning');
  const readOnly = rulesOf(item.status).noteReadOnly;
  const [notes, setNotes] = useState(item.notes ?? '');
  const [saving, setSaving] = useState(false);
  const changed = notes !== (item.notes ?? '');
  const tooLong = notes.length > SCHEDULE_ITEM_NOTE_MAX;
  useUnsavedChangesGuard(changed && !readOnly);

  const save = async () => {
    setSaving(true);
    try {
      await saveItemNote({ id: item.id, notes: notes.trim() ? notes : null, status: item.status });
      snackbar.success(t('Calendar.Note.Saved'));
      onSaved();
      onClose();
    } catch (err) {
      const key = err instanceof ApiError ? (err.body as { errorKey?: unknown } | null)?.errorKey : undefined;
      if (key === 'Scheduling.StatusChanged' || key === 'Scheduling.StatusNotAllowed') {
        snackbar.error(t('Calendar.Note.Failed'), t(key));
        onStatusChanged(item.id);
        onSaved();
        onClose();
      } else {
        snackbar.error(t('Calendar.Note.Failed'), t('Calendar.DropFailed'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('Calendar.Note.Title', { address: item.address })} testId="calendar-note-dialog" width="600px"
      // A typed note is not lost by a click beside the dialog.
      closeOnInteractOutside={false}
      onClose={onClose} onSubmit={() => void save()} submitDisabled={readOnly || !changed || tooLong} saving={saving}
    >
      <Field.Root invalid={tooLong} readOnly={readOnly}>
        <Field.Label>{t('Calendar.Note.Label')}</Field.Label>
        <Textarea data-testid="calendar-note-text" rows={6} value={notes} readOnly={readOnly} onChange={(e) => setNotes(e.target.value)} />
        <Field.HelperText data-testid="calendar-note-length">{t('Calendar.Note.Length', { count: notes.length, max: SCHEDULE_ITEM_NOTE_MAX })}</Field.HelperText>
        {tooLong && <Field.ErrorText>{t('Calendar.Note.TooLong', { max: SCHEDULE_ITEM_NOTE_MAX })}</Field.ErrorText>}
      </Field.Root>
      {readOnly && <Text mt="2" color="fg.muted" data-testid="calendar-note-readonly">{t('Calendar.Note.ReadOnly')}</Text>}
    </FormDialog>
  );
}
