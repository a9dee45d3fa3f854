/**
 * Job list (spec 1 §2): filters (status without Automatic, type, address with 800 ms debounce,
 * plumber for admins), cards newest first, 25 at a time with 'Load more jobs', 'Add new job'.
 * Reads the replica only; plumbers see only their own jobs.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Button, Field, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { JOB_LIST_PAGE_SIZE, JOB_LIST_SEARCH_DEBOUNCE_MS } from '../../domain/constants';
import { Role } from '../../domain/enums';
import { plumberName } from '../../domain/jobForm';
import { parseJobFilter, STATUS_FILTER_OPTIONS, type JobListFilter } from '../../domain/jobList';
import { db } from '../../data/db';
import { useSession } from '../../data/session';
import { EmptyView, LoadingState, PageLayout } from '../../ui';
import { JobCard } from './JobCard';
import { useActor, useDebounced, useJobStatusColors, useJobTypes, useOutboxMarkers, usePlumbers } from './hooks';
import { queryJobListPage } from './queries';

/** The filter is kept on the device (spec 1 §3 "Other store content: job filter"). */
const FILTER_KEY = 'meterwork.jobFilter';

function loadFilter(): JobListFilter {
  try {
    return parseJobFilter(localStorage.getItem(FILTER_KEY));
  } catch {
    return parseJobFilter(null);
  }
}

function saveFilter(filter: JobListFilter): void {
  try {
    localStorage.setItem(FILTER_KEY, JSON.stringify(filter));
  } catch {
    // Storage refused (private mode): the filter lasts for this visit only.
  }
}

function FilterSelect({ label, value, onChange, testId, children }: {
  label: string; value: number; onChange: (v: number) => void; testId: string; children: ReactNode;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field data-testid={testId} value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

console.log('[mw] module', performance.now().toFixed(1));
export function JobListPage() {
  console.log('[mw] render', performance.now().toFixed(1));
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const actor = useActor();
  const jobTypes = useJobTypes();
  const statusColors = useJobStatusColors();
  const plumbers = usePlumbers();

  const [filter, setFilter] = useState<JobListFilter>(loadFilter);
  const [addressText, setAddressText] = useState(filter.address);
  const address = useDebounced(addressText, JOB_LIST_SEARCH_DEBOUNCE_MS);
  const [count, setCount] = useState(JOB_LIST_PAGE_SIZE);
  const effective = useMemo(() => ({ ...filter, address }), [filter, address]);

  const update = (patch: Partial<JobListFilter>) => {
    const next = { ...filter, ...patch };
    setFilter(next);
    setCount(JOB_LIST_PAGE_SIZE);
    saveFilter({ ...next, address: addressText });
  };

  // useLiveQuery keeps the previous page on screen while the next query (filter, Load more) runs.
  const shown = useLiveQuery(
    () => (actor ? queryJobListPage(db, effective, actor, count) : undefined),
    [effective, actor, count],
  );
  const markers = useOutboxMarkers(useMemo(() => shown?.jobs.map((j) => j.jobId) ?? [], [shown]));

  const plumberChoices = useMemo(
    () => plumbers
      .filter((p) => p.roleId === Role.Plumber && p.id !== session?.registrationId)
      .sort((a, b) => a.firstName.localeCompare(b.firstName, 'nb')),
    [plumbers, session?.registrationId],
  );

  console.log('[mw] state', performance.now().toFixed(1), !!shown, jobTypes.length, plumbers.length, statusColors.size, markers.size);
  if (!session || !actor) return <LoadingState />;

  return (
    <PageLayout
      heading={t('JobListTitle')}
      actions={(
        <Button
          colorPalette="blue"
          data-testid="add-new-job"
          onClick={() => navigate('/job/create', { state: { origin: location.pathname, isNewVersion: true } })}
        >
          {t('AddNewJob')}
        </Button>
      )}
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: session.isAdmin ? 4 : 3 }} gap="3">
        <FilterSelect label={t('FilterStatus')} value={filter.statusId} onChange={(statusId) => update({ statusId })} testId="filter-status">
          {STATUS_FILTER_OPTIONS.map((id) => <option key={id} value={id}>{t(`StatusFilter.${id}`)}</option>)}
        </FilterSelect>
        <FilterSelect label={t('FilterType')} value={filter.jobTypeId} onChange={(jobTypeId) => update({ jobTypeId })} testId="filter-type">
          <option value="0">{t('All')}</option>
          {jobTypes.map((jt) => <option key={jt.id} value={jt.id}>{jt.name}</option>)}
        </FilterSelect>
        <Field.Root>
          <Field.Label>{t('FilterAddress')}</Field.Label>
          <Input
            size="sm"
            data-testid="filter-address"
            placeholder={t('FilterAddressPlaceholder')}
            value={addressText}
            onChange={(e) => {
              setAddressText(e.target.value);
              setCount(JOB_LIST_PAGE_SIZE);
              saveFilter({ ...filter, address: e.target.value });
            }}
          />
        </Field.Root>
        {session.isAdmin && (
          <FilterSelect label={t('FilterPlumber')} value={filter.plumberId} onChange={(plumberId) => update({ plumberId })} testId="filter-plumber">
            <option value="0">{t('All')}</option>
            <option value={session.registrationId}>{t('Me')}</option>
            {plumberChoices.map((p) => <option key={p.id} value={p.id}>{plumberName(p)}</option>)}
          </FilterSelect>
        )}
      </SimpleGrid>

      {!shown ? (
        <LoadingState />
      ) : shown.jobs.length === 0 ? (
        <EmptyView title={t('NoJobsFound')} />
      ) : (
        <Stack gap="3" data-testid="job-list">
          {shown.jobs.map((job) => (
            <JobCard
              key={job.jobId}
              job={job}
              showAssignee={session.isAdmin}
              statusColor={statusColors.get(job.statusId)}
              marker={markers.get(job.jobId)}
            />
          ))}
          {shown.hasMore && (
            <Button variant="outline" alignSelf="center" data-testid="load-more-jobs" onClick={() => setCount((c) => c + JOB_LIST_PAGE_SIZE)}>
              {t('LoadMoreJobs')}
            </Button>
          )}
        </Stack>
      )}
    </PageLayout>
  );
}
