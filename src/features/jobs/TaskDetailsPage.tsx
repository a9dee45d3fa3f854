/**
 * Task details (/job/{jobId}/task/{taskId}): the task's header, status, subscriber and the meter
 * data it holds, read-only; Back follows spec 1 §2; the menu deletes the task (spec 1 §4).
 */
import { useRef, useState } from 'react';
import { Alert, Badge, Box, Button, DataList, Heading, HStack, IconButton, List, Menu, Portal, Stack, Text, createIcon } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Job, Task } from '../../domain/api';
import { formatDateTime } from '../../domain/format';
import { JobStatus } from '../../domain/enums';
import { canActOnJob, checkTaskDelete, isTaskFinished, liveTasks } from '../../domain/jobs/rules';
import { taskBackTarget, type TaskRouteState } from '../../domain/tasks/navigation';
import { fieldRows, type FieldLookups, type FieldRow } from '../../domain/tasks/view';
import { useLookup } from '../../data/sync';
import { enqueue } from '../../data/outbox';
import { useSession, type Session } from '../../data/session';
import { BackIcon, confirm, LoadingState, PageLayout, showWarning, snackbar } from '../../ui';
import { Section } from '../../ui/form';
import { afterReport } from './afterReport';
import { DeviationView } from './components/DeviationView';
import { ImageStrip } from './components/ImageStrip';
import { TaskReportForm } from './components/TaskReportForm';
import { useDeleteJob } from './components/JobActions';
import { OutboxBadge } from './components/OutboxMarker';
import { TaskStatusLabel } from './components/StatusIcon';
import { useJob, useJobTypeLabel, useJobTypes, useKeptJob, useOutboxMarkers } from './hooks';

const MoreIcon = createIcon({
  displayName: 'TaskMoreIcon',
  d: 'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2zm0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2zm0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2z',
});

export function TaskDetailsPage() {
  const { jobId, taskId } = useParams();
  const replica = useJob(jobId);
  // A job the server took away after refusing the plumber's changes: readable until they are discarded.
  const kept = useKeptJob(replica === null ? jobId : undefined);
  const session = useSession();
  // Set when this page deletes the task or job, so the task's absence is not a 404.
  const leaving = useRef(false);

  if (leaving.current || replica === undefined || (replica === null && kept === undefined) || !session) return <LoadingState />;
  const job = replica ?? kept;
  const task = job?.jobTasks.find((t) => t.taskId === taskId && !t.isDeleted);
  if (!job || !task) return <Navigate to="/notfound" replace />;
  return <TaskDetails job={job} task={task} session={session} leaving={leaving} refused={!replica} />;
}

function FieldList({ rows, labelPrefix }: { rows: FieldRow[]; labelPrefix: string }) {
  const { t } = useTranslation('jobs');
  return (
    <DataList.Root orientation="horizontal" gap="2">
      {rows.map(({ key, value }) => (
        <DataList.Item key={key}>
          <DataList.ItemLabel>{t(`${labelPrefix}.${key}`, { defaultValue: key })}</DataList.ItemLabel>
          <DataList.ItemValue>
            {value.kind === 'bool' && (value.value ? t('Yes') : t('No'))}
            {value.kind === 'date' && formatDateTime(value.value)}
            {value.kind === 'text' && value.value}
            {value.kind === 'label' && t(value.value)}
            {value.kind === 'list' && (
              <List.Root ps="4">{value.value.map((v, i) => <List.Item key={i}>{v}</List.Item>)}</List.Root>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/**
 * The job's outbox marker, read here and not by the page: every queued change of the job (a photo,
 * a report) changes it, and read by the page it rendered the whole page again, the open form included.
 */
function JobOutboxBadge({ jobId }: { jobId: string }) {
  return <OutboxBadge marker={useOutboxMarkers([jobId]).get(jobId)} />;
}

interface TaskDetailsProps {
  job: Job;
  task: Task;
  session: Session;
  leaving: { current: boolean };
  /** Shown from a refused change's copy (the server took the job away): read only. */
  refused: boolean;
}

function TaskDetails({ job, task, session, leaving, refused }: TaskDetailsProps) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as TaskRouteState | null;
  const jobTypes = useJobTypes();
  const typeLabel = useJobTypeLabel();
  const deleteJob = useDeleteJob();
  const [view, setView] = useState<'task' | 'deviation'>('task');
  const lookups: FieldLookups = {
    models: useLookup<NonNullable<FieldLookups['models']>[number]>('watermetermodels'),
    placements: useLookup<NonNullable<FieldLookups['placements']>[number]>('watermeterplacements'),
    lengths: useLookup<NonNullable<FieldLookups['lengths']>[number]>('MaxConstructionLength'),
    backflowTypes: useLookup<NonNullable<FieldLookups['backflowTypes']>[number]>('BackflowProtectionTypes'),
  };
  const mayAct = canActOnJob(session, job);
  const jobClosed = job.statusId === JobStatus.Completed || job.statusId === JobStatus.Closed;
  // Spec 1 §4: completed tasks are read-only; spec 1 §6: task forms only for the plumber's own jobs.
  const editable = mayAct && !jobClosed && !isTaskFinished(task) && !refused;

  const typeName = typeLabel(jobTypes.find((jt) => jt.shortName === task.jobType), task.jobType);
  const deleteCheck = checkTaskDelete(job, task);

  const goBack = () => {
    const target = taskBackTarget(job, state);
    if (target.kind === 'path') navigate(target.path, { state: target.state });
    else if (location.key === 'default') navigate(`/job/${job.jobId}`);
    else navigate(-1);
  };

  const deleteTask = async () => {
    if (!canActOnJob(session, job)) {
      snackbar.error(t('NoPlumberAccess'));
      return;
    }
    if (deleteCheck === 'completedTask' || deleteCheck === 'scheduledTask') {
      await showWarning({ message: t('TaskDetails.CannotDeleteTask') });
      return;
    }
    if (deleteCheck === 'deleteJobInstead') {
      await deleteJob(job, () => {
        leaving.current = true;
        navigate('/joblist', { replace: true });
      });
      return;
    }
    const ok = await confirm({ message: t('TaskDetails.DeleteTaskConfirm'), confirmText: t('Yes'), cancelText: t('Cancel') });
    if (!ok) return;
    leaving.current = true;
    navigate(`/job/${job.jobId}`, { replace: true });
    try {
      await enqueue({ type: 'deleteTask', body: { taskId: task.taskId, jobId: job.jobId } });
      snackbar.success(t('TaskDetails.DeleteSuccess'));
    } catch {
      snackbar.error(t('TaskDetails.ErrorDeletingTask'));
    }
  };

  const onReportSent = async () => {
    const shortName = jobTypes.find((jt) => jt.id === job.typeId)?.shortName ?? task.jobType;
    const next = await afterReport(job.jobId, task, {
      email: session.email,
      jobType: shortName,
      askAddTask: () => confirm({ message: t('TaskForm.AddAnotherTaskPrompt'), confirmText: t('Yes'), cancelText: t('No') }),
    });
    leaving.current = next.kind !== 'jobDetails';
    if (next.kind === 'newTask') navigate(`/job/${job.jobId}/task/${next.taskId}`, { replace: true });
    else if (next.kind === 'completed') {
      snackbar.success(t(navigator.onLine ? 'JobManuallyCompleted' : 'JobCompletionQueued'));
      navigate(state?.fromMyPlanningPage ? '/schedule' : '/joblist', { replace: true });
    } else navigate(`/job/${job.jobId}`, { replace: true });
  };

  if (view === 'deviation') {
    return (
      <PageLayout>
        <Text color="fg.muted" fontSize="sm">{t('TaskNumber', { no: task.taskNo })}: {task.title} · {job.subscriberText}</Text>
        <DeviationView job={job} task={task} onBack={() => setView('task')} onSent={() => void onReportSent()} />
      </PageLayout>
    );
  }

  const subscriber = task.subscriberDetails;
  const meterRows = fieldRows(task.newWaterMeterObj, lookups);
  const oldMeterRows = fieldRows(task.dismantleObj, lookups);
  const deviationRows = fieldRows(task.additionalDetailsRequest, lookups);
  // The photos a sent form lists, as pictures (the device's copies), not file names.
  const listsImages = (obj: unknown, key: string) => Array.isArray((obj as Record<string, unknown> | null)?.[key]) && ((obj as Record<string, unknown[]>)[key]).length > 0;
  const photoTarget = (imageType: 'overview' | 'detail' | 'deviation', meterKind: 'new' | 'old' | 'deviation') => ({
    jobId: job.jobId, taskId: task.taskId, matrikkelenhetsId: job.matrikkel.matrikkelenhetId, imageType, meterKind, meterNumber: null,
  });
  const taskCount = liveTasks(job).length;

  return (
    <PageLayout
      top={(
        <Button variant="plain" alignSelf="start" px="0" data-testid="go-back" onClick={goBack}>
          <BackIcon /> {t('GoBack')}
        </Button>
      )}
    >
      <HStack justify="space-between" align="start" gap="3">
        <Stack gap="1">
          <Text color="fg.muted" fontSize="sm">{typeName} · {job.refNr > 0 ? `#${job.refNr}` : t('RefNotAssigned')}</Text>
          <Heading as="h1" size="lg" data-testid="task-title">{t('TaskNumber', { no: task.taskNo })}: {task.title}</Heading>
          <HStack gap="3" wrap="wrap">
            <TaskStatusLabel statusId={task.statusId} />
            {taskCount > 1 && <Badge>{t('TaskCountOfJob', { count: taskCount })}</Badge>}
            <JobOutboxBadge jobId={job.jobId} />
          </HStack>
        </Stack>
        {!refused && <Menu.Root onSelect={(d) => { if (d.value === 'delete') void deleteTask(); }} positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <IconButton aria-label={t('TaskMenu')} variant="ghost" size="sm" data-testid="task-menu"><MoreIcon /></IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.Item value="delete" disabled={deleteCheck === 'jobCompleted'}>{t('DeleteTask')}</Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>}
      </HStack>

      {refused && (
        <Alert.Root status="warning" size="sm" data-testid="task-refused">
          <Alert.Indicator />
          <Alert.Description>{t('RefusedCopy')}</Alert.Description>
        </Alert.Root>
      )}

      {!isTaskFinished(task) && !jobClosed && !editable && !refused && (
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" colorPalette="orange" disabled={!editable} aria-describedby={editable ? undefined : 'task-locked-reason'} onClick={() => setView('deviation')} data-testid="open-deviation">
            {t('NotCarriedOut')}
          </Button>
          {!mayAct && <Text id="task-locked-reason" fontSize="sm" color="fg.muted">{t('TaskForm.OtherPlumbersTask')}</Text>}
        </HStack>
      )}

      <Section title={t('TaskSection')} testId="task-section">
        <DataList.Root orientation="horizontal" gap="2">
          <DataList.Item>
            <DataList.ItemLabel>{t('AssignedTo')}</DataList.ItemLabel>
            <DataList.ItemValue>{task.assigneeName ?? job.assigneeName}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('StartDate')}</DataList.ItemLabel>
            <DataList.ItemValue>{task.startDate ? formatDateTime(task.startDate) : t('NotSet')}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('ScheduledDate')}</DataList.ItemLabel>
            <DataList.ItemValue>{job.scheduledDate ? formatDateTime(job.scheduledDate) : t('NotSet')}</DataList.ItemValue>
          </DataList.Item>
          {task.externalRefText && (
            <DataList.Item>
              <DataList.ItemLabel>{t('ExternalReference')}</DataList.ItemLabel>
              <DataList.ItemValue>{task.externalRefText}</DataList.ItemValue>
            </DataList.Item>
          )}
          {task.description && (
            <DataList.Item>
              <DataList.ItemLabel>{t('Description')}</DataList.ItemLabel>
              <DataList.ItemValue whiteSpace="pre-line">{task.description}</DataList.ItemValue>
            </DataList.Item>
          )}
          {task.notes && (
            <DataList.Item>
              <DataList.ItemLabel>{t('Note')}</DataList.ItemLabel>
              <DataList.ItemValue whiteSpace="pre-line">{task.notes}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      </Section>

      <Section title={t('Subscriber')} testId="task-subscriber">
        <DataList.Root orientation="horizontal" gap="2">
          <DataList.Item>
            <DataList.ItemLabel>{t('Address')}</DataList.ItemLabel>
            <DataList.ItemValue>{subscriber?.addressText || job.subscriberText}</DataList.ItemValue>
          </DataList.Item>
          {subscriber?.buildingId != null && (
            <DataList.Item>
              <DataList.ItemLabel>{t('BuildingId')}</DataList.ItemLabel>
              <DataList.ItemValue>{subscriber.buildingId}</DataList.ItemValue>
            </DataList.Item>
          )}
          {subscriber?.housingUnitId != null && (
            <DataList.Item>
              <DataList.ItemLabel>{t('HousingUnitId')}</DataList.ItemLabel>
              <DataList.ItemValue>{subscriber.housingUnitId}</DataList.ItemValue>
            </DataList.Item>
          )}
          {subscriber?.location && (
            <DataList.Item>
              <DataList.ItemLabel>{t('Coordinates')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {subscriber.location.x}, {subscriber.location.y}{subscriber.location.srs ? ` (EPSG:${subscriber.location.srs})` : ''}
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      </Section>

      {editable && <TaskReportForm job={job} task={task} onNotCarriedOut={() => setView('deviation')} onSent={() => void onReportSent()} />}
      {!editable && meterRows.length > 0 && (
        <Section title={t('NewWaterMeter')} testId="task-new-meter">
          <FieldList rows={meterRows} labelPrefix="MeterField" />
          {listsImages(task.newWaterMeterObj, 'waterMeterImages') && (
            <>
              <ImageStrip disabled title={t('TaskForm.NewMeterOverviewImages')} target={photoTarget('overview', 'new')} />
              <ImageStrip disabled title={t('TaskForm.NewMeterDetailImages')} target={photoTarget('detail', 'new')} />
            </>
          )}
        </Section>
      )}
      {!editable && oldMeterRows.length > 0 && (
        <Section title={t('OldWaterMeter')} testId="task-old-meter">
          <FieldList rows={oldMeterRows} labelPrefix="MeterField" />
          {listsImages(task.dismantleObj, 'waterMeterImages') && <ImageStrip disabled title={t('TaskForm.OldMeterImages')} target={photoTarget('overview', 'old')} />}
        </Section>
      )}
      {!editable && deviationRows.length > 0 && (
        <Section title={t('NotCarriedOut')} testId="task-deviation">
          <FieldList rows={deviationRows} labelPrefix="DeviationField" />
          {listsImages(task.additionalDetailsRequest, 'deviationImages') && <ImageStrip disabled title={t('Images.DeviationImages')} target={photoTarget('deviation', 'deviation')} />}
        </Section>
      )}
      {!editable && meterRows.length + oldMeterRows.length + deviationRows.length === 0 && (
        <Box color="fg.muted" fontSize="sm" data-testid="task-no-meter-data">{t('NoMeterDataYet')}</Box>
      )}
    </PageLayout>
  );
}
