/**
 * The selection list of the planning page (spec 2 §4–§5): the schedule's saved items in their order,
 * then the items chosen here. Hours count from the plan's start on (hours.ts). What fits is the batch's
 * own layout run dry on the server's facts of the week (freeWeek.ts planFit, as the server checks and
 * the batch lays): choosing an item that would not be laid is refused (MaxAssignmentSelected);
 * select-all takes what fits and says how many it skipped; what does not fit is named. Unless the
 * admin lets the plan continue into the next week (isPossibleToScheduleNextWeek: the batch then goes
 * on into the following weeks, and the server checks those).
 * Deselecting a saved item deletes it on the server once the admin confirms, after which the saved
 * items are renumbered.
 */
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { availableFrom, howManyMoreFit, planFit, type WeekFacts } from '../../../domain/scheduling/freeWeek';
import { isMovable } from '../../../domain/scheduling/itemStatus';
import { plannedMinutes, plansFrom, type DayMinute } from '../../../domain/scheduling/hours';
import type { LayoutItem } from '../../../domain/scheduling/layout';
import { SCHEDULE_MAX_ITEMS } from '../../../domain/scheduling/enums';
import type { AssignmentListItem, Schedule } from '../../../domain/schemas/scheduling';
import { confirm, snackbar } from '../../../ui';
import { deleteScheduleItem } from '../api/deleteScheduleItem';
import {
  canRemove, itemsFrom, laidAt, plannedDurations, planItemOfAssignment, savedPlan, selectVerdict, type PlanItem, type PlanWeek,
} from './selection';

/** The id an item has in the dry run: a saved item's own, a new one's point negated. */
const layoutId = (i: PlanItem): number => (i.scheduleItemId > 0 ? i.scheduleItemId : -i.waterMeterPointId);
const NOTHING: readonly PlanItem[] = [];
const layoutItem = (i: PlanItem): LayoutItem => ({ id: layoutId(i), duration: i.duration, lat: i.lat, lng: i.lng, priority: i.priority });

export interface PlanSelectionInput {
  schedule: Schedule;
  /** The server's facts of the plumber's week (GET /api/Schedule/planningWeek). */
  facts: WeekFacts;
  /** Where the plan starts: only the time from it on is available, only items from it on are planned. */
  start: DayMinute;
  /** Default minutes of an assignment type (company settings). */
  durationOf: (assignmentType: number) => number;
  /** Told after a saved item was deleted: the schedule and the list are read again. */
  onSavedChanged: () => void;
}

export function usePlanSelection({ schedule, facts, start, durationOf, onSavedChanged }: PlanSelectionInput) {
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
  const available = useMemo(() => availableFrom(facts, { date: startDate, minute: startMinute }), [facts, startDate, startMinute]);
  const planned = plannedMinutes(plannedDurations(itemsFrom(items, start)));
  // The dry run, as the submit will ask for it (route order): saved items laid again from the start on
  // (not those past Scheduled), then the new ones.
  const relaying = useMemo(() => new Set(items.filter((i) => i.scheduleItemId > 0 && isMovable(i.status) && plansFrom(laidAt(i), { date: startDate, minute: startMinute }))
    .map((i) => i.scheduleItemId)), [items, startDate, startMinute]);
  const toLay = useMemo(() => items.filter((i) => i.scheduleItemId === 0 || relaying.has(i.scheduleItemId)), [items, relaying]);
  // The dry run of a whole plan (hundreds of saved items on the edit route) takes a few hundred ms: it
  // runs in a render of its own after the list is on screen (deferred), and Next waits for it (fitPending).
  const laying = useDeferredValue(toLay, NOTHING);
  const fitPending = laying !== toLay;
  const fit = useMemo(
    () => planFit([facts], laying.map(layoutItem), { date: startDate, minute: startMinute }, relaying),
    [facts, laying, startDate, startMinute, relaying],
  );
  /** The items the week cannot take from the start on, in the order of the list. */
  const notFitting = useMemo(() => {
    const rest = new Set(fit.rest.map((r) => r.id));
    return laying.filter((i) => rest.has(layoutId(i)));
  }, [fit, laying]);
  const fitsWith = useCallback((more: readonly PlanItem[]) => howManyMoreFit([facts], toLay.map(layoutItem), more.map(layoutItem), start, relaying), [facts, toLay, start, relaying]);

  const refuseFull = useCallback(() => {
    snackbar.info(t('Scheduling.MaxAssignmentSelected', { week: week.weekNo, count: items.length }));
  }, [t, week.weekNo, items.length]);

  const remove = useCallback(async (item: PlanItem) => {
    if (item.scheduleItemId === 0) {
      setChosen((list) => list.filter((a) => a.waterMeterPointId !== item.waterMeterPointId));
      return;
    }
    if (!canRemove(item)) return;
    // A saved item leaves the plumber's schedule: asked first, as it cannot be undone here.
    const sure = await confirm({
      title: t('Selection.DeleteConfirmTitle'), message: t('Selection.DeleteConfirm', { address: item.address }),
      confirmText: t('Selection.DeleteConfirmYes'), cancelText: t('Selection.DeleteConfirmNo'),
    });
    if (!sure) return;
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
      : fitsWith(takeable.map((a) => planItemOfAssignment(a, durationFor(a.assignmentType))));
    if (fits > 0) setChosen((list) => [...list, ...takeable.slice(0, fits)]);
    return takeable.length - Math.max(fits, 0);
  }, [selectedIds, week, durationFor, fitsWith, nextWeek, items.length]);

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
    if (nextWeek ? items.length >= SCHEDULE_MAX_ITEMS : fitsWith([planItemOfAssignment(a, durationFor(a.assignmentType))]) < 1) {
      refuseFull();
      return;
    }
    setChosen((list) => [...list, a]);
  }, [week, items, remove, t, durationFor, fitsWith, refuseFull, nextWeek]);

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
    week, start, items, selectedIds, available, planned, override, setOverride, nextWeek, setNextWeek, notFitting, fitPending,
    /** Something of the plan would not be laid in the week from the start on, and the admin has not let it continue. */
    overWeek: !nextWeek && notFitting.length > 0,
    toggle, remove, selectMany, deselectMany, clearChosen,
    hasNew: fresh.length > 0,
  };
}

export type PlanSelection = ReturnType<typeof usePlanSelection>;
