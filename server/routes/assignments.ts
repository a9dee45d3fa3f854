/**
 * The assignment list (spec 2 §7): /api/AssignmentList, admin with agreement. What it answers is
 * written in services/assignments/list.ts; shapes in src/domain/schemas/scheduling.ts. The list
 * arrives as a stream of JSON text, each item written by PostgreSQL, and is sent as it comes
 * (compressed by server/app.ts as it goes).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AssigneeParam, AssignmentListItemSchema, AssignmentListQuery, AssignmentLookupsSchema, type AssignmentListItem } from '../../src/domain/schemas/scheduling';
import { assignmentList, assignmentLookups } from '../services/assignments/list';
import { LARGE_JSON_COMPRESSION } from '../http/compression';
import { errors } from './schemas';

const tags = ['AssignmentList'];

export async function assignmentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/AssignmentList/lookup', { schema: { tags, response: { 200: AssignmentLookupsSchema, ...errors } } },
    (req) => assignmentLookups(app.db, req.user));

  r.get('/AssignmentList/assignee/:id', {
    compress: LARGE_JSON_COMPRESSION,
    schema: { tags, params: AssigneeParam, querystring: AssignmentListQuery, response: { 200: Type.Array(AssignmentListItemSchema), ...errors } },
  }, async (req, reply) => {
    const json = await assignmentList(app.db, req.user, req.params.id, req.query);
    // Fastify sends a stream as it is (no serializer runs); the type provider only knows the array it stands for.
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').send(json as unknown as AssignmentListItem[]);
  });
}
