/**
 * GET /api/Schedule/mine (src/domain/schemas/mySchedule.ts): the signed-in user's own laid items, any
 * role (a plumber reads what was planned for them; an admin who also works reads theirs). Only their
 * own: the assignee is the caller's registration id in the caller's company, never a parameter.
 */
import { MY_SCHEDULE_MAX_DAYS, MY_SCHEDULE_MAX_ITEMS, type MySchedule } from '../../../src/domain/schemas/mySchedule';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant, parseDay } from '../../../src/domain/time/oslo';
import { requireCompany } from '../../auth/guards';
import type { UserContext } from '../../auth/context';
import type { DbOrTx } from '../../db/tx';
import { badRequest } from '../../http/errors';
import { laidItemsOfPlumber, schedulesOfAssignee } from '../../repositories/scheduling';

/** The default range: the Monday four weeks back to the Sunday twelve weeks ahead of `now`. */
export function defaultRange(now: Date): { from: string; to: string } {
  const w = isoWeek(osloDay(now));
  const monday = isoWeekDates(w.year, w.week)[0];
  return { from: addDays(monday, -28), to: addDays(monday, 12 * 7 + 6) };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export async function mySchedule(db: DbOrTx, user: UserContext, q: { from?: string; to?: string }, now = new Date()): Promise<MySchedule> {
  const companyId = requireCompany(user);
  for (const [field, day] of [['querystring/from', q.from], ['querystring/to', q.to]] as const) {
    if (day !== undefined && !parseDay(day)) throw badRequest(field, 'must be a date that exists (YYYY-MM-DD)');
  }
  const fallback = defaultRange(now);
  const from = q.from ?? fallback.from;
  const to = q.to ?? (q.from ? addDays(q.from, 6) : fallback.to);
  if (to < from) throw badRequest('querystring/to', 'must not be before from');
  if (daysBetween(from, to) >= MY_SCHEDULE_MAX_DAYS) throw badRequest('querystring/to', `must be less than ${MY_SCHEDULE_MAX_DAYS} days after from`);
  const rows = (await laidItemsOfPlumber(db, companyId, user.registrationId, osloInstant(from, 0), osloInstant(addDays(to, 1), 0))).slice(0, MY_SCHEDULE_MAX_ITEMS);
  const weeks = new Map((await schedulesOfAssignee(db, companyId, user.registrationId)).map((s) => [s.id, s]));
  return {
    from, to,
    items: rows.map((r) => {
      const s = weeks.get(r.scheduleId);
      return {
        id: r.id, scheduleId: r.scheduleId, weekNo: s?.weekNo ?? 0, year: s?.year ?? 0, status: r.status, address: r.address, objectType: r.objectType,
        scheduledDate: osloDay(r.startTime!), scheduleStartDateTime: r.startTime!.toISOString(), scheduleEndDateTime: r.endTime!.toISOString(),
        duration: r.duration, notes: r.notes, latitude: r.latitude, longitude: r.longitude,
      };
    }),
  };
}
