/**
 * One job in the job list (spec 1 §2 "Job list"). Plain elements styled by jobs.css, and no hooks
 * of its own (the list hands down its t and its navigation): the list must show its first screen
 * of cards fast even with 10,000 jobs on the device.
 */
import './jobs.css';
import { memo, type MouseEvent } from 'react';
import type { TFunction } from 'i18next';
import type { Job } from '../../domain/api';
import { formatCardTime, formatDate, initials } from '../../domain/format';
import { jobCardTitle } from '../../domain/jobs/list';
import { JobTypeShortName } from '../../domain/enums';
import { JobActionsMenuButton } from './components/JobActions';
import { OutboxBadge } from './components/OutboxMarker';
import { JobStatusLabelText, jobStatusText } from './components/StatusIcon';
import type { OutboxMarker } from './queries';

function dateAndTime(value: string | null): string | null {
  return value ? `${formatDate(value)} ${formatCardTime(value)}` : null;
}

export interface JobCardProps {
  job: Job;
  showAssignee: boolean;
  statusColor?: string;
  marker?: OutboxMarker;
  /** The list's t of the 'jobs' namespace: a new one (another language) renders the cards again. */
  t: TFunction<'jobs'>;
  /** Opens a job's details; stable, so that memoised cards stay unrendered. */
  onOpen: (jobId: string) => void;
}

export const JobCard = memo(function JobCard({ job, showAssignee, statusColor, marker, t, onOpen }: JobCardProps) {
  // The title is the card's link and the menu its own button beside it, not inside it: two
  // targets for a pointer, a keyboard and a screen reader. The link's area covers the card (jobs.css).
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpen(job.jobId);
  };

  return (
    <article className="mw-job-card" data-testid="job-card" data-job-id={job.jobId}>
      <div className="mw-job-card__top">
        <div className="mw-job-card__meta">
          <span className="mw-job-card__ref" data-testid="job-ref">{job.refNr > 0 ? `#${job.refNr}` : t('RefNotAssigned')}</span>
          <span className="mw-muted">{dateAndTime(job.createdAt)}</span>
          <JobStatusLabelText statusId={job.statusId} flagged={job.autoCreated} color={statusColor} text={jobStatusText(t, job.statusId)} />
          {marker && <OutboxBadge marker={marker} />}
        </div>
        <div className="mw-job-card__actions">
          {showAssignee && (
            <span className="mw-initials" title={job.assigneeName} data-testid="job-assignee-initials">{initials(job.assigneeName)}</span>
          )}
          <JobActionsMenuButton job={job} showViewDetails label={t('JobMenu')} />
        </div>
      </div>
      <div>
        <p className="mw-job-card__title">
          <a className="mw-job-card__link" href={`/job/${job.jobId}`} onClick={open} data-testid="job-title">{jobCardTitle(job, t(`JobTypeName.${JobTypeShortName[job.typeId] ?? ''}`, { defaultValue: job.title }))}</a>
        </p>
        <p className="mw-job-card__address" data-testid="job-address">{job.subscriberText}</p>
      </div>
      <div className="mw-job-card__dates">
        <span>{t('DueDate')}: {dateAndTime(job.dueDate) ?? t('NotSet')}</span>
        <span>{t('ScheduledDate')}: {dateAndTime(job.scheduledDate) ?? t('NotSet')}</span>
      </div>
    </article>
  );
});
