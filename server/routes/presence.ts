/**
 * Who else has a plumber's week open in the calendar (ours): PUT /api/Schedule/presence beats,
 * DELETE /api/Schedule/presence/{viewId} leaves. Shapes and rules: src/domain/schemas/presence.ts,
 * services/scheduling/presence.ts. Not idempotency-keyed: a beat repeated is the same beat.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PresenceBody, PresenceSchema, PresenceViewParam } from '../../src/domain/schemas/presence';
import { beatPresence, leavePresence } from '../services/scheduling/presence';
import { mutationErrors } from './schemas';

const tags = ['Schedule'];

export async function presenceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.put('/Schedule/presence', { schema: { tags, body: PresenceBody, response: { 200: PresenceSchema, ...mutationErrors } } },
    (req) => beatPresence(app.context, req.user, req.body));

  r.delete('/Schedule/presence/:viewId', {
    schema: { tags, params: PresenceViewParam, response: { 204: Type.Null({ description: 'The tab is no longer shown as having the week open' }), ...mutationErrors } },
  }, async (req, reply) => {
    await leavePresence(app.context, req.user, req.params.viewId);
    return reply.code(204).send(null);
  });
}
