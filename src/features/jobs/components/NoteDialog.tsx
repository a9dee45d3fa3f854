/** The job note (spec 1 §2): modal 600 px wide, 70% when opened from job details; note field 6 rows. */
import { useState } from 'react';
import { Button, CloseButton, Dialog, Field, Portal, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../../domain/api';
import { NOTE_ROWS } from '../../../domain/constants';
import { buildNoteRequest } from '../../../domain/jobForm';
import { enqueue } from '../../../data/outbox';
import { snackbar } from '../../../ui';

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
    <Dialog.Root open placement="center" onOpenChange={(e) => { if (!e.open) onClose(); }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            data-testid="note-dialog"
            width={fromJobDetails ? '70%' : '600px'}
            maxW={fromJobDetails ? '70%' : '600px'}
          >
            <Dialog.Header><Dialog.Title>{t('JobNote')}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Field.Root>
                <Field.Label>{t('Note')}</Field.Label>
                <Textarea data-testid="note-text" rows={NOTE_ROWS} value={notes} onChange={(e) => setNotes(e.target.value)} />
              </Field.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>{t('Cancel')}</Button>
              <Button colorPalette="blue" disabled={!changed || saving} loading={saving} onClick={() => void save()}>{t('Save')}</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild><CloseButton size="sm" aria-label={t('Close')} /></Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
