/** How a company's settings, working hours and holidays are kept. */
import { advisoryLock, type Tx } from '../db/tx';

/**
 * Writes of a company's settings, working hours and holidays take this lock first: each checks what
 * exists before it inserts, and two concurrent saves must not both pass that check (the second would
 * hit a unique index and fail with 500 instead of getting the 409 or the result it should).
 */
export async function lockCompanySettings(tx: Tx, companyId: string): Promise<void> {
  await advisoryLock(tx, `settings:${companyId}`);
}
