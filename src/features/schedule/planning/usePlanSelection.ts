/**
 * The selection list of the planning page (spec 2 §4–§5): the schedule's saved items in their order,
 * then the items chosen here. Hours count from the plan's start on (hours.ts). Choosing is refused
 * past the available hours (MaxAssignmentSelected); select-all takes what fits and says how many it
 * skipped. Unless the admin lets the plan continue into the next week (isPossibleToScheduleNextWeek:
 * the batch then goes on into the following weeks): then nothing is refused for the hours.
 * Deselecting a saved item deletes it on the server, after which the saved items are renumbered.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  availableMinutes, exceedsWeek, freeFrom, howManyFit, plannedMinutes, type DayMinute, type FreeDay,
} from '../../../domain/scheduling/hours';
import { SCHEDULE_MAX_ITEMS } from '../../../domain/scheduling/enums';
import type { AssignmentListItem, Schedule } from '../../../domain/schemas/scheduling';
import { snackbar } from '../../../ui';
import { deleteScheduleItem } from '../api/deleteScheduleItem';
import {
  canRemove, itemsFrom, plannedDurations, planItemOfAssignment, savedPlan, selectVerdict, type PlanItem, type PlanWeek,
} from './selection';

export interface PlanSelectionInput {
  schedule: Schedule;
  freeTime: readonly FreeDay[];
  /** Where the plan starts: only the time from it on is available, only items from it on are planned. */
  start: DayMinute;
  /** Default minutes of an assignment type (company settings). */
  durationOf: (assignmentType: number) => number;
  /** Told after a saved item was deleted: the schedule and the list are read again. */
  onSavedChanged: () => void;
}

export function usePlanSelection({ schedule, freeTime, start, durationOf, onSavedChanged }: PlanSelectionInput) {
  const { t } = useTranslation('planning');
  const week: PlanWeek = useMemo(() => ({ weekNo: schedule.weekNo, year: schedule.year }), [schedule.weekNo, schedule.year]);
  const [chosen, setChosen] = useState<AssignmentListItem[]>([]);
  const [override, setOverride] = useState<number | null>(null);
  const [nextWeek, setNextWeek] = useState(false);
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());

  const durationFor = useCallback((type: number) => override ?? durationOf(type), [override, durationOf]);
  const saved = useMemo(() => savedPlan(schedule).filter((i) => !deleting.has(i.scheduleItemId)), [schedule, deleting]);
  const savedPoints = useMemo(() => new Set(saved.map((i) => i.waterMeterPointId)), [saved]);
  const fresh = useMemo(
    () => chosen.filter((a) => !savedPoints.has(a.waterMeterPointId)).map((a) => planItemOfAssignment(a, durationFor(a.assignmentType))),
    [chosen, savedPoints, durationFor],
  );
  const items = useMemo(() => [...saved, ...fresh], [saved, fresh]);
  const selectedIds = useMemo(() => new Set(items.map((i) => i.waterMeterPointId)), [items]);
  const { date: startDate, minute: startMinute } = start;
  const available = useMemo(() => availableMinutes(freeFrom(freeTime, { date: startDate, minute: startMinute })), [freeTime, startDate, startMinute]);
  const planned = plannedMinutes(plannedDurations(itemsFrom(items, start)));

  const refuseFull = useCallback(() => {
    snackbar.info(t('Scheduling.MaxAssignmentSelected', { week: week.weekNo, count: items.length }));
  }, [t, week.weekNo, items.length]);

  const remove = useCallback(async (item: PlanItem) => {
    if (item.scheduleItemId === 0) {
      setChosen((list) => list.filter((a) => a.waterMeterPointId !== item.waterMeterPointId));
      return;
    }
    if (!canRemove(item)) return;
    const id = item.scheduleItemId;
    setDeleting((s) => new Set(s).add(id));
    try {
      await deleteScheduleItem(id);
      onSavedChanged();
    } catch {
      snackbar.error(t('Scheduling.FailedToDeleteSelectedItem'));
      setDeleting((s) => { const next = new Set(s); next.delete(id); return next; });
    }
  }, [onSavedChanged, t]);

  /** Adds those of `candidates` that may be taken and fit; answers how many did not fit. */
  const add = useCallback((candidates: readonly AssignmentListItem[]): number => {
    const takeable = candidates.filter((a) => !selectedIds.has(a.waterMeterPointId) && selectVerdict(a, week) === 'ok');
    const fits = nextWeek
      ? Math.min(takeable.length, SCHEDULE_MAX_ITEMS - items.length)
      : howManyFit(takeable.map((a) => durationFor(a.assignmentType)), available - planned);
    if (fits > 0) setChosen((list) => [...list, ...takeable.slice(0, fits)]);
    return takeable.length - Math.max(fits, 0);
  }, [selectedIds, week, durationFor, available, planned, nextWeek, items.length]);

  /** A row's or marker's toggle (spec 2 §4). */
  const toggle = useCallback((a: AssignmentListItem) => {
    const verdict = selectVerdict(a, week);
    const inList = items.find((i) => i.waterMeterPointId === a.waterMeterPointId);
    if (inList) {
      void remove(inList);
      return;
    }
    if (verdict === 'previousWeek') {
      snackbar.warning(t('Scheduling.PreviousWeekItem', { week: a.weekNo, year: a.year }));
      return;
    }
    if (verdict === 'disabled') return;
    if (nextWeek ? items.length >= SCHEDULE_MAX_ITEMS : exceedsWeek(planned + durationFor(a.assignmentType), available)) {
      refuseFull();
      return;
    }
    setChosen((list) => [...list, a]);
  }, [week, items, remove, t, planned, durationFor, available, refuseFull, nextWeek]);

  /** Select-all (and a polygon drawn on the map): what fits is taken, the rest reported as skipped. */
  const selectMany = useCallback((candidates: readonly AssignmentListItem[]) => {
    const skipped = add(candidates);
    if (skipped > 0) snackbar.info(t('Scheduling.SelectAllSkipped', { count: skipped, week: week.weekNo }));
  }, [add, t, week.weekNo]);

  /** Drops the unsaved ones of these points (saved items leave only one by one, through delete). */
  const deselectMany = useCallback((pointIds: readonly number[]) => {
    const drop = new Set(pointIds);
    setChosen((list) => list.filter((a) => !drop.has(a.waterMeterPointId)));
  }, []);

  const clearChosen = useCallback(() => setChosen([]), []);

  return {
    week, start, items, selectedIds, available, planned, override, setOverride, nextWeek, setNextWeek,
    /** The plan holds more than the time from the start on, and the admin has not let it continue. */
    overWeek: !nextWeek && exceedsWeek(planned, available),
    toggle, remove, selectMany, deselectMany, clearChosen,
    hasNew: fresh.length > 0,
  };
}

export type PlanSelection = ReturnType<typeof usePlanSelection>;
