/**
 * One job in the job list (spec 1 §2 "Job list"). Plain elements styled by jobs.css: the list must
 * show its first screen of cards fast even with 10,000 jobs on the device.
 */
import './jobs.css';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Job } from '../../domain/api';
import { formatCardTime, formatDate, initials } from '../../domain/format';
import { jobCardTitle } from '../../domain/jobList';
import { JobActionsMenu } from './components/JobActions';
import { OutboxBadge } from './components/OutboxMarker';
import { JobStatusLabel } from './components/StatusIcon';
import type { OutboxMarker } from './queries';

function dateAndTime(value: string | null): string | null {
  return value ? `${formatDate(value)} ${formatCardTime(value)}` : null;
}

export interface JobCardProps {
  job: Job;
  showAssignee: boolean;
  statusColor?: string;
  marker?: OutboxMarker;
}

export const JobCard = memo(function JobCard({ job, showAssignee, statusColor, marker }: JobCardProps) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const open = () => navigate(`/job/${job.jobId}`);

  return (
    <article
      className="mw-job-card"
      tabIndex={0}
      role="link"
      data-testid="job-card"
      data-job-id={job.jobId}
      onClick={open}
      onKeyDown={(e) => { if (e.key === 'Enter' && e.target === e.currentTarget) open(); }}
    >
      <div className="mw-job-card__top">
        <div className="mw-job-card__meta">
          <span className="mw-job-card__ref" data-testid="job-ref">{job.refNr > 0 ? `#${job.refNr}` : t('RefNotAssigned')}</span>
          <span className="mw-muted">{dateAndTime(job.createdAt)}</span>
          <JobStatusLabel statusId={job.statusId} flagged={job.autoCreated} color={statusColor} />
          {marker && <OutboxBadge marker={marker} />}
        </div>
        <div className="mw-job-card__actions">
          {showAssignee && (
            <span className="mw-initials" title={job.assigneeName} data-testid="job-assignee-initials">{initials(job.assigneeName)}</span>
          )}
          <JobActionsMenu job={job} showViewDetails />
        </div>
      </div>
      <div>
        <p className="mw-job-card__title" data-testid="job-title">{jobCardTitle(job)}</p>
        <p className="mw-job-card__address" data-testid="job-address">{job.subscriberText}</p>
      </div>
      <div className="mw-job-card__dates">
        <span>{t('DueDate')}: {dateAndTime(job.dueDate) ?? t('NotSet')}</span>
        <span>{t('ScheduledDate')}: {dateAndTime(job.scheduledDate) ?? t('NotSet')}</span>
      </div>
    </article>
  );
});
