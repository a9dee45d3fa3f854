/**
 * Job details (spec 1 §2 "Job details"): header with type and status, address with the map
 * button, contact with 'see more', tasks grouped by type, the note, the reference number, manual
 * completion, and the job menu. Also shown right after creating a job
 * (/job/details/{newJobId}/mainPage/{origin}/type/NewJob).
 */
import { useRef, useState } from 'react';
import { Badge, Box, Button, Card, createIcon, DataList, Heading, HStack, IconButton, Separator, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Job } from '../../domain/api';
import { formatDateTime } from '../../domain/format';
import { buildCompleteJobRequest } from '../../domain/jobs/form';
import { groupTasksByType } from '../../domain/jobs/list';
import { canActOnJob, canSubmitJob } from '../../domain/jobs/rules';
import { formatMatrikkelNummer } from '../../domain/geo/matrikkel';
import { JobStatus, JobTypeShortName } from '../../domain/enums';
import { newId } from '../../data/ids';
import { enqueue } from '../../data/outbox';
import { useSession, type Session } from '../../data/session';
import { BackIcon, confirm, LoadingState, PageLayout, snackbar, pageAction } from '../../ui';
import { EditIcon } from '../../ui/screenIcons';
import { JobActionsMenu } from './components/JobActions';
import { NoteDialog } from './components/NoteDialog';
import { OutboxBadge, OutboxFailures } from './components/OutboxMarker';
import { JobStatusLabel, TaskStatusLabel } from './components/StatusIcon';
import { useJob, useJobStatusColors, useJobTypeLabel, useJobTypes, useOutboxMarkers } from './hooks';

const MapIcon = createIcon({
  displayName: 'MapIcon',
  d: 'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7zm0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5z',
});

export function JobDetailsPage() {
  const params = useParams();
  const jobId = params.id ?? params.newJobId;
  const job = useJob(jobId);
  const session = useSession();
  // Set when this page itself removes the job (delete, hand-over), so its absence is not a 404.
  const leaving = useRef(false);

  if (leaving.current) return <LoadingState />;
  if (job === undefined || !session) return <LoadingState />;
  if (job === null) return <Navigate to="/notfound" replace />;
  return <JobDetails job={job} session={session} leaving={leaving} />;
}

function JobDetails({ job, session, leaving }: { job: Job; session: Session; leaving: { current: boolean } }) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const location = useLocation();
  const { origin } = useParams();
  const jobTypes = useJobTypes();
  const typeLabel = useJobTypeLabel();
  const statusColors = useJobStatusColors();
  const marker = useOutboxMarkers([job.jobId]).get(job.jobId);
  const [noteOpen, setNoteOpen] = useState(false);
  const [showContact, setShowContact] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const jobType = jobTypes.find((jt) => jt.id === job.typeId);
  const typeName = (shortName: string) => typeLabel(jobTypes.find((jt) => jt.shortName === shortName), shortName);
  const backPath = origin === 'planning' ? '/schedule/plan' : '/joblist';
  const goBack = () => {
    // After creating, or opened directly: the list (or planning). Otherwise wherever the user came from.
    if (origin || location.key === 'default') navigate(backPath);
    else navigate(-1);
  };
  const gone = () => {
    leaving.current = true;
    navigate(backPath, { replace: true });
  };

  const jobFinished = job.statusId === JobStatus.Completed || job.statusId === JobStatus.Closed;
  // Spec 1 §6: an admin, or the job's own plumber, adds a task (of the job's type) to the job.
  const addTask = async () => {
    if (!mayAct) {
      snackbar.error(t('NoPlumberAccess'));
      return;
    }
    const ok = await confirm({ message: t('AddTaskConfirm'), confirmText: t('Yes'), cancelText: t('Cancel') });
    if (!ok) return;
    const taskId = newId();
    try {
      await enqueue({ type: 'addTask', body: { jobId: job.jobId, taskId } });
      navigate(`/job/${job.jobId}/task/${taskId}`, { state: { fromJobDetailsPage: true } });
    } catch {
      snackbar.error(t('SomethingWentWrong'), t('PleaseTryAgain'));
    }
  };

  const submitJob = async () => {
    const ok = await confirm({ message: t('SubmitJobConfirm'), confirmText: t('Yes'), cancelText: t('Cancel') });
    if (!ok) return;
    setSubmitting(true);
    try {
      const shortName = jobType?.shortName ?? JobTypeShortName[job.typeId] ?? '';
      await enqueue({ type: 'completeJob', body: buildCompleteJobRequest(job, shortName, session.email, new Date()) });
      // Offline the completion waits on the device: say so, not that it was submitted.
      snackbar.success(t(navigator.onLine ? 'JobManuallyCompleted' : 'JobCompletionQueued'));
    } catch {
      snackbar.error(t('JobManuallyCompleteFailed'));
      navigate(backPath);
    } finally {
      setSubmitting(false);
    }
  };

  const contact = job.contactInfo?.contactPerson ?? null;
  const contactMobile = contact?.mobileNo || job.contactInfo?.mobileNo || null;
  const mayAct = canActOnJob(session, job);

  return (
    <PageLayout
      top={(
        <Button variant="plain" alignSelf="start" px="0" data-testid="go-back" onClick={goBack}>
          <BackIcon /> {t('GoBack')}
        </Button>
      )}
    >
      <HStack justify="space-between" align="start" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="lg" data-testid="job-details-type">{typeLabel(jobType, job.title)}</Heading>
          <HStack gap="3" wrap="wrap">
            <JobStatusLabel statusId={job.statusId} flagged={job.autoCreated} color={statusColors.get(job.statusId)} />
            <OutboxBadge marker={marker} />
          </HStack>
        </Stack>
        <HStack gap="2">
          <Button variant="outline" size="sm" data-testid="open-note" onClick={() => setNoteOpen(true)}>{t('JobNote')}</Button>
          <Button
            variant="outline"
            size="sm"
            data-testid="edit-job"
            onClick={() => {
              if (!mayAct) snackbar.error(t('NoPlumberAccess'));
              else navigate(`/job/edit/${job.jobId}`, { state: { fromJobDetails: true } });
            }}
          >
            <EditIcon /> {t('EditJob')}
          </Button>
          <JobActionsMenu job={job} fromJobDetails onGone={gone} />
        </HStack>
      </HStack>

      <OutboxFailures marker={marker} />

      <Card.Root size="sm">
        <Card.Body>
          <DataList.Root orientation="horizontal" gap="3">
            <DataList.Item>
              <DataList.ItemLabel>{t('Address')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <HStack gap="2">
                  <Text data-testid="job-details-address">{job.subscriberText}</Text>
                  <IconButton
                    aria-label={t('ShowOnMap')}
                    size="xs"
                    variant="outline"
                    data-testid="open-map"
                    onClick={() => navigate(`/job/details/${job.jobId}/location`)}
                  >
                    <MapIcon />
                  </IconButton>
                </HStack>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('PropertyNumber')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatMatrikkelNummer(job.matrikkel.matrikkelNummer)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('Contact')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {contact || contactMobile ? (
                  <Stack gap="1" data-testid="job-contact">
                    <HStack gap="2">
                      <Text>{contact?.name || contactMobile}</Text>
                      <Button size="xs" variant="plain" colorPalette="blue" px="0" onClick={() => setShowContact((v) => !v)}>
                        {showContact ? t('SeeLess') : t('SeeMore')}
                      </Button>
                    </HStack>
                    {showContact && (
                      <Stack gap="0" fontSize="sm" data-testid="job-contact-more">
                        {contactMobile && <Text>{t('Mobile')}: {contactMobile}</Text>}
                        {contact?.organizationNo && <Text>{t('OrganizationNumber')}: {contact.organizationNo}</Text>}
                      </Stack>
                    )}
                  </Stack>
                ) : (
                  <Text color="fg.muted">{t('NoContactInfo')}</Text>
                )}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('ReferenceNumber')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="job-details-ref">{job.refNr > 0 ? job.refNr : t('RefNotAssigned')}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('AssignedTo')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="job-details-assignee">{job.assigneeName}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('ScheduledDate')}</DataList.ItemLabel>
              <DataList.ItemValue>{job.scheduledDate ? formatDateTime(job.scheduledDate) : t('NotSet')}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('DueDate')}</DataList.ItemLabel>
              <DataList.ItemValue>{job.dueDate ? formatDateTime(job.dueDate) : t('NotSet')}</DataList.ItemValue>
            </DataList.Item>
            {job.notes && (
              <DataList.Item>
                <DataList.ItemLabel>{t('Note')}</DataList.ItemLabel>
                <DataList.ItemValue whiteSpace="pre-line" data-testid="job-details-note">{job.notes}</DataList.ItemValue>
              </DataList.Item>
            )}
          </DataList.Root>
        </Card.Body>
      </Card.Root>

      <Stack gap="4" data-testid="job-tasks">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md">{t('Tasks')}</Heading>
          {!jobFinished && (
            <Button variant="outline" size="sm" data-testid="add-task" onClick={() => void addTask()}>{t('AddTask')}</Button>
          )}
        </HStack>
        {groupTasksByType(job).map((group) => (
          <Stack key={group.jobType} gap="2">
            <HStack gap="2">
              <Text fontWeight="semibold">{typeName(group.jobType)}</Text>
              <Badge>{group.tasks.length}</Badge>
            </HStack>
            {group.tasks.map((task) => (
              <Card.Root
                key={task.taskId}
                size="sm"
                cursor="pointer"
                role="link"
                tabIndex={0}
                data-testid="task-row"
                _hover={{ borderColor: 'blue.emphasized' }}
                onClick={() => navigate(`/job/${job.jobId}/task/${task.taskId}`, { state: { fromJobDetailsPage: true } })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') navigate(`/job/${job.jobId}/task/${task.taskId}`, { state: { fromJobDetailsPage: true } });
                }}
              >
                <Card.Body>
                  <HStack justify="space-between" wrap="wrap">
                    <Text>{t('TaskNumber', { no: task.taskNo })}: {task.title}</Text>
                    <TaskStatusLabel statusId={task.statusId} />
                  </HStack>
                  {task.subscriberDetails?.addressText && (
                    <Text fontSize="sm" color="fg.muted">{task.subscriberDetails.addressText}</Text>
                  )}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        ))}
      </Stack>

      {canSubmitJob(session, job) && (
        <>
          <Separator />
          <Box>
            <Button colorPalette="green" data-testid="submit-job" {...pageAction} loading={submitting} disabled={submitting} onClick={() => void submitJob()}>
              {t('Submit')}
            </Button>
          </Box>
        </>
      )}

      {noteOpen && <NoteDialog job={job} fromJobDetails onClose={() => setNoteOpen(false)} />}
    </PageLayout>
  );
}
