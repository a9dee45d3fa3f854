/**
 * The task forms (spec 1 §2 Task details, §3 new and old meter, §5 "Task forms"): by job type the
 * new-meter form (Install), the old-meter form (Dismantle) or both (Replace), with every rule the
 * device can check (the same rules the server applies to a sent report), the spec's confirm dialogs,
 * photos per meter, save draft and send report. State and actions live in useTaskReport; draft and
 * report are outbox commands, so the form works without a connection.
 */
import { Box, Button, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Job, Task } from '../../../domain/api';
import { pageAction } from '../../../ui';
import { NewMeterSection } from './NewMeterSection';
import { OldMeterSection } from './OldMeterSection';
import { useTaskReport } from './useTaskReport';

export interface TaskReportFormProps {
  job: Job;
  task: Task;
  onNotCarriedOut: () => void;
  onSent: () => void;
}

export function TaskReportForm({ job, task, onNotCarriedOut, onSent }: TaskReportFormProps) {
  const { t } = useTranslation('jobs');
  const form = useTaskReport(job, task, onSent);
  const { busy } = form;
  return (
    <Stack gap="5" data-testid="task-report-form">
      {form.needsOld && <OldMeterSection form={form} />}
      {form.needsNew && <NewMeterSection form={form} />}
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" colorPalette="orange" onClick={onNotCarriedOut} data-testid="open-deviation">{t('NotCarriedOut')}</Button>
        <Box flex="1" />
        <Button variant="outline" loading={busy === 'draft'} disabled={busy !== null || !form.changed} onClick={() => void form.submit(true)} data-testid="save-draft">
          {t('TaskForm.SaveDraft')}
        </Button>
        <Button colorPalette="green" {...pageAction} loading={busy === 'send'} disabled={busy !== null} onClick={() => void form.submit(false)} data-testid="send-report">
          {t('TaskForm.Send')}
        </Button>
      </HStack>
    </Stack>
  );
}
