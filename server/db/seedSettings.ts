/**
 * Demo data of spec 3 for the company with an agreement; the other company gets none, so the empty
 * states can be seen.
 */
import type { DbOrTx } from './tx';
import { seedWorkingCalendar } from './seedCalendar';
import { seedSettingValues } from './seedSettingValues';

export async function seedCompanySettings(db: DbOrTx, companyId: string, now: Date): Promise<void> {
  await seedWorkingCalendar(db, companyId, now);
  await seedSettingValues(db, companyId);
}
