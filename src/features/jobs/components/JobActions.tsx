/**
 * The job menu of the job list card and job details (spec 1 §2, §4, §6): view details, edit,
 * delete (a cancellation dialog for automatically created jobs) and change plumber, with their
 * enabling rules. Every change goes through the outbox, so all of it works offline.
 */
import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, Checkbox, Field, IconButton, Menu, NativeSelect, Portal, Stack, Text,
} from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Job } from '../../../domain/api';
import { CancellationReason } from '../../../domain/enums';
import { assigneeOptions, buildDeleteJobsRequest, buildReassignRequest, canSaveReassign, type CancellationSms } from '../../../domain/jobs/form';
import { cancelledItemOf } from '../../../domain/jobs/cancellation';
import { canActOnJob, canChangePlumber, canDeleteJob } from '../../../domain/jobs/rules';
import { cancellationWindow, cancelSmsProblem, replaceWindow, windowText } from '../../../domain/sms/cancellation';
import { countSms } from '../../../domain/sms/segments';
import { contactPhoneE164 } from '../../../domain/validation';
import { CANCEL_TEMPLATE_KEY, useCancelItem, useCancelTemplate } from '../../../data/cancelTemplate';
import { useOnline } from '../../../data/online';
import { enqueue } from '../../../data/outbox';
import { useSession } from '../../../data/session';
import { confirm, showError, snackbar } from '../../../ui';
import { CancelSmsText, CancelSmsWindow } from '../../../ui/CancelSms';
import { FormDialog } from '../../../ui/FormDialog';
import { usePlumbers } from '../hooks';
import '../jobs.css';


export interface JobActionsProps {
  job: Job;
  showViewDetails?: boolean;
  fromJobDetails?: boolean;
  /** Called just before a change that takes the job out of this user's view (delete, reassign away). */
  onGone?: () => void;
}

/** Deletes a job after the Yes/Cancel question; shared with task details (last task). */
export function useDeleteJob() {
  const { t } = useTranslation('jobs');
  return async (job: Job, onGone?: () => void): Promise<boolean> => {
    const ok = await confirm({
      title: t('DeleteJob'),
      message: t('DeleteJobConfirm'),
      confirmText: t('Yes'),
      cancelText: t('Cancel'),
    });
    if (!ok) return false;
    onGone?.();
    try {
      await enqueue({ type: 'deleteJobs', body: buildDeleteJobsRequest([job]) });
      snackbar.success(t('JobDeleteSuccessMessage'));
      return true;
    } catch {
      await showError({ title: t('SomethingWentWrong'), message: t('PleaseTryAgain') });
      return false;
    }
  };
}

const MORE_PATH = 'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2zm0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2zm0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2z';

/**
 * The menu button. A list shows many of them, so it stays a plain button until first used; then
 * the real menu mounts, already open.
 */
export function JobActionsMenu(props: JobActionsProps) {
  const { t } = useTranslation('jobs');
  return <JobActionsMenuButton {...props} label={t('JobMenu')} />;
}

/** The same with its label given, for a list that translates once for all its cards. */
export function JobActionsMenuButton({ label, ...props }: JobActionsProps & { label: string }) {
  const [armed, setArmed] = useState(false);
  if (armed) return <JobActionsMenuOpen {...props} />;
  return (
    <button
      type="button"
      className="mw-icon-button"
      aria-label={label}
      aria-haspopup="menu"
      data-testid="job-menu"
      onClick={(e) => {
        e.stopPropagation();
        setArmed(true);
      }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor"><path d={MORE_PATH} /></svg>
    </button>
  );
}

function JobActionsMenuOpen({ job, showViewDetails = false, fromJobDetails = false, onGone }: JobActionsProps) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const session = useSession();
  const deleteJob = useDeleteJob();
  const [dialog, setDialog] = useState<'reassign' | 'cancel' | null>(null);
  const mayAct = !!session && canActOnJob(session, job);
  // Deleting an automatic job cancels its schedule item: the admin's (spec 2 §6), as the server holds.
  const deleteReason = !canDeleteJob(job) ? t('DeleteJobNotAllowed')
    : cancelledItemOf(job) !== null && !(session?.isAdmin && session.hasAgreement) ? t('CancelJobAdminOnly') : null;

  const onSelect = (value: string) => {
    if (value === 'view') {
      navigate(`/job/${job.jobId}`);
      return;
    }
    if (!mayAct) {
      snackbar.error(t('NoPlumberAccess'));
      return;
    }
    if (value === 'edit') navigate(`/job/edit/${job.jobId}`, { state: { fromJobDetails } });
    else if (value === 'delete') {
      if (job.autoCreated) setDialog('cancel');
      else void deleteJob(job, onGone);
    } else if (value === 'plumber') setDialog('reassign');
  };

  return (
    // Menu and dialogs are portalled, but React events still bubble to the card: keep them here.
    <Box onClick={(e) => e.stopPropagation()} display="inline-block">
      <Menu.Root defaultOpen onSelect={(d) => onSelect(d.value)} positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton aria-label={t('JobMenu')} variant="ghost" size="sm" data-testid="job-menu">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor"><path d={MORE_PATH} /></svg>
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content onClick={(e) => e.stopPropagation()}>
              {showViewDetails && <Menu.Item value="view">{t('ViewDetails')}</Menu.Item>}
              <Menu.Item value="edit">{t('EditJob')}</Menu.Item>
              <DisabledReason value="delete" label={t('DeleteJob')} reason={deleteReason} />
              <DisabledReason value="plumber" label={t('ChangePlumber')} reason={canChangePlumber(job) ? null : t('ChangePlumberNotAllowed')} />
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {dialog === 'reassign' && <ReassignDialog job={job} onClose={() => setDialog(null)} onGone={onGone} />}
      {dialog === 'cancel' && <CancellationDialog job={job} onClose={() => setDialog(null)} onGone={onGone} />}
    </Box>
  );
}

interface JobDialogProps {
  job: Job;
  onClose: () => void;
  onGone?: () => void;
}

/** A menu entry that, when it cannot be used, says why beneath its label (and to screen readers). */
function DisabledReason({ value, label, reason }: { value: string; label: string; reason: string | null }) {
  const id = `job-menu-${value}-reason`;
  return (
    <Menu.Item value={value} disabled={reason !== null} aria-describedby={reason ? id : undefined} flexDirection="column" alignItems="flex-start">
      {label}
      {reason && <Text id={id} fontSize="xs" color="fg.muted" data-testid={id}>{reason}</Text>}
    </Menu.Item>
  );
}

/** Change plumber: Save disabled until a plumber other than the placeholder (0) is chosen, and while saving. */
export function ReassignDialog({ job, onClose, onGone }: JobDialogProps) {
  const { t } = useTranslation('jobs');
  const session = useSession();
  const plumbers = usePlumbers();
  const [selected, setSelected] = useState(0);
  const [saving, setSaving] = useState(false);
  if (!session) return null;
  const options = assigneeOptions(plumbers, { registrationId: session.registrationId, name: session.name });

  const save = async () => {
    const assignee = options.find((o) => o.id === selected);
    if (!assignee) return;
    setSaving(true);
    // A plumber who hands the job on no longer sees it.
    if (!session.isAdmin && assignee.id !== session.registrationId) onGone?.();
    try {
      await enqueue({ type: 'reassignJobs', body: buildReassignRequest([job.jobId], { id: assignee.id, name: assignee.name }) });
      snackbar.success(t('PlumberChanged'));
      onClose();
    } catch {
      snackbar.error(t('PleaseTryAgain'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('ChangePlumber')}
      testId="reassign-dialog"
      onClose={onClose}
      onSubmit={() => void save()}
      submitDisabled={!canSaveReassign(selected, saving)}
      saving={saving}
    >
      <Field.Root>
        <Field.Label>{t('AssignedTo')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            data-testid="reassign-select"
            value={String(selected)}
            onChange={(e) => setSelected(Number(e.target.value))}
          >
            <option value="0">{t('SelectPlumber')}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>{o.isMe ? t('Me') : o.name}</option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </FormDialog>
  );
}

const REASONS = Object.values(CancellationReason);

/**
 * Cancelling an automatically created job (spec 1 §3 "Delete jobs payload", §4): a reason, and
 * optionally the SMS to the property contact of the schedule item the job was made for. The text is the
 * company's cancellation template rendered for that item (GET /api/Sms/template/Cancel), editable, with
 * the window it names (widened 15 minutes a side per click) and the counter; Confirm is disabled without
 * a reason or, when sending, with an empty or too long text. The cancellation is queued in the outbox like
 * every job deletion, with the text as the dialog shows it. Offline: the text can only come from the
 * template while online, so the SMS is offered only once it was read; read before the connection went,
 * it is queued with the cancellation and goes when the device is online again; never read, the SMS
 * is not offered (the note says so) and the job can be cancelled without it. An item whose contact has
 * no mobile gets no SMS (the server says so in its answer too).
 */
export function CancellationDialog({ job, onClose, onGone }: JobDialogProps) {
  const { t } = useTranslation('jobs');
  const online = useOnline();
  const itemId = cancelledItemOf(job);
  const [reason, setReason] = useState(0);
  const [saving, setSaving] = useState(false);
  const [send, setSend] = useState(false);
  const template = useCancelTemplate(itemId);
  const itemRead = useCancelItem(itemId);
  const item = itemRead.data?.scheduledItemDto;
  // The text as the admin edits it, from the template once read; `range` the window it names.
  const [text, setText] = useState<string | null>(null);
  const [range, setRange] = useState('');
  const [extensions, setExtensions] = useState(0);
  useEffect(() => {
    const tpl = template.data;
    if (!tpl || text !== null) return;
    setText(tpl.text);
    setRange(tpl.mergeFields.find((f) => f.name === 'TimeRange')?.value ?? '');
  }, [template.data, text]);

  const widen = (next: number) => {
    if (item?.scheduleStartDateTime && item.scheduleEndDateTime) {
      const after = windowText(cancellationWindow(item.scheduleStartDateTime, item.scheduleEndDateTime, next));
      setText((before) => (before === null ? before : replaceWindow(before, range, after)));
      setRange(after);
    }
    setExtensions(next);
  };

  const mobile = item?.contactInformation?.mobileNo;
  const noMobile = item !== undefined && !(typeof mobile === 'string' && contactPhoneE164(mobile) !== null);
  const offlineWithoutText = text === null && (!online || template.status === 'offline');
  const unavailable = itemId === null ? t('SmsNoScheduleItem') : noMobile ? t('SmsNoMobile') : offlineWithoutText ? t('SmsNeedsConnection') : null;
  const sending = send && unavailable === null;
  const problem = sending && text !== null ? cancelSmsProblem(text) : null;
  const tokens = template.data?.mergeFields.map((f) => f.token) ?? [];

  const cancelJob = async () => {
    const sms: CancellationSms | null = sending && text !== null ? {
      text, templateKey: template.data?.key ?? CANCEL_TEMPLATE_KEY, hasMergeFields: tokens.some((token) => text.includes(token)), timeWindowExtensions: extensions,
    } : null;
    setSaving(true);
    onGone?.();
    try {
      await enqueue({ type: 'deleteJobs', body: buildDeleteJobsRequest([job], { cancellationTypeId: reason, sms }) });
      snackbar.success(t('JobCancelledMessage'), sms ? t('CancelSmsOnItsWay') : undefined);
      onClose();
    } catch {
      onClose();
      await showError({ title: t('SomethingWentWrong'), message: t('PleaseTryAgain') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('CancelJobTitle')}
      testId="cancellation-dialog"
      width="600px"
      closeOnInteractOutside={false}
      onClose={onClose}
      onSubmit={() => void cancelJob()}
      submitText={t('CancelJobConfirm')}
      submitPalette="red"
      submitDisabled={reason === 0 || (sending && (text === null || problem !== null))}
      saving={saving}
    >
      <Stack gap="4">
        <Text>{t('CancelJobMessage')}</Text>
        <Field.Root required>
          <Field.Label>{t('CancellationReasonLabel')}<Field.RequiredIndicator /></Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field data-testid="cancellation-reason" value={String(reason)} onChange={(e) => setReason(Number(e.target.value))}>
              <option value="0">{t('SelectReason')}</option>
              {REASONS.map((id) => <option key={id} value={id}>{t(`CancellationReason.${id}`)}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Checkbox.Root
          disabled={unavailable !== null} checked={sending} onCheckedChange={(e) => setSend(e.checked === true)}
          data-testid="cancellation-send-sms" aria-describedby={unavailable ? 'cancellation-sms-unavailable' : undefined}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('SendSmsToContact')}</Checkbox.Label>
        </Checkbox.Root>
        {unavailable && (
          <Alert.Root status="info" size="sm" data-testid="cancellation-sms-unavailable">
            <Alert.Indicator />
            <Alert.Description id="cancellation-sms-unavailable">{unavailable}</Alert.Description>
          </Alert.Root>
        )}
        {sending && text === null && (template.status === 'error'
          ? (
            <Alert.Root status="error" size="sm">
              <Alert.Indicator />
              <Alert.Title flex="1">{t('SmsTemplateFailed')}</Alert.Title>
              <Button size="sm" variant="outline" onClick={() => void template.refetch()}>{t('common:TryAgain')}</Button>
            </Alert.Root>
          )
          : <Text color="fg.muted" data-testid="cancellation-sms-loading">{t('SmsTemplateLoading')}</Text>)}
        {sending && text !== null && (
          <Stack gap="3" data-testid="cancellation-sms">
            {item?.scheduleStartDateTime && item.scheduleEndDateTime && (
              <CancelSmsWindow range={range} extensions={extensions} onChange={widen} testIdPrefix="cancellation-sms" />
            )}
            <CancelSmsText value={text} onChange={setText} problem={problem} cost={countSms(text)} testIdPrefix="cancellation-sms" />
            {!online && (
              <Alert.Root status="warning" size="sm" data-testid="cancellation-sms-offline">
                <Alert.Indicator />
                <Alert.Description>{t('SmsQueuedOffline')}</Alert.Description>
              </Alert.Root>
            )}
          </Stack>
        )}
      </Stack>
    </FormDialog>
  );
}
