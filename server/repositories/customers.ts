/** The water utilities (customers) the companies work for. */
import { eq } from 'drizzle-orm';
import { customers } from '../db/schema';
import type { DbOrTx } from '../db/tx';

/** The support contact a utility gives its plumbers; empty strings when it has given none. */
export async function customerSupportContact(db: DbOrTx, customerId: string): Promise<{ emailAddress: string; phoneNumber: string }> {
  const [row] = await db.select({ email: customers.supportEmail, phone: customers.supportPhone })
    .from(customers).where(eq(customers.id, customerId)).limit(1);
  return { emailAddress: row?.email ?? '', phoneNumber: row?.phone ?? '' };
}
