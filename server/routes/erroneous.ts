/**
 * The error-handling page's list (spec 2 §2.4, §7 GET /api/ErroneousScheduleItem). Shape and rules:
 * src/domain/schemas/erroneous.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErroneousScheduleItemSchema } from '../../src/domain/schemas/erroneous';
import { listErroneousItems } from '../services/scheduling/erroneous';
import { errors } from './schemas';

const tags = ['Schedule'];

export async function erroneousRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/ErroneousScheduleItem', { schema: { tags, response: { 200: Type.Array(ErroneousScheduleItemSchema), ...errors } } },
    (req) => listErroneousItems(app.context.db, req.user));
}
