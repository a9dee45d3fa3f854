/**
 * POST, PUT and DELETE /api/Setting (spec 3 §7): a settings form saved. It writes what
 * planSettingsSave (src/domain/settings/company.ts) says: creates, then updates, then deletes; each
 * answer is the company's settings after it, so the last one is what is saved.
 */
import { apiFetch, ApiError } from '../../../../data/transport';
import { ownWrite } from '../../../../data/useLiveReload';
import { planSettingsSave, type SettingsForm } from '../../../../domain/settings/company';
import type { CompanySetting } from '../../../../domain/schemas/companySettings';

/** Which text a failed save shows (spec 3 §8): the server's InvalidInput, or which write failed. */
export type SaveFailure = 'InvalidInput' | 'CreateFailed' | 'UpdateFailed';
export type SaveOutcome =
  | { ok: true; settings: CompanySetting[]; createdOnly: boolean }
  | { ok: false; failure: SaveFailure; settings: CompanySetting[] | null };

const invalidInput = (e: unknown) => e instanceof ApiError && e.status === 400
  && (e.body as { errorKey?: string } | null)?.errorKey === 'InvalidInput';

export async function saveCompanySettings(companyId: string, saved: CompanySetting[], form: SettingsForm): Promise<SaveOutcome> {
  const plan = planSettingsSave(saved, form);
  let settings: CompanySetting[] | null = null;
  const step = async (failure: SaveFailure, run: () => Promise<CompanySetting[]>): Promise<SaveFailure | null> => {
    try {
      settings = await ownWrite(run());
      return null;
    } catch (e) {
      return invalidInput(e) ? 'InvalidInput' : failure;
    }
  };
  const failed = (plan.create.length ? await step('CreateFailed', () => apiFetch('/api/Setting', { method: 'POST', body: { groupId: companyId, settingList: plan.create } })) : null)
    ?? (plan.update.length ? await step('UpdateFailed', () => apiFetch('/api/Setting', { method: 'PUT', body: plan.update })) : null)
    ?? (plan.delete.length ? await step('UpdateFailed', () => apiFetch('/api/Setting', { method: 'DELETE', body: plan.delete })) : null);
  if (failed) return { ok: false, failure: failed, settings };
  return { ok: true, settings: settings ?? saved, createdOnly: !plan.update.length && !plan.delete.length };
}
