/**
 * SMS templates (spec 3 §2, §7; shapes in src/domain/schemas/templates.ts). Samples belong to no
 * company and are read-only; a company's custom templates are made from a sample and edited freely.
 * The company's "example" of a notification type is the template in use for it: a custom template
 * flagged isExample, else the type's sample. Reads: an admin; writes: an admin with the agreement.
 */
import {
  MERGE_FIELDS_BY_TYPE, meterAddressRange, type MergeFieldDef, type MeterAddressRange, type NotificationTemplateTypeId,
} from '../../src/domain/settings/company';
import type {
  CreateTemplateContentRequest, CreateTemplateRequest, MergeFieldDto, NotificationTemplate, TemplateContent, UpdateTemplateRequest,
} from '../../src/domain/schemas/templates';
import type { UserContext } from '../auth/context';
import { requireAdmin, requireAdminWithAgreement } from '../auth/guards';
import { companyMergeValues } from './companySettings';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import type { DbOrTx, Work } from '../db/tx';
import {
  clearExamples, customExampleTypes, exampleTemplate, findSample, findTemplateContent, findVisibleTemplate, insertTemplate,
  insertTemplateContent, liveJobAddressTexts, updateTemplateRow, visibleTemplateByKey, visibleTemplates, type TemplateRow,
} from '../repositories/templates';
import { command } from './command';

export function mergeFieldsOf(notificationTypeId: number): MergeFieldDto[] {
  return (MERGE_FIELDS_BY_TYPE[notificationTypeId as NotificationTemplateTypeId] ?? []).map((f: MergeFieldDef) => ({ id: f.id, name: f.name, token: f.token }));
}

async function present(db: DbOrTx, companyId: string, rows: TemplateRow[]): Promise<NotificationTemplate[]> {
  const merge = await companyMergeValues(db, companyId);
  const customExample = await customExampleTypes(db, companyId);
  return rows.map((r) => ({
    id: r.id, key: r.key, title: r.title, name: r.name, text: r.text, notificationTypeId: r.notificationTypeId,
    parentTemplateId: r.parentTemplateId, isSampleTemplate: r.isSampleTemplate,
    isExample: r.isSampleTemplate ? !customExample.has(r.notificationTypeId) : r.isExample,
    mergeFields: mergeFieldsOf(r.notificationTypeId), ...merge,
  }));
}

/** GET /api/NotificationTemplate: the company's custom templates, then the samples, by type. */
export async function listTemplates(db: DbOrTx, user: UserContext): Promise<NotificationTemplate[]> {
  const companyId = requireAdmin(user);
  return present(db, companyId, await visibleTemplates(db, companyId));
}

/** GET /api/NotificationTemplate/{key}: the company's template with the key, else the sample with it. */
export async function templateByKey(db: DbOrTx, user: UserContext, key: string): Promise<NotificationTemplate> {
  const companyId = requireAdmin(user);
  const row = await visibleTemplateByKey(db, companyId, key);
  if (!row) throw notFound('Template');
  return (await present(db, companyId, [row]))[0];
}

/** GET /api/NotificationTemplate/sample/{key}. */
export async function sampleByKey(db: DbOrTx, user: UserContext, key: string): Promise<NotificationTemplate> {
  const companyId = requireAdmin(user);
  const row = await findSample(db, { key });
  if (!row) throw notFound('Sample template');
  return (await present(db, companyId, [row]))[0];
}

/**
 * The template a company's messages of a type use: its example custom template, else the sample.
 * For the senders (notices, reminders, confirmations, cancellations), with renderTemplate.
 */
export async function templateInUse(db: DbOrTx, companyId: string, notificationTypeId: number): Promise<NotificationTemplate | null> {
  const row = await exampleTemplate(db, companyId, notificationTypeId);
  return row ? (await present(db, companyId, [row]))[0] : null;
}

/** A template the company can see (its own or a sample), or 404. */
export async function visibleTemplate(db: DbOrTx, companyId: string, id: number): Promise<TemplateRow> {
  const row = await findVisibleTemplate(db, companyId, id);
  if (!row) throw notFound('Template');
  return row;
}

/** POST /api/NotificationTemplate: a custom template made from a sample of the same type. */
export async function createTemplate(w: Work, user: UserContext, body: CreateTemplateRequest): Promise<NotificationTemplate> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'settings');
  const parent = await findSample(tx, { id: body.parentTemplateId });
  if (!parent) throw badRequest('body/parentTemplateId', 'is not a sample template');
  if (parent.notificationTypeId !== body.notificationTypeId) throw badRequest('body/notificationTypeId', 'differs from the sample\'s notification type');
  const row = await insertTemplate(tx, {
    companyId, key: body.key, title: body.title.trim(), name: body.name.trim(), text: body.templateText,
    notificationTypeId: body.notificationTypeId, parentTemplateId: parent.id, isSampleTemplate: false, isExample: false,
  });
  if (!row) throw conflict(`Template key ${body.key} already exists`);
  return (await present(tx, companyId, [row]))[0];
}

/** PUT /api/NotificationTemplate/{id}: edit a custom template and/or make it (or a sample) the example. */
export async function updateTemplate(w: Work, user: UserContext, id: number, body: UpdateTemplateRequest): Promise<NotificationTemplate> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'settings');
  const row = await visibleTemplate(tx, companyId, id);
  const edits = body.templateText !== undefined || body.title !== undefined || body.name !== undefined;
  if (row.isSampleTemplate && edits) throw forbidden();
  if (body.isExample) {
    // One example per notification type and company: unset the others (for a sample: all of them).
    await clearExamples(tx, companyId, row.notificationTypeId);
  }
  if (row.isSampleTemplate) return (await present(tx, companyId, [row]))[0];
  const updated = await updateTemplateRow(tx, row.id, {
    ...(body.templateText !== undefined ? { text: body.templateText } : {}),
    ...(body.title !== undefined ? { title: body.title.trim() } : {}),
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    ...(body.isExample ? { isExample: true } : {}),
  });
  return (await present(tx, companyId, [updated]))[0];
}

/** POST /api/NotificationTemplateContent: a saved text snippet of a template the company can see. */
export async function createTemplateContent(w: Work, user: UserContext, body: CreateTemplateContentRequest): Promise<TemplateContent> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  w.changes.note(companyId, 'settings');
  await visibleTemplate(tx, companyId, body.notificationTemplateId);
  return insertTemplateContent(tx, companyId, body.notificationTemplateId, body.content);
}

/** GET /api/NotificationTemplateContent/{id}: the company's own snippets only. */
export async function templateContent(db: DbOrTx, user: UserContext, id: number): Promise<TemplateContent> {
  const companyId = requireAdmin(user);
  const content = await findTemplateContent(db, companyId, id);
  if (!content) throw notFound('Template content');
  return content;
}

/** GET /api/MergeField/notificationType/{type}. */
export function mergeFieldsForType(user: UserContext, type: number): MergeFieldDto[] {
  requireAdmin(user);
  return mergeFieldsOf(type);
}

/**
 * GET /api/MergeField/meterAddressRange: the extremes of the addresses the company's messages carry
 * (#MeterAddress#: the address of each of its live jobs). Another company's addresses never count.
 */
export async function companyMeterAddressRange(db: DbOrTx, user: UserContext): Promise<MeterAddressRange> {
  const companyId = requireAdmin(user);
  return meterAddressRange(await liveJobAddressTexts(db, companyId));
}

// --- the routes' commands (services/command.ts): a creation answers 201 -----------------------------
export const createTemplateCommand = command({ status: 201, run: createTemplate });
export const updateTemplateCommand = command({
  status: 200, run: (w, user, { id, body }: { id: number; body: UpdateTemplateRequest }) => updateTemplate(w, user, id, body),
});
export const createTemplateContentCommand = command({ status: 201, run: createTemplateContent });
