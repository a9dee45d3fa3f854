/** Replica reads of the jobs screens (Dexie), kept apart from React so they can be tested and timed. */
import type { Job } from '../../domain/api';
import type { Actor } from '../../domain/jobRules';
import { jobListPredicate, type JobListFilter } from '../../domain/jobList';
import { propertyFromJob, type SelectedProperty } from '../../domain/property';
import type { OutboxEntry } from '../../data/commands';
import type { MeterworkDb } from '../../data/db';

export interface JobListPage {
  jobs: Job[];
  hasMore: boolean;
}

/**
 * Newest first through the createdAt index, filtered while walking the cursor, stopping one past
 * the requested count: a page costs the rows walked, never a sort of the whole table.
 */
export async function queryJobListPage(db: MeterworkDb, filter: JobListFilter, viewer: Actor, count: number): Promise<JobListPage> {
  const rows = await db.jobs.orderBy('createdAt').reverse().filter(jobListPredicate(filter, viewer)).limit(count + 1).toArray();
  return { jobs: rows.slice(0, count), hasMore: rows.length > count };
}

export interface OutboxMarker {
  pending: number;
  failed: { seq: number; message: string }[];
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
      if (e.status === 'failed') m.failed.push({ seq: e.seq ?? 0, message: e.error?.message ?? '' });
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
