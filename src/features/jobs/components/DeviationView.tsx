/**
 * The "not carried out" view of a task (spec 1 §2 Task details; §4 Draft and report; §5 "Deviation
 * send needs at least one cause, and images if any chosen cause has type deviation"). The plumber
 * picks the causes (deviations and obstacles), writes a note, and saves a draft or sends the report;
 * both go through the outbox, so they work without a connection and reach the server once.
 */
import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Field, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Job, Task } from '../../../domain/api';
import { COMMENT_ROWS, NOTE_MAX_LENGTH } from '../../../domain/constants';
import { deviationDetails, initialDeviationValues, type DeviationCause, type DeviationFormValues } from '../../../domain/tasks/form';
import { chosenCauses, deviationProblem } from '../../../domain/tasks/reportRules';
import { useLookup } from '../../../data/sync';
import { useListedPhotos } from '../../../data/photos/store';
import { ImageStrip } from './ImageStrip';
import { CommandRejected, enqueue } from '../../../data/outbox';
import { BackIcon, pageAction, snackbar } from '../../../ui';
import { useUnsavedChangesGuard } from '../../../ui/useUnsavedChangesGuard';
import { CauseGroups } from '../../../ui/CauseGroups';

const NO_CAUSES: DeviationCause[] = [];

export interface DeviationViewProps {
  job: Job;
  task: Task;
  /** Back to the task's own form ("go back to task"). */
  onBack: () => void;
  /** After a report was queued: the page decides where to go (spec 1 §4 "After sending a report"). */
  onSent: () => void;
}

export function DeviationView({ job, task, onBack, onSent }: DeviationViewProps) {
  const { t } = useTranslation('jobs');
  const causes = useLookup<DeviationCause>('Deviation') ?? NO_CAUSES;
  const [start, setStart] = useState(() => initialDeviationValues(task.additionalDetailsRequest));
  const [values, setValues] = useState<DeviationFormValues>(start);
  const [busy, setBusy] = useState<'draft' | 'send' | null>(null);
  const changed = values.note !== start.note || values.causeIds.join() !== start.causeIds.join();
  const guard = useUnsavedChangesGuard(changed);
  const { listed: deviationImages } = useListedPhotos(
    task.taskId, (task.additionalDetailsRequest as { deviationImages?: unknown } | null)?.deviationImages, 'deviation', 'deviation',
  );
  const problem = deviationProblem(chosenCauses(values, causes), deviationImages.length);
  const tooLong = values.note.length > NOTE_MAX_LENGTH;

  const toggle = useCallback((id: number, on: boolean) =>
    setValues((v) => ({ ...v, causeIds: on ? [...v.causeIds, id].sort((a, b) => a - b) : v.causeIds.filter((x) => x !== id) })), []);
  const target = useMemo(() => ({
    jobId: job.jobId, taskId: task.taskId, matrikkelenhetsId: job.matrikkel.matrikkelenhetId,
    imageType: 'deviation' as const, meterKind: 'deviation' as const, meterNumber: null,
  }), [job.jobId, task.taskId, job.matrikkel.matrikkelenhetId]);

  const submit = async (draft: boolean) => {
    setBusy(draft ? 'draft' : 'send');
    try {
      const body = {
        taskId: task.taskId,
        jobId: job.jobId,
        isDraft: draft,
        jobTasks: [{
          taskId: task.taskId,
          additionalDetailsRequest: deviationDetails(values, causes, deviationImages),
        }],
      };
      await enqueue({ type: draft ? 'saveTaskDraft' : 'sendTaskReport', body });
      guard.allowNavigation();
      if (draft) {
        // Spec 1 §4: saving a draft clears the changed flag.
        setStart(values);
        snackbar.success(t('TaskForm.DraftSavedSuccessfully'));
      } else {
        // Offline the report waits on the device: say so, not that it was sent.
        snackbar.success(t(navigator.onLine ? 'TaskForm.ReportSentSuccessfully' : 'TaskForm.ReportQueued'));
        onSent();
      }
    } catch (err) {
      snackbar.error(t(draft ? 'TaskForm.DraftSavingFailed' : 'TaskForm.ReportSentFailed'), err instanceof CommandRejected ? t('TaskForm.CheckTheForm') : undefined);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="4" data-testid="deviation-view">
      <Button variant="plain" alignSelf="start" px="0" onClick={onBack} data-testid="back-to-task">
        <BackIcon /> {t('TaskForm.GoBackToTask')}
      </Button>
      <Heading as="h2" size="md">{t('NotCarriedOut')}</Heading>
      {causes.length === 0 && <Text color="fg.muted">{t('TaskForm.NoCausesLoaded')}</Text>}
      <CauseGroups
        causes={causes} chosen={values.causeIds} onToggle={toggle}
        deviationsLegend={t('TaskForm.Deviations')} obstaclesLegend={t('TaskForm.Obstacles')}
      />
      <Field.Root invalid={tooLong}>
        <Field.Label>{t('DeviationField.note')}</Field.Label>
        <Textarea
          rows={COMMENT_ROWS}
          value={values.note}
          onChange={(e) => setValues((v) => ({ ...v, note: e.target.value }))}
          data-testid="deviation-note"
        />
        {tooLong
          ? <Field.ErrorText>{t('NoteTooLong', { max: NOTE_MAX_LENGTH })}</Field.ErrorText>
          : <Field.HelperText>{t('NoteLength', { count: values.note.length, max: NOTE_MAX_LENGTH })}</Field.HelperText>}
      </Field.Root>
      <ImageStrip title={t('Images.DeviationImages')} target={target} />
      {problem && (
        <Alert.Root status={problem === 'ImagesRequired' ? 'warning' : 'info'} size="sm" data-testid="deviation-problem">
          <Alert.Indicator />
          <Alert.Description id="deviation-problem">{t(`TaskForm.${problem}`)}</Alert.Description>
        </Alert.Root>
      )}
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" loading={busy === 'draft'} disabled={busy !== null || tooLong || !changed} onClick={() => void submit(true)} data-testid="save-draft">
          {t('TaskForm.SaveDraft')}
        </Button>
        <Button
          colorPalette="green"
          {...pageAction}
          loading={busy === 'send'}
          disabled={busy !== null || tooLong || problem !== null}
          aria-describedby={problem ? 'deviation-problem' : undefined}
          onClick={() => void submit(false)}
          data-testid="send-report"
        >
          {t('TaskForm.Send')}
        </Button>
      </HStack>
    </Stack>
  );
}
