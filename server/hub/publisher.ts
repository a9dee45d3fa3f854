/**
 * What the server tells devices, from any process and from outside any request: a NOTIFY on
 * PostgreSQL that every process's hub (hub/index.ts) hears and forwards to its own sockets. Built once
 * by the composition root (context.ts), used by the hub plugin, the unit of work and the workers.
 */
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { PlumberNotification } from '../../src/domain/schemas';
import { NotificationType } from '../../src/domain/enums';
import type { Db } from '../db/index';
import { companies } from '../db/schema';
import type { ChangeKind, ChangedCompany } from '../db/tx';

export const HUB_CHANNEL = 'meterwork_hub';

export type HubMessage = { companyId: string; payload: PlumberNotification } | { disconnect: number };

export interface HubPublisher {
  /** Sends a 'plumber notification' to the company's connections, in every server process. */
  publish(companyId: string, payload: PlumberNotification): Promise<void>;
  /**
   * Closes every connection of a user, in every server process: a deactivated or rejected user
   * must not go on hearing the company's events until the token runs out.
   */
  disconnectUser(registrationId: number): Promise<void>;
  /**
   * Tells each company's devices what a committed unit of work changed (DESIGN.md "Real-time events
   * are published from what a mutation changed, after commit"): JobsChanged makes them pull,
   * MediaChanged names images of the company's jobs that changed, and each other kind has its own
   * name (NOTIFICATION) for the open screens that hold it. Never throws: the change is
   * committed, and devices also pull on their timer. Coalesced per company and kind: the first
   * change is told at once; more within COALESCE_MS of that notification are told once, when the
   * window ends (an end-of-day sync of 500 commands is not 500 events, each waking every device).
   * Every change is still followed by a notification sent after its commit. A batch whose state
   * changed is told by its id (ScheduleBatch with BatchJobId), each change, not coalesced.
   */
  publishChanges(changed: ChangedCompany[]): Promise<void>;
}

/** How long after a change notification further changes of that company and kind wait to be told together. */
export const COALESCE_MS = 100;

const NOTIFICATION: Record<ChangeKind, string> = {
  jobs: NotificationType.JobsChanged, media: NotificationType.MediaChanged, schedules: NotificationType.SchedulesChanged,
  presence: NotificationType.PresenceChanged, settings: NotificationType.SettingsChanged,
  workingHours: NotificationType.WorkingHoursChanged, users: NotificationType.UsersChanged, messages: NotificationType.MessagesChanged,
};

export function createHubPublisher(pool: pg.Pool, db: Db, log: Logger): HubPublisher {
  // A company's numbers never change: read once per process.
  const orgNumbers = new Map<string, { orgNumber: string; customerId: string }>();
  const notify = async (message: HubMessage) => {
    await pool.query('select pg_notify($1, $2)', [HUB_CHANNEL, JSON.stringify(message)]);
  };
  const announce = async (companyId: string, kind: ChangeKind | { batchJobId: string }) => {
    try {
      let company = orgNumbers.get(companyId);
      if (!company) {
        const [row] = await db.select({ orgNumber: companies.orgNumber, customerId: companies.customerId }).from(companies).where(eq(companies.id, companyId));
        if (!row) return;
        company = row;
        orgNumbers.set(companyId, row);
      }
      const about = typeof kind === 'string'
        ? { NotificationType: NOTIFICATION[kind] }
        : { NotificationType: NotificationType.ScheduleBatch, BatchJobId: kind.batchJobId };
      await publisher.publish(companyId, { OrganizationNumber: company.orgNumber, CustomerId: company.customerId, ...about });
    } catch (err) {
      log.warn({ err, companyId, kind }, 'change notification failed');
    }
  };
  /** Open windows by company and kind: whether a change came in since the last notification. */
  const windows = new Map<string, { changed: boolean }>();
  const tell = (companyId: string, kind: ChangeKind): Promise<void> => {
    const key = `${companyId}:${kind}`;
    const open = windows.get(key);
    if (open) {
      open.changed = true;
      return Promise.resolve();
    }
    const window = { changed: false };
    windows.set(key, window);
    const closeLater = () => {
      setTimeout(() => {
        if (!window.changed) {
          windows.delete(key);
          return;
        }
        window.changed = false;
        void announce(companyId, kind).finally(closeLater);
      }, COALESCE_MS).unref();
    };
    return announce(companyId, kind).finally(closeLater);
  };
  const publisher: HubPublisher = {
    publish: (companyId, payload) => notify({ companyId, payload }),
    disconnectUser: (registrationId) => notify({ disconnect: registrationId }),
    async publishChanges(changed) {
      await Promise.all(changed.flatMap(({ companyId, kinds, batches = [] }) => [
        ...kinds.map((kind) => tell(companyId, kind)),
        ...batches.map((batchJobId) => announce(companyId, { batchJobId })),
      ]));
    },
  };
  return publisher;
}
