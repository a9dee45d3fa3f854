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
import type { ChangeKind } from '../db/tx';

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
   * MediaChanged names images of the company's jobs that changed. Never throws: the change is
   * committed, and devices also pull on their timer.
   */
  publishChanges(changed: { companyId: string; kinds: ChangeKind[] }[]): Promise<void>;
}

const NOTIFICATION: Record<ChangeKind, string> = { jobs: NotificationType.JobsChanged, media: NotificationType.MediaChanged };

export function createHubPublisher(pool: pg.Pool, db: Db, log: Logger): HubPublisher {
  // A company's numbers never change: read once per process.
  const orgNumbers = new Map<string, { orgNumber: string; customerId: string }>();
  const notify = async (message: HubMessage) => {
    await pool.query('select pg_notify($1, $2)', [HUB_CHANNEL, JSON.stringify(message)]);
  };
  const publisher: HubPublisher = {
    publish: (companyId, payload) => notify({ companyId, payload }),
    disconnectUser: (registrationId) => notify({ disconnect: registrationId }),
    async publishChanges(changed) {
      for (const { companyId, kinds } of changed) {
        try {
          let company = orgNumbers.get(companyId);
          if (!company) {
            const [row] = await db.select({ orgNumber: companies.orgNumber, customerId: companies.customerId }).from(companies).where(eq(companies.id, companyId));
            if (!row) continue;
            company = row;
            orgNumbers.set(companyId, row);
          }
          for (const kind of kinds) {
            await publisher.publish(companyId, { OrganizationNumber: company.orgNumber, CustomerId: company.customerId, NotificationType: NOTIFICATION[kind] });
          }
        } catch (err) {
          log.warn({ err, companyId }, 'change notification failed');
        }
      }
    },
  };
  return publisher;
}
