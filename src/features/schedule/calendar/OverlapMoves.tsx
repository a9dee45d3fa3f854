/**
 * After an availability change, the items it left on the plumber's absent time (spec 2
 * §2.2, §4): the availability modal names each (address, day, time) and offers to move them, so nothing
 * is left silently on absent time.
 *
 * "Move to the first free time" moves the items that may move (itemStatus.ts isMovable: Scheduled and
 * NotificationFailed; a Notified item is never re-timed, the admin cancels it instead, and it stays
 * named), one after the other: each to firstFree.ts firstFreeSlot on the week's facts read again after
 * the change (the ones already moved counted at their new place), saved as the calendar's drop, which
 * the server judges again under the plumber's time lock. Each item then says where it went, or why it
 * did not (the server's refusal, or no free time left this week), and the week is read again.
 * "Leave as is" closes: the items stay where they are, shown over the absence on the calendar.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Button, Dialog, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../data/transport';
import type { DroppedItem } from '../../../domain/scheduling/drop';
import { firstFreeSlot, withItemAt } from '../../../domain/scheduling/firstFree';
import type { WeekFacts } from '../../../domain/scheduling/freeWeek';
import { timeOf, type DayMinute } from '../../../domain/scheduling/hours';
import { isMovable, rulesOf } from '../../../domain/scheduling/itemStatus';
import type { OverlappedItem } from '../../../domain/schemas/availability';
import type { Schedule } from '../../../domain/schemas/scheduling';
import { isoWeekday, osloDayMinute } from '../../../domain/time/oslo';
import { moveScheduleItem } from '../api/availability';
import { fetchPlanningWeek } from '../api/fetchPlanningWeek';
import { fetchSchedule } from '../api/openWeekSchedule';
import { dateText } from '../planning/PlanChooser';

type Outcome = { moved: DayMinute } | { notMoved: string };

/** The modal's header, body and footer (inside AvailabilityDialog's content, which stays the same element). */
export function OverlapMoves({ plumberId, items, onClose, onSaved }: {
  plumberId: number;
  /** The overlapped items, by start. */
  items: readonly OverlappedItem[];
  onClose: () => void;
  /** The week is read again (after the moves). */
  onSaved: () => void;
}) {
  const { t } = useTranslation('planning');
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, Outcome>>(new Map());
  const [moving, setMoving] = useState(false);
  const [done, setDone] = useState(false);
  const movable = items.filter((o) => isMovable(o.status));
  const firstButton = useRef<HTMLButtonElement>(null);
  // The form this replaces held the focus, and so did Move once it is done: it goes to the first action.
  useEffect(() => { firstButton.current?.focus(); }, [done]);

  const dayText = (date: string) => `${t(`hours:Day.${isoWeekday(date)}`)} ${dateText(date)}`;
  const refusal = (err: unknown): string => {
    const key = err instanceof ApiError ? (err.body as { errorKey?: unknown } | null)?.errorKey : undefined;
    const text = typeof key === 'string' ? t(key, { defaultValue: '' }) : '';
    return text || t('Calendar.DropFailed');
  };

  const move = async () => {
    setMoving(true);
    const results = new Map<number, Outcome>();
    const report = (id: number, outcome: Outcome) => { results.set(id, outcome); setOutcomes(new Map(results)); };
    // The schedule and the facts of each item's week, read once now (after the change), then kept with the moves.
    const weeks = new Map<number, { schedule: Schedule; facts: WeekFacts }>();
    try {
      for (const o of movable) {
        try {
          let week = weeks.get(o.scheduleId);
          if (!week) {
            const schedule = await fetchSchedule(o.scheduleId);
            week = { schedule, facts: await fetchPlanningWeek(plumberId, schedule.year, schedule.weekNo) };
            weeks.set(o.scheduleId, week);
          }
          const item = week.schedule.scheduleItems.find((i) => i.id === o.id);
          const lying = week.facts.laid.find((x) => x.id === o.id);
          if (!item || !lying) { report(o.id, { notMoved: t('Calendar.Availability.Gone') }); continue; }
          if (!isMovable(item.status)) { report(o.id, { notMoved: t('Scheduling.StatusNotAllowed') }); continue; }
          const dropped: DroppedItem = { id: item.id, status: item.status, duration: lying.to - lying.from, lat: item.latitude, lng: item.longitude };
          const at = firstFreeSlot(week.facts, dropped, { date: lying.date, minute: lying.from }, osloDayMinute(new Date()));
          if (!at) { report(o.id, { notMoved: t('Calendar.Availability.NoFreeTime') }); continue; }
          try {
            await moveScheduleItem(week.schedule, item, at, dropped.duration);
          } catch (err) {
            // The week changed under us (another admin, a batch): the next item is judged on it read again.
            weeks.delete(o.scheduleId);
            throw err;
          }
          week.facts = withItemAt(week.facts, dropped, at);
          report(o.id, { moved: at });
        } catch (err) {
          report(o.id, { notMoved: t('Calendar.Availability.NotMoved', { reason: refusal(err) }) });
        }
      }
    } finally {
      setMoving(false);
      setDone(true);
      onSaved();
    }
  };

  return (
    <>
      <Dialog.Header><Dialog.Title>{t('Calendar.Availability.OverlapTitle')}</Dialog.Title></Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Text>{t('Calendar.Availability.Overlap', { count: items.length })}</Text>
          <List.Root gap="2" variant="plain" aria-live="polite">
            {items.map((o) => {
              const outcome = outcomes.get(o.id);
              return (
                <List.Item key={o.id} data-testid="availability-overlap-item" data-item-id={o.id} display="block">
                  <Text fontWeight="semibold">{o.address}</Text>
                  <Text>{t('Calendar.Availability.OverlapWhen', { day: dayText(o.scheduledDate), from: o.startTime, to: o.endTime })}</Text>
                  {!isMovable(o.status) && (
                    <Text color="fg.muted">
                      {t(rulesOf(o.status).cancelOffered ? 'Calendar.Availability.NotMovable' : 'Calendar.Availability.NotMovableNoCancel', {
                        status: t(`ScheduleItemStatus.${o.status}`, { defaultValue: String(o.status) }),
                      })}
                    </Text>
                  )}
                  {outcome && (
                    <Box data-testid="availability-overlap-outcome" color={'moved' in outcome ? 'fg.success' : 'fg.error'}>
                      {'moved' in outcome
                        ? t('Calendar.Availability.Moved', { day: dayText(outcome.moved.date), time: timeOf(outcome.moved.minute) })
                        : outcome.notMoved}
                    </Box>
                  )}
                </List.Item>
              );
            })}
          </List.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        {done ? (
          <Button ref={firstButton} onClick={onClose}>{t('Calendar.Close')}</Button>
        ) : (
          <>
            <Button ref={movable.length ? undefined : firstButton} variant="outline" onClick={onClose} disabled={moving}>
              {t('Calendar.Availability.LeaveAsIs', { count: items.length })}
            </Button>
            {movable.length > 0 && (
              <Button ref={firstButton} onClick={() => void move()} loading={moving} data-testid="availability-overlap-move">
                {t('Calendar.Availability.MoveFirstFree')}
              </Button>
            )}
          </>
        )}
      </Dialog.Footer>
    </>
  );
}
