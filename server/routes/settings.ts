/**
 * Settings of the customer (the water utility) and the company (spec 3 §7). So far the support
 * contact every signed-in user may read; the company's settings follow with issue 6.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { customers } from '../db/schema';
import { errors, SupportContactSchema } from './schemas';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // Empty strings when the utility has given none: the client falls back to the product's support (spec 3 §8).
  r.get('/waterMeterSettings/getCustomerContactInfo', { schema: { tags: ['Settings'], response: { 200: SupportContactSchema, ...errors } } }, async (req) => {
    const [row] = await app.db.select({ email: customers.supportEmail, phone: customers.supportPhone })
      .from(customers).where(eq(customers.id, req.user.customerId)).limit(1);
    return { emailAddress: row?.email ?? '', phoneNumber: row?.phone ?? '' };
  });
}
