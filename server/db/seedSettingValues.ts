/** Demo company settings: job durations and interval, error threshold, reminders, configuration. */
import type { DbOrTx } from '../services/tx';

export async function seedSettingValues(_db: DbOrTx, _companyId: string): Promise<void> {}
