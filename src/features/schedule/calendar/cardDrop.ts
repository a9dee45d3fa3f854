/**
 * What a drop of a card on a slot does (spec 2 §4 Dragging, §5 Dropping): the rules first, on the
 * page, by the function the server checks again (drop.ts judgeDrop) on the week facts the page shows;
 * the past opens the warning modal (InvalidScheduledDateInThePastMessage); the blacklist's rejection
 * modal names the address; then the drop is sent, and the week is read again whatever the answer, so a
 * refusal caused by another admin's drop shows the real week with the reason (spec 2 §9: two starts
 * 899 seconds or less apart are one slot).
 */
import i18n from 'i18next';
import { ApiError } from '../../../data/transport';
import { blacklistBlocks, judgeDrop } from '../../../domain/scheduling/drop';
import type { WeekFacts } from '../../../domain/scheduling/freeWeek';
import type { Schedule, ScheduleItem } from '../../../domain/schemas/scheduling';
import { osloDayMinute, osloInstant } from '../../../domain/time/oslo';
import { showWarning, snackbar } from '../../../ui';
import { dropScheduleItem, fetchBlacklist } from '../api/dropScheduleItem';

const tp = (key: string, opts?: Record<string, unknown>) => i18n.t(`planning:${key}`, opts);

/** A refusal's text from the server's errorKey, in the user's language. */
function refusalText(err: unknown): string | undefined {
  const key = err instanceof ApiError ? (err.body as { errorKey?: unknown } | null)?.errorKey : undefined;
  return typeof key === 'string' && i18n.exists(`planning:${key}`) ? tp(key) : undefined;
}

export type DropOutcome = 'saved' | 'refused' | 'failed';

/**
 * Drops `item` at minute `from` of Oslo day `date` of the shown week. `reload` reads the week again.
 */
export async function dropCard(
  schedule: Schedule, facts: WeekFacts, item: ScheduleItem, date: string, from: number, reload: () => void, now = new Date(),
): Promise<DropOutcome> {
  const duration = item.scheduleStartDateTime && item.scheduleEndDateTime
    ? Math.round((Date.parse(item.scheduleEndDateTime) - Date.parse(item.scheduleStartDateTime)) / 60_000)
    : item.duration;
  const verdict = judgeDrop(facts, { id: item.id, status: item.status, duration, lat: item.latitude, lng: item.longitude }, { date, minute: from }, osloDayMinute(now));
  if (!verdict.ok) {
    if (verdict.refusal === 'InThePast') {
      await showWarning({ title: tp('Calendar.PastTitle'), message: tp(verdict.errorKey) });
    } else {
      snackbar.error(tp('Calendar.DropRefused'), tp(verdict.errorKey, { address: item.address }));
    }
    return 'refused';
  }
  const start = osloInstant(date, from);
  const end = new Date(start.getTime() + duration * 60_000);
  try {
    const entries = (await fetchBlacklist({ waterMeterId: item.objectId, address: item.address })).filter((e) => e.scheduleItemId !== item.id);
    if (blacklistBlocks(entries, end)) {
      await showWarning({ title: tp('Calendar.BlacklistTitle'), message: tp('Scheduling.Blacklisted', { address: item.address }) });
      return 'refused';
    }
    await dropScheduleItem({
      batchJobId: crypto.randomUUID(), scheduleId: schedule.id, weekNo: schedule.weekNo, year: schedule.year, assigneeId: schedule.assigneeId,
      scheduleItems: [{
        id: item.id, assignmentType: item.objectType, waterMeterPointId: item.parentObjectId, duration, sequenceNumber: item.sequenceNumber, isScheduled: item.isScheduled,
      }],
      plumberAvailabilityData: [], selectedItemStartDateTime: start.toISOString(), scheduleStartTime: '06:00', scheduleEndTime: '18:00',
    });
    snackbar.success(tp('Calendar.DropSaved', { address: item.address }));
    return 'saved';
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && refusalText(err) && (err.body as { errorKey?: string }).errorKey?.endsWith('PastMessage')) {
      await showWarning({ title: tp('Calendar.PastTitle'), message: refusalText(err) });
      return 'refused';
    }
    snackbar.error(tp('Calendar.DropRefused'), refusalText(err) ?? tp('Calendar.DropFailed'));
    return err instanceof ApiError && (err.status === 409 || err.status === 400) ? 'refused' : 'failed';
  } finally {
    reload();
  }
}
