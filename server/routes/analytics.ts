/**
 * Analytics (spec 3 §7): /api/Analytics, admin only. What each path answers and what the filters
 * mean is written with the shapes in src/domain/schemas/analytics.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AnalyticsQuery, AnalyticsUserQuery, AssignmentsSchema, JobAllocationSchema } from '../../src/domain/schemas/analytics';
import { companyAllocation, companyAssignments, userAllocation } from '../services/analytics';
import { errors, IdParam } from './schemas';

const tags = ['Analytics'];

export async function analyticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/Analytics/joballocation/company', { schema: { tags, querystring: AnalyticsQuery, response: { 200: JobAllocationSchema, ...errors } } },
    (req) => companyAllocation(app.context.db, req.user, req.query));

  r.get('/Analytics/joballocation/company/user/:id', {
    schema: { tags, params: IdParam, querystring: AnalyticsQuery, response: { 200: JobAllocationSchema, ...errors } },
  }, (req) => userAllocation(app.context.db, req.user, req.params.id, req.query));

  r.get('/Analytics/assignments/company', { schema: { tags, response: { 200: AssignmentsSchema, ...errors } } },
    (req) => companyAssignments(app.context.db, req.user, {}));

  r.get('/Analytics/assignments/company/filter', { schema: { tags, querystring: AnalyticsQuery, response: { 200: AssignmentsSchema, ...errors } } },
    (req) => companyAssignments(app.context.db, req.user, req.query));

  r.get('/Analytics/assignments/company/user/filter', {
    schema: { tags, querystring: AnalyticsUserQuery, response: { 200: AssignmentsSchema, ...errors } },
  }, (req) => companyAssignments(app.context.db, req.user, req.query));
}
