/** Replica subscriptions and small browser hooks shared by the jobs screens. */
import { use, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Job, Plumber } from '../../domain/api';
import type { Actor } from '../../domain/jobs/rules';
import type { JobTypeItem } from '../../domain/jobs/form';
import type { JobListFilter } from '../../domain/jobs/list';
import { db, META } from '../../data/db';
import { useLookup } from '../../data/sync';
import { useSession } from '../../data/session';
import { keepJobList, liveJobList } from './jobListStore';
import { keepUnchanged, queryOutboxMarkers, type JobListData, type OutboxMarker } from './queries';

const NO_MARKERS = new Map<string, OutboxMarker>();

export interface JobStatusItem {
  id: number;
  name: string;
  color?: string | null;
}

const EMPTY: never[] = [];

/** 'JobTypes' lookup: {id, name, shortName}. */
export function useJobTypes(): JobTypeItem[] {
  return useLookup<JobTypeItem>('JobTypes') ?? EMPTY;
}

/**
 * A job type's name in the user's language. The lookup comes from the server in Norwegian; the app
 * names the types it knows by their short name, and shows the server's name for any other.
 */
export function useJobTypeLabel(): (type: { shortName?: string | null; name?: string | null } | undefined, fallback?: string) => string {
  const { t } = useTranslation('jobs');
  return useCallback(
    (type, fallback = '') => (type?.shortName ? t(`JobTypeName.${type.shortName}`, { defaultValue: type.name ?? fallback }) : type?.name ?? fallback),
    [t],
  );
}

/** 'JobStatus' lookup: {id, name, color}, as colours by id. */
export function useJobStatusColors(): Map<number, string> {
  const items = useLookup<JobStatusItem>('JobStatus');
  return useMemo(() => new Map((items ?? []).filter((s) => s.color).map((s) => [s.id, s.color as string])), [items]);
}

/** Plumbers of the company, from the replica (admins get them; plumbers get none). */
export function usePlumbers(): Plumber[] {
  return useLiveQuery(() => db.plumbers.toArray(), [], EMPTY as Plumber[]);
}

/**
 * undefined while loading, null when the replica has no such job. Before the first complete pull
 * the replica may simply not have it yet, so that also counts as loading.
 */
export function useJob(jobId: string | undefined): Job | null | undefined {
  return useLiveQuery(async () => {
    if (!jobId) return null;
    const job = await db.jobs.get(jobId);
    if (job) return job;
    return (await db.meta.get(META.lastSyncAt)) ? null : undefined;
  }, [jobId]);
}

/**
 * The device's copy of a job the server refused this user's changes to and took off the device
 * (OutboxEntry.kept), while such a change waits for the plumber to discard it; null when none.
 */
export function useKeptJob(jobId: string | undefined): Job | null | undefined {
  const userId = useSession()?.userId;
  return useLiveQuery(async () => {
    if (!jobId || !userId) return null;
    const refused = await db.outbox.where('jobIds').equals(jobId).toArray();
    return refused.find((e) => e.userId === userId && e.status === 'failed' && e.kept)?.kept ?? null;
  }, [jobId, userId]);
}

/** Outbox state of some jobs (waiting to sync / failed), through the outbox's job index. */
export function useOutboxMarkers(jobIds: readonly string[]): Map<string, OutboxMarker> {
  const key = jobIds.join(',');
  return useLiveQuery(() => queryOutboxMarkers(db, key ? key.split(',') : []), [key], NO_MARKERS);
}

/**
 * The job list's data, live. Navigating to the list is a transition: when the answer is not
 * ready yet (the app usually keeps it ready, see jobListStore), the list suspends until it is, so
 * the previous screen stays until the cards can show in one render, with no loading state in
 * between. A changed filter or count keeps the previous answer on screen until the new one arrives.
 */
export function useJobListData(filter: JobListFilter, actor: Actor, count: number): JobListData {
  const live = liveJobList(filter, actor, count);
  const answer = useSyncExternalStore(live.subscribe, live.getSnapshot);
  const shown = useRef<JobListData | null>(null);
  // Jobs that did not change keep their objects, so their memoised cards do not render again.
  const fresh = useMemo(() => (answer && shown.current ? keepUnchanged(shown.current, answer) : answer), [answer]);
  const data = fresh ?? shown.current ?? use(live.first);
  useEffect(() => {
    shown.current = data;
  });
  // The list's filter is the one the next visit opens with: keep its first page live meanwhile.
  useEffect(() => keepJobList(filter, actor), [filter, actor]);
  // As useLiveQuery does: a failed read goes to the route's error boundary.
  const failure = live.error();
  if (failure) throw failure.error;
  return data;
}

/** The signed-in user as the job rules see them. */
export function useActor(): Actor | null {
  const session = useSession();
  return useMemo(
    () => (session ? { isAdmin: session.isAdmin, registrationId: session.registrationId } : null),
    [session],
  );
}

/** The value, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
