/**
 * New job (spec 1 §2 "New job page", §5, §6). The address and property lookups need the network;
 * the job itself is created through the outbox with ids made on the device, so it appears at
 * once and reaches the server when the network allows.
 */
import { useMemo, useState } from 'react';
import { Alert, Box, Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AddressSearchResult } from '../../domain/api';
import { PREVIOUSLY_SELECTED_PLUMBER_KEY } from '../../domain/constants';
import { JobSource, JobType } from '../../domain/enums';
import {
  assigneeOptions, buildCreateJobRequest, canSubmitNewJob, dueDateErrorKey, jobDateErrorKey, newJobHasInput, type DateErrorKey, type NewJobDraft,
} from '../../domain/jobs/form';
import { formatMatrikkelNummer } from '../../domain/geo/matrikkel';
import type { SelectedProperty, SubPropertyOption } from '../../domain/jobs/property';
import { newId } from '../../data/ids';
import { enqueue } from '../../data/outbox';
import { useSession } from '../../data/session';
import { BackIcon, confirm, LoadingState, PageLayout, snackbar, pageAction } from '../../ui';
import { useUnsavedChangesGuard } from '../../ui/useUnsavedChangesGuard';
import { resolveAddress, resolveSubProperty } from './api/resolveProperty';
import { AddressSearch } from './components/AddressSearch';
import { DateTimeField } from './components/DateTimeField';
import { useOnline } from '../../data/online';
import { useJobTypeLabel, useJobTypes, usePlumbers } from './hooks';

interface NewJobRouteState {
  origin?: string;
  isNewVersion?: boolean;
}

/** Planning is the only other page that opens this one; anything else returns to the job list. */
function originKey(origin: string | undefined): 'planning' | 'joblist' {
  return origin?.startsWith('/schedule/plan') ? 'planning' : 'joblist';
}

function readRememberedPlumber(): number | null {
  try {
    const v = Number(localStorage.getItem(PREVIOUSLY_SELECTED_PLUMBER_KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

function rememberPlumber(id: number): void {
  try {
    localStorage.setItem(PREVIOUSLY_SELECTED_PLUMBER_KEY, String(id));
  } catch {
    // Storage refused: the choice is simply not remembered.
  }
}

interface SubChoice {
  result: AddressSearchResult;
  options: SubPropertyOption[];
  addressId: number | null;
}

export function NewJobPage() {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const routeState = (useLocation().state ?? {}) as NewJobRouteState;
  const origin = routeState.origin ?? '/joblist';
  const session = useSession();
  const jobTypes = useJobTypes();
  const typeLabel = useJobTypeLabel();
  const plumbers = usePlumbers();
  const online = useOnline();

  const [jobTypeId, setJobTypeId] = useState<number | null>(null);
  const [searchText, setSearchText] = useState('');
  const [searching, setSearching] = useState(false);
  const [property, setProperty] = useState<SelectedProperty | null>(null);
  const [subChoice, setSubChoice] = useState<SubChoice | null>(null);
  const [subUnikId, setSubUnikId] = useState('');
  const [lookupRunning, setLookupRunning] = useState(false);
  const [scheduledDate, setScheduledDate] = useState<Date | null>(null);
  const [dueDate, setDueDate] = useState<Date | null>(null);
  const [scheduledError, setScheduledError] = useState<DateErrorKey | null>(null);
  const [dueError, setDueError] = useState<DateErrorKey | null>(null);
  const [preselectedId] = useState<number | null>(readRememberedPlumber);
  const [assigneeId, setAssigneeId] = useState<number | null>(preselectedId);
  const [saving, setSaving] = useState(false);

  const options = useMemo(
    () => (session ? assigneeOptions(plumbers, { registrationId: session.registrationId, name: session.name }) : []),
    [plumbers, session],
  );
  const assignee = useMemo(() => {
    if (!session) return null;
    if (!session.isAdmin) return { id: session.registrationId, name: session.name };
    const o = options.find((x) => x.id === assigneeId);
    return o ? { id: o.id, name: o.name } : null;
  }, [session, options, assigneeId]);

  const draft: NewJobDraft = { jobTypeId, property, scheduledDate, dueDate: session?.isAdmin ? dueDate : null, assignee };
  const hasInput = newJobHasInput(draft, searchText, session?.isAdmin ? preselectedId : assignee?.id ?? null);
  const { allowNavigation } = useUnsavedChangesGuard(hasInput && !saving);

  if (!session) return <LoadingState />;

  const goBack = async () => {
    if (hasInput) {
      const discard = await confirm({ message: t('DiscardChangesJobList'), confirmText: t('Yes'), cancelText: t('Cancel') });
      if (!discard) return;
    }
    allowNavigation();
    navigate(origin);
  };

  const clearProperty = () => {
    setProperty(null);
    setSubChoice(null);
    setSubUnikId('');
  };

  const onSearchText = (text: string) => {
    setSearchText(text);
    setSearching(true);
    clearProperty();
  };

  const pickResult = async (result: AddressSearchResult) => {
    setSearching(false);
    setSearchText(result.addressText);
    clearProperty();
    setLookupRunning(true);
    try {
      const res = await resolveAddress(result);
      if (res.kind === 'selected') setProperty(res.property);
      else if (res.kind === 'choose') setSubChoice({ result, options: res.options, addressId: res.addressId });
      else if (res.kind === 'refine') {
        setSearchText(`${res.text} `);
        setSearching(true);
      } else snackbar.error(t(res.key));
    } catch {
      snackbar.error(t('FailedFetchingSubProperties'));
    } finally {
      setLookupRunning(false);
    }
  };

  const pickKnown = (p: SelectedProperty) => {
    setSearching(false);
    setSearchText(p.addressText);
    setSubChoice(null);
    setProperty(p);
  };

  const pickSubProperty = async (unikid: string) => {
    setSubUnikId(unikid);
    setProperty(null);
    const option = subChoice?.options.find((o) => o.unikid === unikid);
    if (!subChoice || !option) return;
    setLookupRunning(true);
    try {
      setProperty(await resolveSubProperty(subChoice.result, option, subChoice.addressId));
    } finally {
      setLookupRunning(false);
    }
  };

  const onScheduled = (value: Date | null) => {
    const error = jobDateErrorKey(value, draft.dueDate, new Date());
    setScheduledError(error);
    // Spec 1 §5: a refused date leaves the field as it was.
    if (!error) setScheduledDate(value);
  };

  const onDue = (value: Date | null) => {
    const error = dueDateErrorKey(scheduledDate, value, new Date());
    setDueError(error);
    if (!error) setDueDate(value);
  };

  const submit = async () => {
    if (jobTypeId == null) {
      snackbar.error(t('PleaseFillRequiredFields'));
      return;
    }
    const jobType = jobTypes.find((jt) => jt.id === jobTypeId);
    const dateError = jobDateErrorKey(scheduledDate, draft.dueDate, new Date());
    if (dateError) {
      setScheduledError(dateError);
      return;
    }
    if (!jobType || !canSubmitNewJob(draft, lookupRunning)) {
      snackbar.error(t('PleaseFillRequiredFields'));
      return;
    }
    const jobId = newId();
    const body = buildCreateJobRequest(draft, jobType, {
      jobId, taskId: newId(), roleId: session.roleId, email: session.email, isAdmin: session.isAdmin,
    });
    setSaving(true);
    allowNavigation();
    try {
      await enqueue({ type: 'createJob', body });
      navigate(`/job/details/${jobId}/mainPage/${originKey(origin)}/type/${JobSource.NewJob}`, { replace: true });
    } catch {
      snackbar.error(t('FailedToCreateJobMessage'));
      navigate(origin);
    } finally {
      setSaving(false);
    }
  };

  const isAvvik = (id: number, shortName: string) => id === JobType.Avvik || shortName === 'Avvik';

  return (
    <PageLayout
      top={(
        <Button variant="plain" alignSelf="start" px="0" data-testid="go-back" onClick={() => void goBack()}>
          <BackIcon /> {t('GoBack')}
        </Button>
      )}
      heading={t('NewJob')}
      maxW="3xl"
    >
      {!online && (
        <Alert.Root status="warning" data-testid="offline-create-note">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('OfflineCreateTitle')}</Alert.Title>
            <Alert.Description>{t('OfflineCreateNote')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Stack gap="5" pb="24">
        <Field.Root required>
          <Field.Label>{t('JobCategory')}<Field.RequiredIndicator /></Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              data-testid="job-category"
              value={jobTypeId == null ? '' : String(jobTypeId)}
              onChange={(e) => setJobTypeId(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="" disabled>{t('SelectCategory')}</option>
              {jobTypes.map((jt) => (
                <option key={jt.id} value={jt.id} disabled={isAvvik(jt.id, jt.shortName)}>
                  {isAvvik(jt.id, jt.shortName) ? t('NotApplicable') : typeLabel(jt)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>

        <AddressSearch
          text={searchText}
          onTextChange={onSearchText}
          open={searching}
          onPick={(r) => void pickResult(r)}
          onPickKnown={pickKnown}
          disabled={lookupRunning}
        />
        {lookupRunning && <Text fontSize="sm" color="fg.muted" data-testid="property-lookup-running">{t('LookingUpProperty')}</Text>}
        {property && (
          <Box fontSize="sm" color="fg.muted" data-testid="selected-property">
            {t('PropertyNumber')}: {formatMatrikkelNummer(property.matrikkelNummer)}
          </Box>
        )}

        {subChoice && (
          <Field.Root required>
            <Field.Label>{t('SubProperty')}<Field.RequiredIndicator /></Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field data-testid="sub-property" value={subUnikId} onChange={(e) => void pickSubProperty(e.target.value)}>
                <option value="" disabled>{t('SelectSubProperty')}</option>
                {subChoice.options.map((o) => (
                  <option key={o.unikid} value={o.unikid}>
                    {formatMatrikkelNummer(o.matrikkelNummer)}{o.ownerName ? ` – ${o.ownerName}` : ''}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}

        <DateTimeField
          label={t('ScheduledDate')}
          testId="scheduled-date"
          value={scheduledDate}
          min={new Date()}
          onChange={onScheduled}
          error={scheduledError ? t(scheduledError) : null}
        />

        {session.isAdmin ? (
          <Field.Root required>
            <Field.Label>{t('AssignedTo')}<Field.RequiredIndicator /></Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                data-testid="assignee"
                value={assignee ? String(assignee.id) : ''}
                onChange={(e) => {
                  const id = Number(e.target.value);
                  setAssigneeId(id);
                  rememberPlumber(id);
                }}
              >
                <option value="" disabled>{t('SelectPlumber')}</option>
                {options.map((o) => <option key={o.id} value={o.id}>{o.isMe ? t('Me') : o.name}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ) : (
          <Field.Root>
            <Field.Label>{t('AssignedTo')}</Field.Label>
            <Text data-testid="assignee-self">{t('Me')} ({session.name})</Text>
          </Field.Root>
        )}

        {session.isAdmin && (
          <DateTimeField
            label={t('DueDate')}
            testId="due-date"
            value={dueDate}
            min={new Date()}
            onChange={onDue}
            error={dueError ? t(dueError) : null}
          />
        )}
      </Stack>

      <Box position="fixed" bottom="0" left="0" right="0" bg="bg.panel" borderTopWidth="1px" py="3" px="4" zIndex="docked">
        <HStack justify="flex-end" maxW="3xl" mx="auto">
          <Button
            colorPalette="blue"
            data-testid="create-job"
            {...pageAction}
            disabled={!canSubmitNewJob(draft, lookupRunning) || saving}
            loading={saving}
            onClick={() => void submit()}
          >
            {t('CreateJob')}
          </Button>
        </HStack>
      </Box>
    </PageLayout>
  );
}
