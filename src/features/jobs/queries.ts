/** Replica reads of the jobs screens (Dexie), kept apart from React so they can be tested and timed. */
import Dexie from 'dexie';
import type { Job, Plumber } from '../../domain/api';
import type { JobTypeItem } from '../../domain/jobs/form';
import type { Actor } from '../../domain/jobs/rules';
import { TaskStatus } from '../../domain/enums';
import { addressNeedle, jobListAssignee, jobListPredicate, jobStatusOfFilter, type JobListFilter } from '../../domain/jobs/list';
import { propertyFromJob, type SelectedProperty } from '../../domain/jobs/property';
import type { OutboxEntry } from '../../data/commands';
import type { MeterworkDb } from '../../data/db';

export interface JobListPage {
  jobs: Job[];
  hasMore: boolean;
}

/** Where a job list page is read from: an index ending in createdAt+jobId, and its leading key parts. */
interface JobListRange {
  index: string;
  prefix: (number | string)[];
  /** The range holds exactly the jobs the filter lets through: no row needs checking. */
  exact: boolean;
}

function jobListRange(filter: JobListFilter, viewer: Actor): JobListRange {
  const assignee = jobListAssignee(filter, viewer);
  const jobStatus = jobStatusOfFilter(filter.statusId);
  const rest = filter.jobTypeId === 0 && addressNeedle(filter.address) === '';
  // The assignee first: a plumber's own jobs are few among the company's.
  if (assignee !== 0) {
    return { index: '[assignedToId+createdAt+jobId]', prefix: [assignee], exact: rest && filter.statusId === TaskStatus.All };
  }
  if (jobStatus !== null) return { index: '[statusId+createdAt+jobId]', prefix: [jobStatus], exact: rest };
  return { index: '[createdAt+jobId]', prefix: [], exact: rest && filter.statusId === TaskStatus.All };
}

/** Whether a filter's page is read as one index range, with no row to check: the cheap kind. */
export function isIndexRange(filter: JobListFilter, viewer: Actor): boolean {
  return jobListRange(filter, viewer).exact;
}

/** Rows read per step of a walk that checks rows: doubling from a page's worth, up to this. */
const MAX_WALK_STEP = 800;

/**
 * An address filter reads its candidates through the replica's address index when there are at
 * most this many; with more (1 in 10 of 10,000 jobs, 1 in 100 of 100,000), matches are dense
 * enough that the walk fills a page within a few thousand rows.
 */
const ADDRESS_INDEX_MAX_ROWS = 1000;

/** Jobs whose address keys match the filter's last words, or null when there are too many to read this way. */
async function addressCandidates(db: MeterworkDb, needle: string): Promise<Job[] | null> {
  // Every word but the last is a whole word of the address and the last one a word's start, so
  // the last two words start a key of the index ('storgata 1' → 'storgata 12', 'storgata 14', …).
  const words = needle.split(' ');
  const key = words.slice(-2).join(' ');
  const keys = await db.jobs.where('addressKeys').startsWith(key).limit(ADDRESS_INDEX_MAX_ROWS + 1).primaryKeys();
  if (keys.length > ADDRESS_INDEX_MAX_ROWS) return null;
  // A job with two words of the same start is in the range twice.
  const rows = await db.jobs.bulkGet([...new Set(keys)]);
  return rows.filter((j): j is Job => j !== undefined);
}

/** Newest first, as the createdAt+jobId indexes order (code units, not locale). */
function newestFirst(a: Job, b: Job): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.jobId < b.jobId ? 1 : a.jobId > b.jobId ? -1 : 0;
}

/**
 * Newest first through an index ending in createdAt+jobId. When the index range holds exactly the
 * filter's jobs, one read of count + 1 rows; otherwise the range is read in growing steps, each
 * going on after the last row of the one before, checking rows and stopping one past the requested
 * count. An address filter first reads the address word index: when it matches few jobs, those
 * are the candidates; when many, they are dense enough for the walk. Never a sort of the whole
 * table, never one round trip per row.
 */
export async function queryJobListPage(db: MeterworkDb, filter: JobListFilter, viewer: Actor, count: number): Promise<JobListPage> {
  const { index, prefix, exact } = jobListRange(filter, viewer);
  const want = count + 1;
  // Bounds shorter than the keys: [...prefix, minKey] sorts before, [...prefix, maxKey] after all of
  // the prefix's keys (and a key may not hold the same array twice, so maxKey appears once).
  const lower = [...prefix, Dexie.minKey];
  const range = (upper: unknown[], includeUpper: boolean, limit: number) =>
    db.jobs.where(index).between(lower, upper, true, includeUpper).reverse().limit(limit).toArray();

  const matches = jobListPredicate(filter, viewer);
  const needle = addressNeedle(filter.address);
  const candidates = !exact && needle !== '' ? await addressCandidates(db, needle) : null;
  let rows: Job[];
  if (exact) {
    rows = await range([...prefix, Dexie.maxKey], true, want);
  } else if (candidates) {
    rows = candidates.filter(matches).sort(newestFirst).slice(0, want);
  } else {
    rows = [];
    let upper: unknown[] = [...prefix, Dexie.maxKey];
    let includeUpper = true;
    for (let step = Math.max(want, 50); ; step = Math.min(step * 2, MAX_WALK_STEP)) {
      const read = await range(upper, includeUpper, step);
      for (const job of read) {
        if (matches(job)) rows.push(job);
        if (rows.length === want) break;
      }
      if (rows.length === want || read.length < step) break;
      const last = read[read.length - 1];
      upper = [...prefix, last.createdAt, last.jobId];
      includeUpper = false;
    }
  }
  return { jobs: rows.slice(0, count), hasMore: rows.length > count };
}

/** Everything the job list shows besides its filter text: the page, its jobs' outbox state and the choices. */
export interface JobListData {
  page: JobListPage;
  markers: Map<string, OutboxMarker>;
  jobTypes: JobTypeItem[];
  jobStatuses: { id: number; color?: string | null }[];
  plumbers: Plumber[];
}

/**
 * The job list's reads at once: one answer, one render, instead of a render per list as each
 * arrives, and one IndexedDB transaction, not one per read (it runs again after every outbox
 * write of an end-of-day replay, the service worker's too). The outbox is read only when it holds
 * anything (it is empty whenever the device is in sync), and then as counts (queryOutboxMarkers).
 */
export async function queryJobListData(db: MeterworkDb, filter: JobListFilter, viewer: Actor, count: number): Promise<JobListData> {
  return db.transaction('r', [db.jobs, db.outbox, db.lookups, db.plumbers], async () => {
    const [page, queued, jobTypes, jobStatuses, plumbers] = await Promise.all([
      queryJobListPage(db, filter, viewer, count),
      db.outbox.count(),
      db.lookups.get('JobTypes'),
      db.lookups.get('JobStatus'),
      db.plumbers.toArray(),
    ]);
    const jobIds = page.jobs.map((j) => j.jobId);
    return {
      page,
      markers: queued > 0 ? await queryOutboxMarkers(db, jobIds) : new Map(),
      jobTypes: (jobTypes?.items ?? []) as JobTypeItem[],
      jobStatuses: (jobStatuses?.items ?? []) as JobListData['jobStatuses'],
      plumbers,
    };
  });
}

/**
 * The markers of these jobs without reading their queued commands: a count per job through the
 * outbox's job index, and the failed entries (few, and their messages are shown), in one
 * transaction. During an end-of-day replay this runs after every outbox write: reading each job's
 * entries instead made the replay's cost grow with the square of the queue (and so does walking
 * their index keys), and a transaction per count cost more than the counts.
 */
export async function queryOutboxMarkers(db: MeterworkDb, jobIds: readonly string[]): Promise<Map<string, OutboxMarker>> {
  if (jobIds.length === 0) return new Map();
  const [counts, failed] = await db.transaction('r', db.outbox, () => Promise.all([
    Promise.all(jobIds.map((id) => db.outbox.where('jobIds').equals(id).count())),
    db.outbox.where('status').equals('failed').toArray(),
  ]));
  const markers = outboxMarkers(failed, jobIds);
  jobIds.forEach((id, i) => {
    const failedHere = markers.get(id)?.failed ?? [];
    const pending = counts[i] - failedHere.length;
    if (counts[i] > 0) markers.set(id, { pending, failed: failedHere });
  });
  return markers;
}

export interface OutboxMarker {
  pending: number;
  failed: { seq: number; message: string; status: number; errorKey?: string }[];
}

/** Pending and failed outbox entries per job, for the 'waiting to sync' and 'failed' markers. */
export function outboxMarkers(entries: readonly OutboxEntry[], jobIds: readonly string[]): Map<string, OutboxMarker> {
  const wanted = new Set(jobIds);
  const map = new Map<string, OutboxMarker>();
  for (const e of entries) {
    // A command may touch several jobs (reassign, delete): it marks each of them.
    for (const jobId of e.jobIds ?? (e.jobId ? [e.jobId] : [])) {
      if (!wanted.has(jobId)) continue;
      const m = map.get(jobId) ?? { pending: 0, failed: [] };
      if (e.status === 'failed') m.failed.push({ seq: e.seq ?? 0, message: e.error?.message ?? '', status: e.error?.status ?? 0, errorKey: e.error?.errorKey });
      else m.pending += 1;
      map.set(jobId, m);
    }
  }
  return map;
}

/**
 * Offline, new jobs can still be made for properties already on this device: the addresses of the
 * replica's jobs matching the text, one per property, at most `limit`.
 */
export async function queryKnownProperties(db: MeterworkDb, text: string, limit: number): Promise<SelectedProperty[]> {
  const needle = text.trim().toLocaleLowerCase('nb');
  if (!needle) return [];
  const seen = new Set<string>();
  const out: SelectedProperty[] = [];
  await db.jobs.orderBy('createdAt').reverse().until(() => out.length >= limit).each((job) => {
    if (out.length >= limit || !job.subscriberText.toLocaleLowerCase('nb').includes(needle)) return;
    const p = propertyFromJob(job);
    const key = `${p.matrikkelNummer}|${p.addressText}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(p);
  });
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A fresh answer with the parts that did not change taken from the one on screen (the whole answer
 * when nothing changed), so memoised cards and the filter bar skip rendering them again.
 */
export function keepUnchanged(shown: JobListData, next: JobListData): JobListData {
  const byId = new Map(shown.page.jobs.map((j) => [j.jobId, j]));
  const jobs = next.page.jobs.map((j) => {
    const old = byId.get(j.jobId);
    return old && sameJson(old, j) ? old : j;
  });
  const sameJobs = jobs.length === shown.page.jobs.length && jobs.every((j, i) => j === shown.page.jobs[i]);
  const sameMarkers = sameJson([...shown.markers], [...next.markers]);
  const merged: JobListData = {
    page: sameJobs && shown.page.hasMore === next.page.hasMore ? shown.page : { jobs, hasMore: next.page.hasMore },
    markers: sameMarkers ? shown.markers : next.markers,
    jobTypes: sameJson(shown.jobTypes, next.jobTypes) ? shown.jobTypes : next.jobTypes,
    jobStatuses: sameJson(shown.jobStatuses, next.jobStatuses) ? shown.jobStatuses : next.jobStatuses,
    plumbers: sameJson(shown.plumbers, next.plumbers) ? shown.plumbers : next.plumbers,
  };
  const unchanged = (Object.keys(merged) as (keyof JobListData)[]).every((k) => merged[k] === shown[k]);
  return unchanged ? shown : merged;
}
