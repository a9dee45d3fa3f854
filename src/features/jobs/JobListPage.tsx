/**
 * Job list (spec 1 §2): filters (status without Automatic, type, address with 800 ms debounce,
 * plumber for admins), cards newest first, 25 at a time with 'Load more jobs', 'Add new job'.
 * Reads the replica only; plumbers see only their own jobs.
 */
import { memo, useCallback, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Plumber } from '../../domain/api';
import { JOB_LIST_PAGE_SIZE, JOB_LIST_SEARCH_DEBOUNCE_MS } from '../../domain/constants';
import { Role } from '../../domain/enums';
import { plumberName, type JobTypeItem } from '../../domain/jobs/form';
import { STATUS_FILTER_OPTIONS, type JobListFilter } from '../../domain/jobs/list';
import type { Actor } from '../../domain/jobs/rules';
import { useSession, type Session } from '../../data/session';
import { EmptyView, LoadingState, PageLayout } from '../../ui';
import './jobs.css';
import { JobCard } from './JobCard';
import { useActor, useDebounced, useJobListData, useJobTypeLabel } from './hooks';
import { loadJobFilter, saveJobFilter } from './jobListStore';

/** Cards in the first render: more than a tall screen shows above the fold. */
const FIRST_SCREEN_CARDS = 8;

const CHEVRON_DOWN = 'm6 9 6 6 6-6';

function FilterSelect({ label, value, onChange, testId, children }: {
  label: string; value: number; onChange: (v: number) => void; testId: string; children: ReactNode;
}) {
  return (
    <label className="mw-field">
      <span className="mw-field__label">{label}</span>
      <span className="mw-select">
        <select className="mw-select__field" data-testid={testId} value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
          {children}
        </select>
        <span className="mw-select__indicator" aria-hidden="true">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d={CHEVRON_DOWN} /></svg>
        </span>
      </span>
    </label>
  );
}

interface FilterBarProps {
  /** As chosen and typed: the address before the debounce. */
  filter: JobListFilter;
  session: Session;
  jobTypes: JobTypeItem[];
  plumbers: Plumber[];
  onFilter: (patch: Partial<JobListFilter>) => void;
  onAddressText: (text: string) => void;
}

/**
 * Plain elements styled by jobs.css, as Chakra draws them, and memoised: new cards or outbox
 * markers do not render the filters again.
 */
const FilterBar = memo(function FilterBar({ filter, session, jobTypes, plumbers, onFilter, onAddressText }: FilterBarProps) {
  const { t } = useTranslation('jobs');
  const typeLabel = useJobTypeLabel();
  const plumberChoices = useMemo(
    () => plumbers
      .filter((p) => p.roleId === Role.Plumber && p.id !== session.registrationId)
      .sort((a, b) => a.firstName.localeCompare(b.firstName, 'nb')),
    [plumbers, session.registrationId],
  );

  return (
    <div className="mw-job-filters" data-admin={session.isAdmin || undefined}>
      <FilterSelect label={t('FilterStatus')} value={filter.statusId} onChange={(statusId) => onFilter({ statusId })} testId="filter-status">
        {STATUS_FILTER_OPTIONS.map((id) => <option key={id} value={id}>{t(`StatusFilter.${id}`)}</option>)}
      </FilterSelect>
      <FilterSelect label={t('FilterType')} value={filter.jobTypeId} onChange={(jobTypeId) => onFilter({ jobTypeId })} testId="filter-type">
        <option value="0">{t('All')}</option>
        {jobTypes.map((jt) => <option key={jt.id} value={jt.id}>{typeLabel(jt)}</option>)}
      </FilterSelect>
      <label className="mw-field">
        <span className="mw-field__label">{t('FilterAddress')}</span>
        <input
          className="mw-input"
          data-testid="filter-address"
          placeholder={t('FilterAddressPlaceholder')}
          value={filter.address}
          onChange={(e) => onAddressText(e.target.value)}
        />
      </label>
      {session.isAdmin && (
        <FilterSelect label={t('FilterPlumber')} value={filter.plumberId} onChange={(plumberId) => onFilter({ plumberId })} testId="filter-plumber">
          <option value="0">{t('All')}</option>
          <option value={session.registrationId}>{t('Me')}</option>
          {plumberChoices.map((p) => <option key={p.id} value={p.id}>{plumberName(p)}</option>)}
        </FilterSelect>
      )}
    </div>
  );
});

export function JobListPage() {
  const session = useSession();
  const actor = useActor();
  if (!session || !actor) return <LoadingState />;
  return <JobList session={session} actor={actor} />;
}

function JobList({ session, actor }: { session: Session; actor: Actor }) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const location = useLocation();

  // The stored filter, with the address as typed; the list follows the address once typing pauses.
  const [stored, setStored] = useState<JobListFilter>(loadJobFilter);
  const address = useDebounced(stored.address, JOB_LIST_SEARCH_DEBOUNCE_MS);
  const { statusId, jobTypeId, plumberId } = stored;
  // A keystroke changes none of these, so it neither reads the replica nor resets the count.
  const filter = useMemo(() => ({ statusId, jobTypeId, address, plumberId }), [statusId, jobTypeId, address, plumberId]);
  // 'Load more' counts for the filter it was pressed under: another filter starts at one page.
  const [more, setMore] = useState({ filter, count: JOB_LIST_PAGE_SIZE });
  const count = more.filter === filter ? more.count : JOB_LIST_PAGE_SIZE;

  const data = useJobListData(filter, actor, count);
  const jobs = data.page.jobs;
  // The first screen of cards renders (and paints) first; the rest of the page follows in a
  // deferred render, and so do the cards a 'Load more' adds.
  const renderedCount = useDeferredValue(jobs.length, Math.min(jobs.length, FIRST_SCREEN_CARDS));
  const openJob = useCallback((jobId: string) => navigate(`/job/${jobId}`), [navigate]);
  const statusColors = useMemo(
    () => new Map(data.jobStatuses.filter((s) => s.color).map((s) => [s.id, s.color as string])),
    [data.jobStatuses],
  );

  // Stable handlers keep the memoised filter bar from rendering again with every answer.
  const [handlers] = useState(() => {
    const change = (patch: Partial<JobListFilter>) => setStored((prev) => {
      const next = { ...prev, ...patch };
      saveJobFilter(next);
      return next;
    });
    return { onFilter: change, onAddressText: (text: string) => change({ address: text }) };
  });

  return (
    <PageLayout
      heading={t('JobListTitle')}
      actions={(
        <button
          type="button"
          className="mw-button mw-button--solid"
          data-testid="add-new-job"
          onClick={() => navigate('/job/create', { state: { origin: location.pathname, isNewVersion: true } })}
        >
          {t('AddNewJob')}
        </button>
      )}
    >
      <FilterBar
        filter={stored}
        session={session}
        jobTypes={data.jobTypes}
        plumbers={data.plumbers}
        onFilter={handlers.onFilter}
        onAddressText={handlers.onAddressText}
      />

      {jobs.length === 0 ? (
        <EmptyView title={t('NoJobsFound')} />
      ) : (
        <div className="mw-job-list" data-testid="job-list">
          {jobs.slice(0, renderedCount).map((job) => (
            <JobCard
              key={job.jobId}
              job={job}
              showAssignee={session.isAdmin}
              statusColor={statusColors.get(job.statusId)}
              marker={data.markers.get(job.jobId)}
              t={t}
              onOpen={openJob}
            />
          ))}
          {data.page.hasMore && renderedCount >= jobs.length && (
            <button
              type="button"
              className="mw-button mw-button--outline"
              data-testid="load-more-jobs"
              onClick={() => setMore({ filter, count: count + JOB_LIST_PAGE_SIZE })}
            >
              {t('LoadMoreJobs')}
            </button>
          )}
        </div>
      )}
    </PageLayout>
  );
}
