/**
 * The embedded SMS gateway's demo phone (ours): GET /api/demoPhone/messages, POST /api/demoPhone/reply.
 * Shapes and rules: src/domain/schemas/demoPhone.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DemoPhoneMessageSchema, DemoPhoneReplyBodySchema, DemoPhoneReplyResultSchema } from '../../src/domain/schemas/demoPhone';
import { demoPhoneMessages, demoPhoneReply } from '../services/demoPhone';
import { errors, mutationErrors } from './schemas';

const tags = ['Sms'];

export async function demoPhoneRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/demoPhone/messages', { schema: { tags, response: { 200: Type.Array(DemoPhoneMessageSchema), ...errors } } },
    (req) => demoPhoneMessages(app.context, req.user));
  r.post('/demoPhone/reply', { schema: { tags, body: DemoPhoneReplyBodySchema, response: { 200: DemoPhoneReplyResultSchema, ...mutationErrors } } },
    (req) => demoPhoneReply(app.context, req.user, req.body));
}
