/**
 * The assignment list (spec 2 §7): /api/AssignmentList, admin with agreement. What it answers is
 * written in services/assignments/list.ts; shapes in src/domain/schemas/scheduling.ts. The list
 * is JSON text written by PostgreSQL, compressed and kept by services/assignments/listCache.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AssigneeParam, AssignmentListItemSchema, AssignmentListQuery, AssignmentLookupsSchema, type AssignmentListItem } from '../../src/domain/schemas/scheduling';
import { assignmentList, assignmentLookups } from '../services/assignments/list';
import { LIST_LIMITS, listEncodingOf } from '../services/assignments/listCache';
import { closeListWriters } from '../services/assignments/listWriter';
import { ErrorBody, errors } from './schemas';

const tags = ['AssignmentList'];

export async function assignmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // The lists' writers hold a connection each: ended with the server (listWriter.ts).
  const url = (app.context.database.pool.options as { connectionString?: string }).connectionString;
  if (url) app.addHook('onClose', () => closeListWriters(url));

  r.get('/AssignmentList/lookup', { schema: { tags, response: { 200: AssignmentLookupsSchema, ...errors } } },
    (req) => assignmentLookups(app.context.db, req.user));

  r.get('/AssignmentList/assignee/:id', {
    // Compressed by listCache.ts, once per list and encoding, not per answer.
    compress: false,
    schema: { tags, params: AssigneeParam, querystring: AssignmentListQuery, response: { 200: Type.Array(AssignmentListItemSchema), ...errors, 429: ErrorBody } },
  }, async (req, reply) => {
    const encoding = listEncodingOf(req.headers['accept-encoding']);
    const body = await assignmentList(app.context.db, req.user, req.params.id, req.query, encoding);
    // A reader that stops taking the answer is cut after stallMs without progress (it only holds a
    // reference to kept bytes, but a connection too).
    reply.raw.setTimeout(LIST_LIMITS.stallMs, () => reply.raw.destroy());
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    // Fastify sends a buffer as it is (no serializer runs); the type provider only knows the array it stands for.
    return reply.send(body as unknown as AssignmentListItem[]);
  });
}
