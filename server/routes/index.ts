/**
 * The plumber API under /api (registered by server/app.ts with that prefix). The auth plugin has
 * already set request.user; routes authorize (company scope, spec 1 §6) in services/. Every
 * mutation runs through services/idempotency.ts runMutation: one transaction, Idempotency-Key aware.
 * Errors answer { statusCode, error, message } (spec 1 §8); a validation error's message names the field.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { companies } from '../db/schema';
import { NotificationType } from '../../src/domain/enums';
import { HttpError, reasonPhrase } from '../services/errors';
import { jobRoutes } from './jobs';
import { lookupRoutes } from './lookups';
import { mediaRoutes } from './media';
import { propertyRoutes } from './property';
import { syncRoutes } from './sync';
import { taskRoutes } from './tasks';
import { userRoutes } from './users';
import { waterMeterRoutes } from './waterMeters';

export async function apiRoutes(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send(err.body());
    const status = err.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ statusCode: status, error: reasonPhrase(status), message: err.message });
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ statusCode: 500, error: reasonPhrase(500), message: 'Something went wrong' });
  });

  // After a change to jobs or tasks has been committed, the company's devices are told to pull.
  const orgNumbers = new Map<string, string>();
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || reply.statusCode >= 300 || !req.user?.companyId) return;
    if (!/^\/api\/(jobs|tasks)(\/|\?|$)/i.test(req.url)) return;
    const companyId = req.user.companyId;
    try {
      let orgNumber = orgNumbers.get(companyId);
      if (!orgNumber) {
        const [row] = await app.db.select({ orgNumber: companies.orgNumber }).from(companies).where(eq(companies.id, companyId));
        if (!row) return;
        orgNumber = row.orgNumber;
        orgNumbers.set(companyId, orgNumber);
      }
      await app.hub.publish(companyId, {
        OrganizationNumber: orgNumber, CustomerId: req.user.customerId, NotificationType: NotificationType.JobsChanged,
      });
    } catch (err) {
      // Devices still pull on their timer; the change itself is committed.
      req.log.warn({ err }, 'jobs-changed notification failed');
    }
  });

  await app.register(lookupRoutes);
  await app.register(jobRoutes);
  await app.register(taskRoutes);
  await app.register(userRoutes);
  await app.register(propertyRoutes);
  await app.register(waterMeterRoutes);
  await app.register(syncRoutes);
  await app.register(mediaRoutes);
}
