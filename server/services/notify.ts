/**
 * Tells a company's devices that something they hold changed on the server (DESIGN.md "Real-time
 * events are published from what a mutation changed, after commit"). JobsChanged makes them pull;
 * MediaChanged names images of the company's jobs that changed. Failing to publish never fails the
 * request: the change is committed and devices also pull on their timer.
 */
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { NotificationType } from '../../src/domain/enums';
import { companies } from '../db/schema';
import type { ChangeKind } from './tx';

const orgNumbers = new Map<string, { orgNumber: string; customerId: string }>();

const NOTIFICATION: Record<ChangeKind, string> = { jobs: NotificationType.JobsChanged, media: NotificationType.MediaChanged };

export async function publishChanges(request: FastifyRequest, changed: { companyId: string; kinds: ChangeKind[] }[]): Promise<void> {
  const app = request.server;
  for (const { companyId, kinds } of changed) {
    try {
      let company = orgNumbers.get(companyId);
      if (!company) {
        const [row] = await app.db.select({ orgNumber: companies.orgNumber, customerId: companies.customerId }).from(companies).where(eq(companies.id, companyId));
        if (!row) continue;
        company = row;
        orgNumbers.set(companyId, row);
      }
      for (const kind of kinds) {
        await app.hub.publish(companyId, { OrganizationNumber: company.orgNumber, CustomerId: company.customerId, NotificationType: NOTIFICATION[kind] });
      }
    } catch (err) {
      request.log.warn({ err, companyId }, 'change notification failed');
    }
  }
}
