/** Reference lists (reference_items, filled by migration 0002): GET /api/{list}. */
import { and, asc, eq } from 'drizzle-orm';
import { referenceItems } from '../db/schema';
import type { DbOrTx } from '../db/tx';

/** API path name → list name in reference_items. JobStatus and WaterTypes are our paths (the spec shows none). */
export const LOOKUP_LISTS = [
  'TaskStatus', 'JobTypes', 'JobStatus', 'watermetermodels', 'watermeterplacements', 'WaterMeterReadingTypes',
  'MaxConstructionLength', 'BackflowProtectionTypes', 'Deviation', 'CancellationType', 'WorkDayType', 'HoliDayType',
  'ApplicationSetting', 'AvailabilityType', 'WaterTypes',
] as const;
export type LookupList = (typeof LOOKUP_LISTS)[number];

export type LookupItem = Record<string, unknown> & { id: number };

export async function lookupList(db: DbOrTx, list: LookupList): Promise<LookupItem[]> {
  const rows = await db.select({ data: referenceItems.data }).from(referenceItems)
    .where(eq(referenceItems.list, list)).orderBy(asc(referenceItems.sortOrder), asc(referenceItems.id));
  return rows.map((r) => r.data as LookupItem);
}

export async function lookupItem(db: DbOrTx, list: LookupList, id: number): Promise<LookupItem | null> {
  const [row] = await db.select({ data: referenceItems.data }).from(referenceItems)
    .where(and(eq(referenceItems.list, list), eq(referenceItems.id, id))).limit(1);
  return (row?.data as LookupItem | undefined) ?? null;
}
