/** The utility's properties and addresses, as a job refers to them. */
import { and, eq } from 'drizzle-orm';
import { addresses, properties } from '../db/schema';
import type { DbOrTx } from '../db/tx';

export async function findCustomerProperty(db: DbOrTx, customerId: string, propertyId: number) {
  const [row] = await db.select().from(properties).where(and(eq(properties.id, propertyId), eq(properties.customerId, customerId))).limit(1);
  return row;
}

export async function findCustomerAddress(db: DbOrTx, customerId: string, addressId: number) {
  const [row] = await db.select().from(addresses).where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId))).limit(1);
  return row;
}
