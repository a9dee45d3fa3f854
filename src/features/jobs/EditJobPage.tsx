/**
 * Edit job (spec 1 §2 "Edit job page", §5, §6). Save is enabled only when something changed; the
 * update goes through the outbox, so editing works offline.
 */
import { useMemo, useState } from 'react';
import { Button, DataList, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Job } from '../../domain/api';
import { formatDateTime } from '../../domain/format';
import {
  assigneeOptions, buildUpdateJobRequest, dueDateErrorKey, editHasChanges, initialEditValues, jobDateErrorKey, sameInstant,
  type DateErrorKey, type EditJobValues,
} from '../../domain/jobs/form';
import { canActOnJob } from '../../domain/jobs/rules';
import { JobTypeShortName } from '../../domain/enums';
import { enqueue } from '../../data/outbox';
import { useSession, type Session } from '../../data/session';
import { BackIcon, confirm, EmptyView, LoadingState, PageLayout, showError, snackbar, pageAction } from '../../ui';
import { useUnsavedChangesGuard } from '../../ui/useUnsavedChangesGuard';
import { DateTimeField } from './components/DateTimeField';
import { JobStatusLabel } from './components/StatusIcon';
import { useJob, useJobStatusColors, useJobTypeLabel, useJobTypes, usePlumbers } from './hooks';

export function EditJobPage() {
  const { t } = useTranslation('jobs');
  const { id } = useParams();
  const job = useJob(id);
  const session = useSession();

  if (job === undefined || !session) return <LoadingState />;
  if (job === null) return <Navigate to="/notfound" replace />;
  if (!canActOnJob(session, job)) {
    return (
      <PageLayout heading={t('EditJob')}>
        <EmptyView title={t('NoPlumberAccess')} />
      </PageLayout>
    );
  }
  // Keyed by job: the form starts from the job as it was when opened.
  return <EditJobForm key={job.jobId} job={job} session={session} />;
}

function EditJobForm({ job, session }: { job: Job; session: Session }) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const fromJobDetails = !!(useLocation().state as { fromJobDetails?: boolean } | null)?.fromJobDetails;
  const backPath = fromJobDetails ? `/job/${job.jobId}` : '/joblist';
  const jobTypes = useJobTypes();
  const typeLabel = useJobTypeLabel();
  const plumbers = usePlumbers();
  const statusColors = useJobStatusColors();
  const [values, setValues] = useState<EditJobValues>(() => initialEditValues(job));
  const [scheduledError, setScheduledError] = useState<DateErrorKey | null>(null);
  const [dueError, setDueError] = useState<DateErrorKey | null>(null);
  const [saving, setSaving] = useState(false);

  const jobType = jobTypes.find((jt) => jt.id === job.typeId);
  const shortName = jobType?.shortName ?? JobTypeShortName[job.typeId] ?? '';
  const changed = editHasChanges(job, values, session.isAdmin);
  const { allowNavigation } = useUnsavedChangesGuard(changed && !saving);

  const options = useMemo(() => {
    const list = assigneeOptions(plumbers, { registrationId: session.registrationId, name: session.name });
    // The current assignee stays selectable even when no longer an active plumber.
    return list.some((o) => o.id === job.assignedToId)
      ? list
      : [...list, { id: job.assignedToId, name: job.assigneeName, isMe: false }];
  }, [plumbers, session, job.assignedToId, job.assigneeName]);

  const leave = () => {
    allowNavigation();
    navigate(backPath);
  };

  const goBack = async () => {
    if (changed) {
      const discard = await confirm({
        message: fromJobDetails ? t('DiscardChangesJobDetails') : t('DiscardChangesJobList'),
        confirmText: t('Yes'),
        cancelText: t('Cancel'),
      });
      if (!discard) return;
    }
    leave();
  };

  const onScheduled = (value: Date | null) => {
    // Only a new date must lie ahead; an unchanged past date does not block other edits.
    const error = sameInstant(value, job.scheduledDate) ? null : jobDateErrorKey(value, values.dueDate, new Date());
    setScheduledError(error);
    if (!error) setValues((v) => ({ ...v, scheduledDate: value }));
  };

  const onDue = (value: Date | null) => {
    const error = dueDateErrorKey(values.scheduledDate, value, new Date());
    setDueError(error);
    if (!error) setValues((v) => ({ ...v, dueDate: value }));
  };

  const save = async () => {
    setSaving(true);
    allowNavigation();
    try {
      await enqueue({
        type: 'updateJob',
        body: buildUpdateJobRequest(job, values, shortName, { email: session.email, isAdmin: session.isAdmin, now: new Date() }),
      });
      snackbar.success(t('JobUpdatedSuccessfully'));
    } catch {
      await showError({ title: t('SomethingWentWrong'), message: t('PleaseTryAgain') });
    } finally {
      setSaving(false);
    }
    // A plumber-admin may have handed the job to someone else; the list is the safe place then too.
    navigate(backPath);
  };

  return (
    <PageLayout
      top={(
        <Button variant="plain" alignSelf="start" px="0" data-testid="go-back" onClick={() => void goBack()}>
          <BackIcon /> {t('GoBack')}
        </Button>
      )}
      heading={t('EditJob')}
      maxW="3xl"
    >
      <Stack gap="5">
        <DataList.Root orientation="horizontal">
          <DataList.Item>
            <DataList.ItemLabel>{t('JobCategory')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="edit-category">{typeLabel(jobType, job.title)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('Status')}</DataList.ItemLabel>
            <DataList.ItemValue><JobStatusLabel statusId={job.statusId} flagged={job.autoCreated} color={statusColors.get(job.statusId)} /></DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('Address')}</DataList.ItemLabel>
            <DataList.ItemValue>{job.subscriberText}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('ReferenceNumber')}</DataList.ItemLabel>
            <DataList.ItemValue>{job.refNr > 0 ? job.refNr : t('RefNotAssigned')}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>

        <DateTimeField
          label={t('ScheduledDate')}
          testId="scheduled-date"
          value={values.scheduledDate}
          min={new Date()}
          onChange={onScheduled}
          error={scheduledError ? t(scheduledError) : null}
        />

        {session.isAdmin ? (
          <>
            <Field.Root required>
              <Field.Label>{t('AssignedTo')}<Field.RequiredIndicator /></Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  data-testid="assignee"
                  value={String(values.assignee.id)}
                  onChange={(e) => {
                    const o = options.find((x) => x.id === Number(e.target.value));
                    if (o) setValues((v) => ({ ...v, assignee: { id: o.id, name: o.name } }));
                  }}
                >
                  {options.map((o) => <option key={o.id} value={o.id}>{o.isMe ? t('Me') : o.name}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <DateTimeField
              label={t('DueDate')}
              testId="due-date"
              value={values.dueDate}
              min={new Date()}
              onChange={onDue}
              error={dueError ? t(dueError) : null}
            />
          </>
        ) : (
          <Field.Root>
            <Field.Label>{t('DueDate')}</Field.Label>
            <Text data-testid="due-date-readonly">{job.dueDate ? formatDateTime(job.dueDate) : t('NotSet')}</Text>
          </Field.Root>
        )}

        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={() => void goBack()}>{t('Cancel')}</Button>
          <Button colorPalette="blue" data-testid="save-job" {...pageAction} disabled={!changed || saving} loading={saving} onClick={() => void save()}>
            {t('Save')}
          </Button>
        </HStack>
      </Stack>
    </PageLayout>
  );
}
