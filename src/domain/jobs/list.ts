/**
 * Job list filters (spec 1 §2, §5): status (without Automatic), type, address, plumber (admins).
 * The predicate runs over the replica; plumbers only ever match their own jobs.
 */
import type { Job, Task } from '../api';
import { JobStatus, TaskStatus } from '../enums';
import type { Actor } from './rules';
import { liveTasks } from './rules';

export interface JobListFilter {
  /** Status filter value (TaskStatus numbers); 0 = all. */
  statusId: number;
  /** Job type id; 0 = all. */
  jobTypeId: number;
  address: string;
  /** Assignee registration id (admins only); 0 = all. */
  plumberId: number;
}

export const EMPTY_JOB_FILTER: JobListFilter = { statusId: TaskStatus.All, jobTypeId: 0, address: '', plumberId: 0 };

/** The status filter's choices: the automatic status is hidden. */
export const STATUS_FILTER_OPTIONS: readonly number[] = [
  TaskStatus.All, TaskStatus.NotStarted, TaskStatus.InProgress, TaskStatus.Completed, TaskStatus.Obstacle, TaskStatus.Deviation,
];

/** The job status a status filter value stands for; null when it is no single job status. */
export function jobStatusOfFilter(statusId: number): number | null {
  switch (statusId) {
    case TaskStatus.NotStarted:
      return JobStatus.New;
    case TaskStatus.InProgress:
      return JobStatus.InProgress;
    case TaskStatus.Completed:
      return JobStatus.Completed;
    default:
      return null;
  }
}

function matchesStatus(job: Job, statusId: number): boolean {
  if (statusId === TaskStatus.All) return true;
  if (statusId === TaskStatus.Automatic) return job.autoCreated;
  const jobStatus = jobStatusOfFilter(statusId);
  if (jobStatus !== null) return job.statusId === jobStatus;
  // Obstacle and deviation are task outcomes: a job matches when one of its tasks has it.
  return liveTasks(job).some((t) => t.statusId === statusId);
}

/** The assignee a viewer's list is limited to: a plumber's own jobs, or the admin's plumber filter; 0 = all. */
export function jobListAssignee(filter: JobListFilter, viewer: Actor): number {
  return viewer.isAdmin ? filter.plumberId : viewer.registrationId;
}

/**
 * Address text as the filter compares it: lower case, its words (letters and digits) joined by one
 * space. toLowerCase, not toLocaleLowerCase('nb'): the same mapping for Norwegian (only Turkish,
 * Azeri and Lithuanian differ) and much cheaper over thousands of rows.
 */
export function normalizeAddress(text: string): string {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(' ');
}

/**
 * The keys of an address in the replica's address index (db.ts), so the filter is a range read:
 * its distinct words, and each word with the next ('storgata 12'), so that a street and a number
 * find the few jobs at that number rather than every job in the street.
 */
export function addressKeys(text: string): string[] {
  const words = normalizeAddress(text).split(' ').filter(Boolean);
  return [...new Set([...words, ...words.slice(1).map((w, i) => `${words[i]} ${w}`)])];
}

/** The address filter's text as it is compared (normalizeAddress); '' = no address filter. */
export function addressNeedle(address: string): string {
  return normalizeAddress(address);
}

/**
 * Whether an address matches the filter's text: the text starts at the start of one of its words
 * ('kirke' and 'kirkeveien 5' find 'Kirkeveien 5, Oslo'; 'veien' does not), which an index of
 * words answers without reading every job.
 */
export function addressMatches(subscriberText: string, needle: string): boolean {
  return needle === '' || ` ${normalizeAddress(subscriberText)}`.includes(` ${needle}`);
}

/** Whether a job shows in the list for this filter and viewer. */
export function jobListPredicate(filter: JobListFilter, viewer: Actor): (job: Job) => boolean {
  const address = addressNeedle(filter.address);
  const assignee = jobListAssignee(filter, viewer);
  return (job) =>
    (assignee === 0 || job.assignedToId === assignee)
    && (filter.jobTypeId === 0 || job.typeId === filter.jobTypeId)
    && addressMatches(job.subscriberText, address)
    && matchesStatus(job, filter.statusId);
}

/** Card title: the job title with its number of tasks. */
export function jobCardTitle(job: Job, title = job.title): string {
  return `${title} (${liveTasks(job).length})`;
}

/** Restores a stored filter, dropping anything malformed. */
export function parseJobFilter(raw: string | null): JobListFilter {
  if (!raw) return EMPTY_JOB_FILTER;
  try {
    const v = JSON.parse(raw) as Partial<Record<keyof JobListFilter, unknown>>;
    return {
      statusId: typeof v.statusId === 'number' && STATUS_FILTER_OPTIONS.includes(v.statusId) ? v.statusId : 0,
      jobTypeId: typeof v.jobTypeId === 'number' ? v.jobTypeId : 0,
      address: typeof v.address === 'string' ? v.address : '',
      plumberId: typeof v.plumberId === 'number' ? v.plumberId : 0,
    };
  } catch {
    return EMPTY_JOB_FILTER;
  }
}

/** Live tasks grouped by their job type, groups in order of first appearance (job details). */
export function groupTasksByType(job: Pick<Job, 'jobTasks'>): { jobType: string; tasks: Task[] }[] {
  const groups = new Map<string, Task[]>();
  for (const task of liveTasks(job)) {
    const list = groups.get(task.jobType);
    if (list) list.push(task);
    else groups.set(task.jobType, [task]);
  }
  return [...groups.entries()].map(([jobType, tasks]) => ({ jobType, tasks }));
}
