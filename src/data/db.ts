/**
 * The device's replica (Dexie / IndexedDB). Screens read only from here, through useLiveQuery.
 * The service worker opens the same database to replay the outbox.
 */
import Dexie, { type DBCoreMutateRequest, type EntityTable } from 'dexie';
import type { Job, Plumber } from '../domain/api';
import { addressKeys } from '../domain/jobs/list';
import type { OutboxEntry } from './commands';
import type { StoredPhoto } from './photos/types';
import type { MyScheduleItem } from '../domain/schemas/mySchedule';

export interface LookupList {
  /** API path name of the list, e.g. 'JobTypes', 'TaskStatus', 'watermetermodels'. */
  list: string;
  items: unknown[];
  fetchedAt: string;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

/** A job as the replica stores it: with the keys of its address, for the address filter's index. */
interface StoredJob extends Job {
  addressKeys?: string[];
}

function withAddressKeys(job: Job): StoredJob {
  return { ...job, addressKeys: addressKeys(job.subscriberText ?? '') };
}

export class MeterworkDb extends Dexie {
  jobs!: EntityTable<Job, 'jobId'>;
  lookups!: EntityTable<LookupList, 'list'>;
  plumbers!: EntityTable<Plumber, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaEntry, 'key'>;
  photos!: EntityTable<StoredPhoto, 'assetId'>;
  mySchedule!: EntityTable<MyScheduleItem, 'id'>;

  constructor(name = 'meterwork') {
    super(name);
    this.version(1).stores({
      jobs: 'jobId, refNr, statusId, typeId, assignedToId, createdAt, updatedAt, scheduledDate',
      lookups: 'list',
      plumbers: 'id, userStatus, roleId',
      outbox: '++seq, &key, status, jobId',
      meta: 'key',
    });
    // userId: replay and the lists take only the signed-in user's commands; *jobIds finds the
    // commands touching a job (rebase after a pull, chained versions) without reading the queue.
    this.version(2).stores({
      outbox: '++seq, &key, status, jobId, userId, *jobIds, [userId+status]',
    });
    // The job list reads a page newest first as one range per filter: by assignee (plumbers see only
    // their own), by job status, or all. jobId ends each key so a long walk can go on after the last
    // row read, even among jobs created at the same instant.
    this.version(3).stores({
      jobs: 'jobId, refNr, statusId, typeId, assignedToId, createdAt, updatedAt, scheduledDate, '
        + '[createdAt+jobId], [assignedToId+createdAt+jobId], [statusId+createdAt+jobId]',
    });
    // The address filter reads the jobs whose address has a word (or a word and the next) starting
    // with the typed text through this index, not by checking every row (jobList.ts: addressMatches).
    this.version(4).stores({
      jobs: 'jobId, refNr, statusId, typeId, assignedToId, createdAt, updatedAt, scheduledDate, '
        + '[createdAt+jobId], [assignedToId+createdAt+jobId], [statusId+createdAt+jobId], *addressKeys',
    }).upgrade((tx) => tx.table<StoredJob>('jobs').toCollection().modify((job) => {
      job.addressKeys = addressKeys(job.subscriberText ?? '');
    }));
    // Task photos live on the device (blob, thumbnail, metadata, hash) until the server confirmed
    // them by hash; the forms show them from here, online or not.
    this.version(5).stores({
      photos: 'assetId, taskId, jobId, [taskId+imageType]',
    });
    // The user's own planned schedule items (GET /api/Schedule/mine), by Oslo day: My schedule reads
    // a day or a week of them offline (src/data/mySchedule.ts keeps them).
    this.version(6).stores({
      mySchedule: 'id, scheduledDate',
    });

    // Every write of a job (pull, outbox, replay) stores its address keys on the way down; reads
    // leave them out, so the rest of the app sees plain Jobs.
    this.use({
      stack: 'dbcore',
      name: 'jobAddressKeys',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          if (name !== 'jobs') return table;
          return {
            ...table,
            mutate: (req: DBCoreMutateRequest) => table.mutate(
              req.type === 'add' || req.type === 'put' ? { ...req, values: req.values.map(withAddressKeys) } : req,
            ),
          };
        },
      }),
    });
    this.jobs.hook('reading', (stored: StoredJob | undefined) => {
      if (!stored) return stored;
      const { addressKeys: _keys, ...job } = stored;
      return job;
    });
  }
}

/** Meta keys. */
export const META = {
  cursor: 'sync.cursor',
  lastSyncAt: 'sync.lastSyncAt',
  /** The signed-in user's id: the replica belongs to one user; another sign-in clears it. */
  ownerUserId: 'owner.userId',
  /** Stored locally after sign-in (spec 1 §3): ids, registration id, GDPR consent, user type. */
  session: 'session',
  /** Service worker only: the token, customer and user the page last handed over (survives a restart). */
  workerCredentials: 'worker.credentials',
} as const;

export const db = new MeterworkDb();
