/** Reference lists: GET /api/{list} for every list of services/lookups.ts, and one meter model by id. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../http/errors';
import { LOOKUP_LISTS, lookupItem, lookupList } from '../services/lookups';
import { errors, IdParam, JsonObject } from './schemas';

export async function lookupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const list of LOOKUP_LISTS) {
    r.get(`/${list}`, { schema: { tags: ['Lookups'], response: { 200: Type.Array(JsonObject), ...errors } } }, () => lookupList(app.context.db, list));
  }
  r.get('/watermetermodels/:id', { schema: { tags: ['Lookups'], params: IdParam, response: { 200: JsonObject, ...errors } } }, async (req) => {
    const model = await lookupItem(app.context.db, 'watermetermodels', req.params.id);
    if (!model) throw notFound('Water meter model');
    return model;
  });
}
