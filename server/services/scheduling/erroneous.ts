/**
 * GET /api/ErroneousScheduleItem: the error-handling page's list (spec 2 §2.4, §3, §4, §9). Which items,
 * in which window and order, and what each field means: src/domain/schemas/erroneous.ts.
 */
import {
  cancellationClass, ERRONEOUS_MAX_ITEMS, ERRONEOUS_STATUSES, ERRONEOUS_WEEKS_AHEAD, ERRONEOUS_WEEKS_BACK, type ErroneousScheduleItem,
} from '../../../src/domain/schemas/erroneous';
import { SettingType } from '../../../src/domain/settings/company';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../../src/domain/time/oslo';
import type { UserContext } from '../../auth/context';
import { requireAdminWithAgreement } from '../../auth/guards';
import type { DbOrTx } from '../../db/tx';
import { erroneousItems } from '../../repositories/erroneous';
import { companySettingsOf } from '../../repositories/settings';

/** The window's start (inclusive) and end (exclusive) around `now`'s ISO week (Oslo). */
export function erroneousWindow(now: Date): { from: Date; to: Date } {
  const w = isoWeek(osloDay(now));
  const monday = isoWeekDates(w.year, w.week)[0];
  return { from: osloInstant(addDays(monday, -7 * ERRONEOUS_WEEKS_BACK), 0), to: osloInstant(addDays(monday, 7 * (ERRONEOUS_WEEKS_AHEAD + 1)), 0) };
}

/** The company's ErrorThreshold (spec 2 §9), or null while it has none. */
async function errorThreshold(db: DbOrTx, companyId: string): Promise<number | null> {
  const setting = (await companySettingsOf(db, companyId)).find((s) => s.settingTypeId === SettingType.ErrorThreshold);
  const value = setting ? Number.parseInt(setting.value, 10) : Number.NaN;
  return Number.isFinite(value) ? value : null;
}

export async function listErroneousItems(db: DbOrTx, user: UserContext, now = new Date()): Promise<ErroneousScheduleItem[]> {
  const companyId = requireAdminWithAgreement(user);
  const threshold = await errorThreshold(db, companyId);
  const rows = await erroneousItems(db, { companyId, statuses: ERRONEOUS_STATUSES, ...erroneousWindow(now), limit: ERRONEOUS_MAX_ITEMS });
  return rows.map((r) => ({
    id: r.id, scheduleId: r.scheduleId, weekNo: r.weekNo, year: r.year, assigneeId: r.assigneeId, assigneeName: r.assigneeName ?? '',
    status: r.status, address: r.address, scheduleStartDateTime: r.startTime?.toISOString() ?? null,
    numberOfNotifications: r.notifications, dateCancelled: r.updatedAt.toISOString(),
    cancellationTypeId: r.cancellationTypeId, cancellationType: cancellationClass(r.cancellationTypeId),
    exceedsThreshold: threshold !== null && r.notifications > threshold,
  }));
}
