/** Water meters on the customer's properties: a unit's meters, and one meter (shape in src/domain/schemas/waterMeters.ts). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { metersOnProperty, waterMeter } from '../services/waterMeters';
import { BigIdParam, errors, WaterMeterSchema } from './schemas';

const tags = ['WaterMeters'];

export async function waterMeterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/WaterMeters', {
    schema: { tags, querystring: Type.Object({ matrikkelNummer: Type.String({ minLength: 1 }) }), response: { 200: Type.Array(WaterMeterSchema), ...errors } },
  }, (req) => metersOnProperty(app.context.db, req.user, req.query.matrikkelNummer));
  r.get('/WaterMeters/:id', { schema: { tags, params: BigIdParam, response: { 200: WaterMeterSchema, ...errors } } },
    (req) => waterMeter(app.context.db, req.user, req.params.id));
}
