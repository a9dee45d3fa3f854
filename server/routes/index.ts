/**
 * The plumber API under /api (registered by server/app.ts with that prefix). The auth plugin has
 * already set request.user; routes authorize (company scope, spec 1 §6) in services/. A mutation's
 * route declares its service's command (services/command.ts: the status and the lock, declared once
 * by the service's module) and runs it with routes/mutation.ts mutation, through runMutation and
 * services/unitOfWork.ts: one transaction, Idempotency-Key aware, and what it changed is published to
 * the company's devices after the commit. Reads take what they need from app.context (context.ts).
 * Errors answer { statusCode, error, message } (spec 1 §8); a 400 names the field as `field` and first
 * in its message, in the one style of src/domain/errorField.ts.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, reasonPhrase, TooManyError } from '../http/errors';
import { fieldPath } from '../../src/domain/errorField';
import { analyticsRoutes } from './analytics';
import { availabilityRoutes } from './availability';
import { cancellationRoutes } from './cancellation';
import { bundleRoutes } from './bundle';
import { assignmentRoutes } from './assignments';
import { warmAssignmentList } from '../services/assignments/list';
import { companySettingRoutes } from './companySettings';
import { contactInformationRoutes } from './contactInformation';
import { demoPhoneRoutes } from './demoPhone';
import { erroneousRoutes } from './erroneous';
import { noticeRoutes } from './notices';
import { ownerAnswerRoutes } from './ownerAnswer';
import { holidayRoutes } from './holidays';
import { jobRoutes } from './jobs';
import { lookupRoutes } from './lookups';
import { mediaRoutes } from './media';
import { presenceRoutes } from './presence';
import { propertyRoutes } from './property';
import { reportRoutes } from './reports';
import { scheduleRoutes } from './schedules';
import { settingsRoutes } from './settings';
import { smsProviderRoutes } from './smsProvider';
import { syncRoutes } from './sync';
import { taskRoutes } from './tasks';
import { templateRoutes } from './templates';
import { userRoutes } from './users';
import { waterMeterRoutes } from './waterMeters';
import { workingHoursRoutes } from './workingHours';

/** PostgreSQL's SQLSTATE of a failed query, wherever drizzle put the driver's error. */
function postgresCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The constraint a failed query broke, wherever drizzle put the driver's error. */
function postgresConstraint(err: unknown): string | undefined {
  for (let e = err as { constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return undefined;
}

export async function apiRoutes(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof TooManyError) reply.header('retry-after', String(err.retryAfterSeconds));
    if (err instanceof HttpError) return reply.code(err.statusCode).send(err.body());
    // A unique index refused a row a concurrent request wrote first: the caller's data is not at fault.
    // Two plans of the same point for different plumbers (they take different time locks): the index
    // that keeps a point in one live item refused the later one.
    if (postgresCode(err) === '23505' && postgresConstraint(err) === 'schedule_items_live_point') {
      return reply.code(409).send({
        statusCode: 409, error: reasonPhrase(409), message: 'A meter point of the plan was planned by another request at the same time', errorKey: 'Scheduling.PointTaken',
      });
    }
    if (postgresCode(err) === '23505') {
      return reply.code(409).send({ statusCode: 409, error: reasonPhrase(409), message: 'The same item was saved at the same time by another request; reload and try again' });
    }
    // The plumber's time is claimed in the database (schedule_items_no_overlap): a writer that got past
    // the lock some other way is refused, never double-booked.
    if (postgresCode(err) === '23P01') {
      return reply.code(409).send({
        statusCode: 409, error: reasonPhrase(409), message: 'NotEnoughSlotSpace: another item of the plumber holds that time; reload and try again', errorKey: 'NotEnoughSlotSpace',
      });
    }
    const status = err.statusCode ?? 500;
    const refused = err.validation?.[0];
    if (status === 400 && refused) {
      // Ajv names a missing or extra property on its parent: the field is the property itself.
      const params = refused.params as { missingProperty?: string; additionalProperty?: string };
      const name = params.missingProperty ?? params.additionalProperty;
      const field = fieldPath(`${err.validationContext ?? 'body'}${refused.instancePath}${name ? `/${name}` : ''}`);
      const problem = refused.keyword === 'required' ? 'is required' : refused.keyword === 'additionalProperties' ? 'is not a field of this call' : refused.message ?? 'is not valid';
      return reply.code(400).send({ statusCode: 400, error: reasonPhrase(400), message: `${field} ${problem}`, field });
    }
    // Fastify's own refusals of a body it could not read (bad JSON, empty, wrong type) name the body.
    if (status === 400) return reply.code(400).send({ statusCode: 400, error: reasonPhrase(400), message: `body ${err.message}`, field: 'body' });
    if (status < 500) return reply.code(status).send({ statusCode: status, error: reasonPhrase(status), message: err.message });
    req.log.error({ err }, 'request failed');
    return reply.code(500).send({ statusCode: 500, error: reasonPhrase(500), message: 'Something went wrong' });
  });

  // An admin at work may plan next: the company's assignment list is written ahead, after the answer
  // has gone (services/assignments/list.ts warmAssignmentList: after the admin's own change at once,
  // else at most once a second per company; written only when the list changed).
  if (app.context.config.warmAssignmentLists) {
    app.addHook('onResponse', async (req) => {
      if (req.user?.isAdmin) void warmAssignmentList(app.context.db, req.user, req.method !== 'GET' && req.method !== 'HEAD');
    });
  }

  await app.register(lookupRoutes);
  await app.register(jobRoutes);
  await app.register(taskRoutes);
  await app.register(userRoutes);
  await app.register(propertyRoutes);
  await app.register(waterMeterRoutes);
  await app.register(syncRoutes);
  await app.register(bundleRoutes);
  await app.register(mediaRoutes);
  await app.register(settingsRoutes);
  await app.register(workingHoursRoutes);
  await app.register(holidayRoutes);
  await app.register(companySettingRoutes);
  await app.register(templateRoutes);
  await app.register(analyticsRoutes);
  await app.register(reportRoutes);
  await app.register(scheduleRoutes);
  await app.register(assignmentRoutes);
  await app.register(availabilityRoutes);
  await app.register(presenceRoutes);
  await app.register(contactInformationRoutes);
  await app.register(demoPhoneRoutes);
  await app.register(noticeRoutes);
  await app.register(cancellationRoutes);
  await app.register(erroneousRoutes);
  await app.register(smsProviderRoutes);
  await app.register(ownerAnswerRoutes);
}
