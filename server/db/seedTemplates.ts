/**
 * Demo SMS templates (spec 3): the samples every company sees, and custom templates of the company
 * with settings. Filled in by the SMS template work (issue 6).
 */
import type { DbOrTx } from '../services/tx';

export async function seedTemplates(_db: DbOrTx, _ids: { companyWithSettings: string }): Promise<void> {}
