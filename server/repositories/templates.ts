/**
 * SMS templates and their saved texts as kept: samples have no company; a company sees its own and
 * the samples (services/templates.ts holds the rules).
 */
import { and, asc, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { TemplateContent } from '../../src/domain/schemas/templates';
import { addresses, jobs, notificationTemplateContents, notificationTemplates } from '../db/schema';
import type { DbOrTx, Tx } from '../db/tx';

export type TemplateRow = typeof notificationTemplates.$inferSelect;

/** Templates a company may see: its own and the samples. */
const visibleTo = (companyId: string): SQL => or(eq(notificationTemplates.companyId, companyId), isNull(notificationTemplates.companyId))!;

/** The notification types for which the company has flagged a custom template as its example. */
export async function customExampleTypes(db: DbOrTx, companyId: string): Promise<Set<number>> {
  const rows = await db.select({ type: notificationTemplates.notificationTypeId }).from(notificationTemplates)
    .where(and(eq(notificationTemplates.companyId, companyId), eq(notificationTemplates.isExample, true)));
  return new Set(rows.map((r) => r.type));
}

/** The company's custom templates, then the samples, each by type and id. */
export async function visibleTemplates(db: DbOrTx, companyId: string): Promise<TemplateRow[]> {
  return db.select().from(notificationTemplates).where(visibleTo(companyId))
    .orderBy(asc(notificationTemplates.isSampleTemplate), asc(notificationTemplates.notificationTypeId), asc(notificationTemplates.id));
}

/** The company's template with the key, else the sample with it. */
export async function visibleTemplateByKey(db: DbOrTx, companyId: string, key: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(notificationTemplates)
    .where(and(visibleTo(companyId), eq(notificationTemplates.key, key)))
    .orderBy(asc(notificationTemplates.isSampleTemplate)).limit(1);
  return row;
}

export async function findVisibleTemplate(db: DbOrTx, companyId: string, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(notificationTemplates).where(and(visibleTo(companyId), eq(notificationTemplates.id, id))).limit(1);
  return row;
}

export async function findSample(db: DbOrTx, which: { key: string } | { id: number }): Promise<TemplateRow | undefined> {
  const by = 'key' in which ? eq(notificationTemplates.key, which.key) : eq(notificationTemplates.id, which.id);
  const [row] = await db.select().from(notificationTemplates).where(and(isNull(notificationTemplates.companyId), by)).limit(1);
  return row;
}

/** The company's example custom template of a type, else the type's sample (the newest when several). */
export async function exampleTemplate(db: DbOrTx, companyId: string, notificationTypeId: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(notificationTemplates)
    .where(and(eq(notificationTemplates.notificationTypeId, notificationTypeId), or(
      and(eq(notificationTemplates.companyId, companyId), eq(notificationTemplates.isExample, true)),
      isNull(notificationTemplates.companyId),
    )))
    .orderBy(asc(notificationTemplates.isSampleTemplate), desc(notificationTemplates.updatedAt)).limit(1);
  return row;
}

/** Inserts a custom template; undefined when the company has one with its key already. */
export async function insertTemplate(tx: Tx, row: typeof notificationTemplates.$inferInsert): Promise<TemplateRow | undefined> {
  const [inserted] = await tx.insert(notificationTemplates).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateTemplateRow(tx: Tx, id: number, patch: Partial<typeof notificationTemplates.$inferInsert>): Promise<TemplateRow> {
  const [updated] = await tx.update(notificationTemplates).set({ ...patch, updatedAt: new Date() }).where(eq(notificationTemplates.id, id)).returning();
  return updated;
}

/** The company's custom templates of a type are no longer its example. */
export async function clearExamples(tx: Tx, companyId: string, notificationTypeId: number): Promise<void> {
  await tx.update(notificationTemplates).set({ isExample: false, updatedAt: new Date() }).where(and(
    eq(notificationTemplates.companyId, companyId), eq(notificationTemplates.notificationTypeId, notificationTypeId),
    eq(notificationTemplates.isExample, true),
  ));
}

const toContent = (r: typeof notificationTemplateContents.$inferSelect): TemplateContent =>
  ({ id: r.id, notificationTemplateId: r.notificationTemplateId, content: r.content });

export async function insertTemplateContent(tx: Tx, companyId: string, notificationTemplateId: number, content: string): Promise<TemplateContent> {
  const [row] = await tx.insert(notificationTemplateContents).values({ companyId, notificationTemplateId, content }).returning();
  return toContent(row);
}

/** One of the company's own saved texts. */
export async function findTemplateContent(db: DbOrTx, companyId: string, id: number): Promise<TemplateContent | undefined> {
  const [row] = await db.select().from(notificationTemplateContents)
    .where(and(eq(notificationTemplateContents.companyId, companyId), eq(notificationTemplateContents.id, id))).limit(1);
  return row ? toContent(row) : undefined;
}

/** The distinct address texts of the company's live jobs. */
export async function liveJobAddressTexts(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ text: addresses.text }).from(jobs)
    .innerJoin(addresses, eq(addresses.id, jobs.addressId))
    .where(and(eq(jobs.companyId, companyId), isNull(jobs.deletedAt)));
  return rows.map((r) => r.text);
}
