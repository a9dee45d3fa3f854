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
import type { AssignmentListItem, Schedule, ScheduleItem } from '../../../domain/schemas/scheduling';
import { osloDayMinute, osloInstant } from '../../../domain/time/oslo';
import { showWarning, snackbar } from '../../../ui';
import { dropScheduleItem, fetchBlacklist, singleItemRequest } from '../api/dropScheduleItem';

const tp = (key: string, opts?: Record<string, unknown>) => i18n.t(`planning:${key}`, opts);

/** A refusal's text from the server's errorKey, in the user's language. */
function refusalText(err: unknown): string | undefined {
  const key = err instanceof ApiError ? (err.body as { errorKey?: unknown } | null)?.errorKey : undefined;
  return typeof key === 'string' && i18n.exists(`planning:${key}`) ? tp(key) : undefined;
}

export type DropOutcome = 'saved' | 'refused' | 'failed';

/** A card's minutes as laid (its end less its start), else its duration. */
export const cardMinutes = (item: Pick<ScheduleItem, 'scheduleStartDateTime' | 'scheduleEndDateTime' | 'duration'>): number =>
  item.scheduleStartDateTime && item.scheduleEndDateTime
    ? Math.round((Date.parse(item.scheduleEndDateTime) - Date.parse(item.scheduleStartDateTime)) / 60_000)
    : item.duration;

/**
 * A point of the map section as the card it becomes when dropped (id 0: not yet saved, spec 2 §3),
 * for `duration` minutes (the job type's, or the duration override).
 */
export function pointAsItem(p: AssignmentListItem, scheduleId: number, duration: number): ScheduleItem {
  return {
    id: 0, scheduleId, status: 0, notes: null, address: p.address, objectType: p.assignmentType, objectId: p.waterMeterId ?? null,
    parentObjectId: p.waterMeterPointId, agreementNo: p.agreementNo, scheduledDate: null, scheduleStartDateTime: null, scheduleEndDateTime: null,
    startTime: null, endTime: null, duration, latitude: p.lat, longitude: p.lng, referenceNumber: p.referenceId ?? null, contactInformation: null,
    matrikkelenhetId: p.matrikkelenhetNr ?? null, sequenceNumber: 0, isScheduled: false, cancellationTypeId: null, batchJobId: null,
  };
}

export interface DropOptions {
  /** The calendar's duration override (spec 2 §2.2): the card takes this many minutes; null: its own. */
  durationOverride?: number | null;
  /** The texts of the outcome: a drop's (default), or a change of the card's length where it lies. */
  texts?: 'drop' | 'duration';
  now?: Date;
}

/**
 * Drops `item` at minute `from` of Oslo day `date` of the shown week. `reload` reads the week again.
 */
export async function dropCard(
  schedule: Schedule, facts: WeekFacts, item: ScheduleItem, date: string, from: number, reload: () => void, opts: DropOptions = {},
): Promise<DropOutcome> {
  const { durationOverride = null, texts = 'drop', now = new Date() } = opts;
  const duration = durationOverride ?? cardMinutes(item);
  const refusedTitle = texts === 'duration' ? tp('Calendar.Duration.Refused') : tp('Calendar.DropRefused');
  const verdict = judgeDrop(facts, { id: item.id, status: item.status, duration, lat: item.latitude, lng: item.longitude }, { date, minute: from }, osloDayMinute(now));
  if (!verdict.ok) {
    if (verdict.refusal === 'InThePast') {
      await showWarning({ title: tp('Calendar.PastTitle'), message: tp(verdict.errorKey) });
    } else {
      snackbar.error(refusedTitle, tp(verdict.errorKey, { address: item.address }));
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
    await dropScheduleItem(singleItemRequest(schedule, item, start, duration, durationOverride));
    snackbar.success(texts === 'duration'
      ? tp('Calendar.Duration.Saved', { address: item.address, minutes: duration })
      : tp(item.id ? 'Calendar.DropSaved' : 'Calendar.PointSaved', { address: item.address }));
    return 'saved';
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && refusalText(err) && (err.body as { errorKey?: string }).errorKey?.endsWith('PastMessage')) {
      await showWarning({ title: tp('Calendar.PastTitle'), message: refusalText(err) });
      return 'refused';
    }
    snackbar.error(refusedTitle, refusalText(err) ?? tp(texts === 'duration' ? 'Calendar.Duration.Failed' : 'Calendar.DropFailed'));
    return err instanceof ApiError && (err.status === 409 || err.status === 400) ? 'refused' : 'failed';
  } finally {
    reload();
  }
}
