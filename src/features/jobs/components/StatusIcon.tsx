/**
 * Status icons (spec 1 §4): not started (another icon when the job was created automatically),
 * in progress, and one shared icon for completed, deviation and obstacle. Plain SVG: the job list
 * shows many of these.
 */
import '../jobs.css';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { JobStatus, TaskStatus } from '../../../domain/enums';

type Kind = 'notStarted' | 'inProgress' | 'onHold' | 'done';

const PATHS: Record<Kind | 'flagged', string> = {
  notStarted: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  flagged: 'M14.4 6 14 4H5v17h2v-7h5.6l.4 2h7V6z',
  inProgress: 'M16.24 7.76C15.07 6.59 13.54 6 12 6v6l-4.24 4.24c2.34 2.34 6.14 2.34 8.49 0 2.34-2.34 2.34-6.14-.01-8.48zM12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  onHold: 'M9 16h2V8H9v8zm3-14C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8zm1-4h2V8h-2v8z',
  done: 'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z',
};

function jobKind(statusId: number): Kind {
  if (statusId === JobStatus.New) return 'notStarted';
  if (statusId === JobStatus.InProgress) return 'inProgress';
  if (statusId === JobStatus.OnHold) return 'onHold';
  return 'done';
}

function taskKind(statusId: number): Kind {
  if (statusId === TaskStatus.NotStarted) return 'notStarted';
  if (statusId === TaskStatus.InProgress) return 'inProgress';
  return 'done';
}

function StatusLabel({ kind, flagged, color, text, testId, statusId }: {
  kind: Kind; flagged?: boolean; color?: string; text: string; testId: string; statusId: number;
}) {
  const path = kind === 'notStarted' && flagged ? PATHS.flagged : PATHS[kind];
  return (
    <span className="mw-status" data-kind={kind} data-testid={testId} data-status={statusId}>
      <svg viewBox="0 0 24 24" aria-hidden="true" style={color ? { color } : undefined}><path d={path} /></svg>
      <span className="mw-status__text">{text}</span>
    </span>
  );
}

/** The name of a job status, as the job status label shows it. */
export function jobStatusText(t: TFunction<'jobs'>, statusId: number): string {
  return t(`JobStatus.${statusId}`, { defaultValue: String(statusId) });
}

interface JobStatusLabelProps {
  statusId: number;
  flagged?: boolean;
  color?: string;
}

/** Job status: icon and name; colour from the JobStatus lookup when it has one. */
export function JobStatusLabel(props: JobStatusLabelProps) {
  const { t } = useTranslation('jobs');
  return <JobStatusLabelText {...props} text={jobStatusText(t, props.statusId)} />;
}

/**
 * The same with its name given: a list of many cards translates with one t of its own instead of
 * subscribing every card to i18next.
 */
export function JobStatusLabelText({ statusId, flagged, color, text }: JobStatusLabelProps & { text: string }) {
  return <StatusLabel kind={jobKind(statusId)} flagged={flagged} color={color} statusId={statusId} testId="job-status" text={text} />;
}

/** Task status: icon and name. */
export function TaskStatusLabel({ statusId }: { statusId: number }) {
  const { t } = useTranslation('jobs');
  return (
    <StatusLabel
      kind={taskKind(statusId)}
      statusId={statusId}
      testId="task-status"
      text={t(`TaskStatus.${statusId}`, { defaultValue: String(statusId) })}
    />
  );
}
