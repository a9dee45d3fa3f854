/**
 * Send notice and manual confirmation (spec 2 §4, §7 POST /api/Schedule/SendNotification, PUT
 * /api/ScheduleItemManagement/{id}). Shapes and rules:
 * src/domain/schemas/notices.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ManualConfirmationRequestSchema, NotificationRequestSchema, NotificationResultSchema } from '../../src/domain/schemas/notices';
import { ScheduleIdParam, ScheduleItemSchema } from '../../src/domain/schemas/scheduling';
import { confirmManuallyCommand, sendNoticesCommand } from '../services/scheduling/notices';
import { mutation } from './mutation';
import { mutationErrors } from './schemas';

const tags = ['Schedule'];

export async function noticeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/Schedule/SendNotification', { schema: { tags, body: NotificationRequestSchema, response: { 200: NotificationResultSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, sendNoticesCommand, req.body));

  r.put('/ScheduleItemManagement/:id', {
    schema: { tags, params: ScheduleIdParam, body: ManualConfirmationRequestSchema, response: { 200: ScheduleItemSchema, ...mutationErrors } },
  }, (req, reply) => mutation(req, reply, confirmManuallyCommand, { id: req.params.id, body: req.body }));
}
