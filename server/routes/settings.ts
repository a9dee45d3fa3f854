/** Settings of the customer (the water utility) every signed-in user may read (spec 3 §7). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { supportContactOf } from '../services/customerSettings';
import { errors, SupportContactSchema } from './schemas';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // Empty strings when the utility has given none: the client falls back to the product's support (spec 3 §8).
  r.get('/waterMeterSettings/getCustomerContactInfo', { schema: { tags: ['Settings'], response: { 200: SupportContactSchema, ...errors } } },
    (req) => supportContactOf(app.context.db, req.user));
}
