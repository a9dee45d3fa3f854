/** The job note (spec 1 §2): modal 600 px wide, 70% when opened from job details; note field 6 rows. */
import { useState } from 'react';
import { Field, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../../domain/api';
import { NOTE_MAX_LENGTH, NOTE_ROWS } from '../../../domain/constants';
import { buildNoteRequest } from '../../../domain/jobs/form';
import { CommandRejected, enqueue } from '../../../data/outbox';
import { snackbar } from '../../../ui';
import { FormDialog } from '../../../ui/FormDialog';

export function NoteDialog({ job, fromJobDetails, onClose }: { job: Job; fromJobDetails: boolean; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const [notes, setNotes] = useState(job.notes ?? '');
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState(false);
  const changed = notes !== (job.notes ?? '');
  // The server's limit, told while typing; the queue checks the whole command against its schema too.
  const tooLong = notes.length > NOTE_MAX_LENGTH;

  const save = async () => {
    setSaving(true);
    try {
      await enqueue({ type: 'updateNote', body: buildNoteRequest(job, notes) });
      snackbar.success(t('JobDetails.NoteSaved'));
      onClose();
    } catch (err) {
      if (err instanceof CommandRejected) setRefused(true);
      else snackbar.error(t('JobDetails.NoteSaveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('JobNote')}
      testId="note-dialog"
      width={fromJobDetails ? '70%' : '600px'}
      onClose={onClose}
      onSubmit={() => void save()}
      submitDisabled={!changed || tooLong}
      saving={saving}
    >
      <Field.Root invalid={tooLong || refused}>
        <Field.Label>{t('Note')}</Field.Label>
        <Textarea data-testid="note-text" rows={NOTE_ROWS} value={notes} onChange={(e) => { setNotes(e.target.value); setRefused(false); }} />
        <Field.HelperText data-testid="note-length">{t('NoteLength', { count: notes.length, max: NOTE_MAX_LENGTH })}</Field.HelperText>
        {(tooLong || refused) && (
          <Field.ErrorText data-testid="note-error">{tooLong ? t('NoteTooLong', { max: NOTE_MAX_LENGTH }) : t('NoteRefused')}</Field.ErrorText>
        )}
      </Field.Root>
    </FormDialog>
  );
}
