/**
 * A schedule item's contact and SMS log (spec 2 §2.3, §7): GET /api/contactInformation/scheduleItemId/{id},
 * POST and PUT /api/contactInformation, GET /api/ScheduleItem/{id}/smsDialogs, POST /api/Schedule/UpdateSmsLog.
 * Shapes and rules:
 * src/domain/schemas/contactInformation.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ContactInformationBodySchema, ContactInformationSchema, ScheduleItemContactSchema, SmsLogEntrySchema, UpdateSmsLogBodySchema,
} from '../../src/domain/schemas/contactInformation';
import { ScheduleIdParam } from '../../src/domain/schemas/scheduling';
import { createItemContactCommand, itemSmsDialogs, readItemContact, updateItemContactCommand, updateSmsLog } from '../services/scheduling/contact';
import { mutation } from './mutation';
import { errors, mutationErrors } from './schemas';

const tags = ['Schedule'];

export async function contactInformationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/contactInformation/scheduleItemId/:id', { schema: { tags, params: ScheduleIdParam, response: { 200: ScheduleItemContactSchema, ...errors } } },
    (req) => readItemContact(app.context.db, req.user, req.params.id));

  r.post('/contactInformation', { schema: { tags, body: ContactInformationBodySchema, response: { 201: ContactInformationSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, createItemContactCommand, req.body));

  r.put('/contactInformation', { schema: { tags, body: ContactInformationBodySchema, response: { 200: ContactInformationSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, updateItemContactCommand, req.body));

  r.get('/ScheduleItem/:id/smsDialogs', { schema: { tags, params: ScheduleIdParam, response: { 200: Type.Array(SmsLogEntrySchema), ...errors } } },
    (req) => itemSmsDialogs(app.context.db, req.user, req.params.id));

  r.post('/Schedule/UpdateSmsLog', { schema: { tags, body: UpdateSmsLogBodySchema, response: { 200: Type.Array(SmsLogEntrySchema), ...errors } } },
    (req) => updateSmsLog(app.context, req.user, req.body.scheduleItemId));
}
