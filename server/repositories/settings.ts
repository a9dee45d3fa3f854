/** How a company's settings, configuration, working hours and holidays are kept. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CompanySetting } from '../../src/domain/schemas/companySettings';
import { companies, companyConfigurations, companySettings } from '../db/schema';
import { advisoryLock, type DbOrTx, type Tx } from '../db/tx';

/**
 * Writes of a company's settings, working hours and holidays take this lock first: each checks what
 * exists before it inserts, and two concurrent saves must not both pass that check (the second would
 * hit a unique index and fail with 500 instead of getting the 409 or the result it should).
 */
export async function lockCompanySettings(tx: Tx, companyId: string): Promise<void> {
  await advisoryLock(tx, `settings:${companyId}`);
}

export type SettingRow = typeof companySettings.$inferSelect;

/** The company's settings by type. */
export async function companySettingsOf(db: DbOrTx, companyId: string): Promise<CompanySetting[]> {
  return db.select({ id: companySettings.id, settingTypeId: companySettings.settingTypeId, value: companySettings.value })
    .from(companySettings).where(eq(companySettings.companyId, companyId)).orderBy(asc(companySettings.settingTypeId));
}

/** The company's settings with these ids (those it has). */
export async function findSettings(db: DbOrTx, companyId: string, ids: number[]): Promise<SettingRow[]> {
  return db.select().from(companySettings).where(and(eq(companySettings.companyId, companyId), inArray(companySettings.id, ids)));
}

/** Which of these setting types the company has set. */
export async function settingTypesSet(db: DbOrTx, companyId: string, settingTypeIds: number[]): Promise<number[]> {
  const rows = await db.select({ settingTypeId: companySettings.settingTypeId }).from(companySettings)
    .where(and(eq(companySettings.companyId, companyId), inArray(companySettings.settingTypeId, settingTypeIds)));
  return rows.map((r) => r.settingTypeId);
}

export async function insertSettings(tx: Tx, rows: (typeof companySettings.$inferInsert)[]): Promise<void> {
  await tx.insert(companySettings).values(rows);
}

export async function setSettingValue(tx: Tx, id: number, value: string): Promise<void> {
  await tx.update(companySettings).set({ value }).where(eq(companySettings.id, id));
}

export async function deleteSettingRows(tx: Tx, companyId: string, ids: number[]): Promise<void> {
  await tx.delete(companySettings).where(and(eq(companySettings.companyId, companyId), inArray(companySettings.id, ids)));
}

export type ConfigurationRow = typeof companyConfigurations.$inferSelect;

export async function findConfiguration(db: DbOrTx, companyId: string): Promise<ConfigurationRow | undefined> {
  const [row] = await db.select().from(companyConfigurations).where(eq(companyConfigurations.companyId, companyId)).limit(1);
  return row;
}

/** The company's first configuration; undefined when it has one already. */
export async function insertConfiguration(tx: Tx, companyId: string, data: Record<string, unknown>): Promise<ConfigurationRow | undefined> {
  const [row] = await tx.insert(companyConfigurations).values({ companyId, data }).onConflictDoNothing().returning();
  return row;
}

/** Replaces the company's configuration; undefined when it has none. */
export async function replaceConfiguration(tx: Tx, companyId: string, data: Record<string, unknown>): Promise<ConfigurationRow | undefined> {
  const [row] = await tx.update(companyConfigurations).set({ data, updatedAt: new Date() })
    .where(eq(companyConfigurations.companyId, companyId)).returning();
  return row;
}

/** The company's own name and phone, as registered. */
export async function companyNameAndPhone(db: DbOrTx, companyId: string): Promise<{ name: string; telephone: string } | undefined> {
  const [company] = await db.select({ name: companies.name, telephone: companies.telephone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return company;
}
