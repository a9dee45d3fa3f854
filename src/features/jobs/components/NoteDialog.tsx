/** The job note (spec 1 §2): modal 600 px wide, 70% when opened from job details; note field 6 rows. */
import { useState } from 'react';
import { Field, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../../domain/api';
import { NOTE_ROWS } from '../../../domain/constants';
import { buildNoteRequest } from '../../../domain/jobForm';
import { enqueue } from '../../../data/outbox';
import { FormDialog, snackbar } from '../../../ui';

export function NoteDialog({ job, fromJobDetails, onClose }: { job: Job; fromJobDetails: boolean; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const [notes, setNotes] = useState(job.notes ?? '');
  const [saving, setSaving] = useState(false);
  const changed = notes !== (job.notes ?? '');

  const save = async () => {
    setSaving(true);
    try {
      await enqueue({ type: 'updateNote', body: buildNoteRequest(job, notes) });
      snackbar.success(t('JobDetails.NoteSaved'));
      onClose();
    } catch {
      snackbar.error(t('JobDetails.NoteSaveFailed'));
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
      submitDisabled={!changed}
      saving={saving}
    >
      <Field.Root>
        <Field.Label>{t('Note')}</Field.Label>
        <Textarea data-testid="note-text" rows={NOTE_ROWS} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field.Root>
    </FormDialog>
  );
}
