/**
 * Plumber availability and unavailable time slots (spec 2 §7). Shapes and the decisions the spec
 * leaves open: src/domain/schemas/availability.ts. Paths are matched case-insensitively (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AVAILABILITY_LIST_DESCRIPTION, AvailabilityBulkBody, AvailabilityDeleteResultSchema, AvailabilityIdParam, AvailabilityIdsBody, AvailabilityInputSchema, AvailabilityListQuery,
  AvailabilitySlotSchema, AvailabilityUpdateSchema, AvailabilityWriteResultSchema, UnavailableSlotDeleteResultSchema, UnavailableSlotInputSchema,
  UnavailableSlotSchema, UnavailableSlotWriteResultSchema,
} from '../../src/domain/schemas/availability';
import {
  addAvailabilityBulkCommand, addAvailabilityCommand, addUnavailableSlotCommand, deleteAvailabilityCommand, deleteUnavailableSlotCommand, plumberAvailability,
  scheduleUnavailableSlots, updateAvailabilityCommand,
} from '../services/scheduling/availability';
import { mutation } from './mutation';
import { errors, mutationErrors } from './schemas';

const tags = ['Availability'];
const base = '/PlumberAvailabilitySetting';
/** The day a read that was cut short continues from (see schemas/availability.ts). */
const NEXT_FROM_HEADER = 'x-next-from';

export async function availabilityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(base, { schema: { tags, body: AvailabilityInputSchema, response: { 201: AvailabilityWriteResultSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, addAvailabilityCommand, req.body));

  r.post(`${base}/bulk`, { schema: { tags, body: AvailabilityBulkBody, response: { 201: AvailabilityWriteResultSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, addAvailabilityBulkCommand, req.body));

  r.get(`${base}/plumber/:id`, {
    schema: {
      tags, params: AvailabilityIdParam, querystring: AvailabilityListQuery,
      response: { 200: Type.Array(AvailabilitySlotSchema, { description: AVAILABILITY_LIST_DESCRIPTION }), ...errors },
    },
  }, async (req, reply) => {
    const { entries, nextFrom } = await plumberAvailability(app.context.db, req.user, req.params.id, req.query);
    if (nextFrom) reply.header(NEXT_FROM_HEADER, nextFrom);
    return entries;
  });

  r.put(`${base}/:id`, {
    schema: { tags, params: AvailabilityIdParam, body: AvailabilityUpdateSchema, response: { 200: AvailabilityWriteResultSchema, ...mutationErrors } },
  }, (req, reply) => mutation(req, reply, updateAvailabilityCommand, { id: req.params.id, body: req.body }));

  r.delete(`${base}/ids`, { schema: { tags, body: AvailabilityIdsBody, response: { 200: AvailabilityDeleteResultSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, deleteAvailabilityCommand, req.body));

  r.delete(`${base}/:id`, { schema: { tags, params: AvailabilityIdParam, response: { 200: AvailabilityDeleteResultSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, deleteAvailabilityCommand, [req.params.id]));

  r.post('/unavailabletimeslots', { schema: { tags, body: UnavailableSlotInputSchema, response: { 201: UnavailableSlotWriteResultSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, addUnavailableSlotCommand, req.body));

  r.get('/unavailabletimeslots/schedule/:id', { schema: { tags, params: AvailabilityIdParam, response: { 200: Type.Array(UnavailableSlotSchema), ...errors } } },
    (req) => scheduleUnavailableSlots(app.context.db, req.user, req.params.id));

  r.delete('/unavailabletimeslots/:id', { schema: { tags, params: AvailabilityIdParam, response: { 200: UnavailableSlotDeleteResultSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, deleteUnavailableSlotCommand, req.params.id));
}
