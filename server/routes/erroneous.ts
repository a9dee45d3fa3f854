/**
 * The error-handling page (spec 2 §2.4): its list (§7 GET /api/ErroneousScheduleItem) and submit as
 * deviation (ours: POST /api/ErroneousScheduleItem/{id}/deviation). Shapes and rules:
 * src/domain/schemas/erroneous.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DeviationSubmitParams, DeviationSubmitResultSchema, DeviationSubmitSchema, ErroneousScheduleItemSchema,
} from '../../src/domain/schemas/erroneous';
import { submitAsDeviationCommand } from '../services/scheduling/deviation';
import { listErroneousItems } from '../services/scheduling/erroneous';
import { mutation } from './mutation';
import { errors, mutationErrors } from './schemas';

const tags = ['Schedule'];

export async function erroneousRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/ErroneousScheduleItem', { schema: { tags, response: { 200: Type.Array(ErroneousScheduleItemSchema), ...errors } } },
    (req) => listErroneousItems(app.context.db, req.user));

  r.post('/ErroneousScheduleItem/:id/deviation', {
    schema: { tags, params: DeviationSubmitParams, body: DeviationSubmitSchema, response: { 200: DeviationSubmitResultSchema, ...mutationErrors } },
  }, (req, reply) => mutation(req, reply, submitAsDeviationCommand, { id: req.params.id, body: req.body }));
}
