/** Reference lists (reference_items, filled by migration 0002): GET /api/{list}. */
import type { DbOrTx } from '../db/tx';
import { referenceItem, referenceList } from '../repositories/lookups';

/** API path name → list name in reference_items. JobStatus and WaterTypes are our paths (the spec shows none). */
export const LOOKUP_LISTS = [
  'TaskStatus', 'JobTypes', 'JobStatus', 'watermetermodels', 'watermeterplacements', 'WaterMeterReadingTypes',
  'MaxConstructionLength', 'BackflowProtectionTypes', 'Deviation', 'CancellationType', 'WorkDayType', 'HoliDayType',
  'ApplicationSetting', 'AvailabilityType', 'WaterTypes',
] as const;
export type LookupList = (typeof LOOKUP_LISTS)[number];

export type LookupItem = Record<string, unknown> & { id: number };

export async function lookupList(db: DbOrTx, list: LookupList): Promise<LookupItem[]> {
  return (await referenceList(db, list)) as LookupItem[];
}

export async function lookupItem(db: DbOrTx, list: LookupList, id: number): Promise<LookupItem | null> {
  return ((await referenceItem(db, list, id)) as LookupItem | undefined) ?? null;
}
