/**
 * SMS templates (spec 3 §7): /api/NotificationTemplate, /api/NotificationTemplateContent, /api/MergeField;
 * and ours: POST /api/NotificationTemplate/{id}/test sends a template as a test SMS.
 * Shapes and decisions: src/domain/schemas/templates.ts; rules: services/templates.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CreateTemplateBody, CreateTemplateContentBody, MergeFieldSchema, MeterAddressRangeSchema, NotificationTemplateSchema, NotificationTypeParam,
  SentSmsSchema, TemplateContentSchema, TemplateKeyParam, TestSmsBody, UpdateTemplateBody,
} from '../../src/domain/schemas/templates';
import { mutation } from './mutation';
import { sendTemplateTestCommand } from '../services/sms';
import {
  companyMeterAddressRange, createTemplateCommand, createTemplateContentCommand, listTemplates, mergeFieldsForType, sampleByKey, templateByKey,
  templateContent, updateTemplateCommand,
} from '../services/templates';
import { ErrorBody, errors, IdParam, mutationErrors } from './schemas';

const tags = ['SMS templates'];

export async function templateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/NotificationTemplate', { schema: { tags, response: { 200: Type.Array(NotificationTemplateSchema), ...errors } } },
    (req) => listTemplates(app.context.db, req.user));
  r.get('/NotificationTemplate/sample/:key', { schema: { tags, params: TemplateKeyParam, response: { 200: NotificationTemplateSchema, ...errors } } },
    (req) => sampleByKey(app.context.db, req.user, req.params.key));
  r.get('/NotificationTemplate/:key', { schema: { tags, params: TemplateKeyParam, response: { 200: NotificationTemplateSchema, ...errors } } },
    (req) => templateByKey(app.context.db, req.user, req.params.key));
  r.post('/NotificationTemplate', { schema: { tags, body: CreateTemplateBody, response: { 201: NotificationTemplateSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, createTemplateCommand, req.body));
  r.put('/NotificationTemplate/:id', { schema: { tags, params: IdParam, body: UpdateTemplateBody, response: { 200: NotificationTemplateSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, updateTemplateCommand, { id: req.params.id, body: req.body }));
  // Sends the template once as a test SMS (the company's name and phone, example date, time and address).
  r.post('/NotificationTemplate/:id/test', {
    schema: { tags, params: IdParam, body: TestSmsBody, response: { 201: SentSmsSchema, ...mutationErrors, 429: ErrorBody } },
  }, (req, reply) => mutation(req, reply, sendTemplateTestCommand, { id: req.params.id, body: req.body }));

  r.post('/NotificationTemplateContent', { schema: { tags, body: CreateTemplateContentBody, response: { 201: TemplateContentSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, createTemplateContentCommand, req.body));
  r.get('/NotificationTemplateContent/:id', { schema: { tags, params: IdParam, response: { 200: TemplateContentSchema, ...errors } } },
    (req) => templateContent(app.context.db, req.user, req.params.id));

  r.get('/MergeField/notificationType/:type', { schema: { tags, params: NotificationTypeParam, response: { 200: Type.Array(MergeFieldSchema), ...errors } } },
    (req) => mergeFieldsForType(req.user, req.params.type));
  r.get('/MergeField/meterAddressRange', { schema: { tags, response: { 200: MeterAddressRangeSchema, ...errors } } },
    (req) => companyMeterAddressRange(app.context.db, req.user));
}
