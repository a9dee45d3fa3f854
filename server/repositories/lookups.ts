/** Reference lists (reference_items, filled by migration 0002), each item's data as stored. */
import { and, asc, eq } from 'drizzle-orm';
import { referenceItems } from '../db/schema';
import type { DbOrTx } from '../db/tx';

export async function referenceList(db: DbOrTx, list: string): Promise<unknown[]> {
  const rows = await db.select({ data: referenceItems.data }).from(referenceItems)
    .where(eq(referenceItems.list, list)).orderBy(asc(referenceItems.sortOrder), asc(referenceItems.id));
  return rows.map((r) => r.data);
}

export async function referenceItem(db: DbOrTx, list: string, id: number): Promise<unknown> {
  const [row] = await db.select({ data: referenceItems.data }).from(referenceItems)
    .where(and(eq(referenceItems.list, list), eq(referenceItems.id, id))).limit(1);
  return row?.data;
}
