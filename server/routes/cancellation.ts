/**
 * Cancelling schedule items and the cancellation dialog's template reads (spec 2 §7 PUT
 * /api/ScheduleItem/CancelledScheduleItem/, GET /api/Sms/template/{key}?scheduleItemId=, GET
 * /api/ScheduleItem/{id}/templateKey/{key}; GET /api/CancellationType is a lookup list). Shapes and
 * rules: src/domain/schemas/cancellation.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CancelRequestSchema, CancelResultSchema, ItemTemplateParams, ItemTemplateSchema, SmsSampleTemplateSchema, SmsTemplateParams, SmsTemplateQuery,
} from '../../src/domain/schemas/cancellation';
import { cancelItemsCommand, itemTemplate, smsTemplateForItem } from '../services/scheduling/cancel';
import { mutation } from './mutation';
import { errors, mutationErrors } from './schemas';

const tags = ['Schedule'];

export async function cancellationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.put('/ScheduleItem/CancelledScheduleItem', {
    schema: { tags, body: CancelRequestSchema, response: { 200: CancelResultSchema, ...mutationErrors } },
  }, (req, reply) => mutation(req, reply, cancelItemsCommand, req.body));

  r.get('/Sms/template/:key', { schema: { tags, params: SmsTemplateParams, querystring: SmsTemplateQuery, response: { 200: SmsSampleTemplateSchema, ...errors } } },
    (req) => smsTemplateForItem(app.context.db, req.user, req.params.key, req.query.scheduleItemId));

  r.get('/ScheduleItem/:id/templateKey/:key', { schema: { tags, params: ItemTemplateParams, response: { 200: ItemTemplateSchema, ...errors } } },
    (req) => itemTemplate(app.context.db, req.user, req.params.id, req.params.key));
}
