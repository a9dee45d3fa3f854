/**
 * The calendar's map section (spec 2 §2.2 split view): the plumber's assignment list on
 * the planning map in scheduling mode (its status filter and Fit zoom), each shown day's route drawn in
 * order, lit together with its card, and a free point picked here to be laid: dragged from the panel
 * onto a day (pointer or touch), or laid from a free slot's menu ('add here', the keyboard's path).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AssignmentItemStatus } from '../../../domain/scheduling/enums';
import type { AssignmentListItem, Schedule, ScheduleItem } from '../../../domain/schemas/scheduling';
import { isoWeekday } from '../../../domain/time/oslo';
import { LiveReadView } from '../../../ui/LiveReadView';
import { useAssignmentList } from '../api/fetchAssignmentList';
import { PlanningMap, type DayRoute } from '../map';
import { usePointDrag } from './CalendarDnd';

const NO_FILTER = {};

/** A point with no live schedule item: the only kind the calendar can lay (spec 2 §4 Selection). */
export const isFreePoint = (p: AssignmentListItem): boolean =>
  p.assignmentItemStatus === AssignmentItemStatus.NotSelected && !p.isDisabled;

export interface CalendarMapProps {
  schedule: Schedule;
  routes: readonly DayRoute[];
  base: [number, number] | null;
  litId: number | null;
  onStop(id: number | null, how: 'hover' | 'click'): void;
  /** The point picked to be laid, and the card it becomes (null: no minutes known for its type). */
  picked: AssignmentListItem | null;
  pickedItem: ScheduleItem | null;
  onPick(p: AssignmentListItem | null): void;
  height: string;
}

export function CalendarMap({ schedule, routes, base, litId, onStop, picked, pickedItem, onPick, height }: CalendarMapProps) {
  const { t } = useTranslation('planning');
  const list = useAssignmentList(schedule, NO_FILTER);
  // The week changed (a drop, a batch, another admin): the points' statuses are read again with it.
  const { refetch } = list;
  // Not on the first show: the list's own first read is under way (a second would fetch 50,000 points twice).
  const itemsKey = schedule.scheduleItems.map((i) => `${i.id}:${i.status}:${i.scheduleStartDateTime}`).join();
  const readFor = useRef(itemsKey);
  useEffect(() => {
    if (readFor.current === itemsKey) return;
    readFor.current = itemsKey;
    void refetch();
  }, [itemsKey, refetch]);
  const byId = useMemo(() => new Map((list.data ?? []).map((p) => [p.waterMeterPointId, p])), [list.data]);
  const selectedIds = useMemo(() => new Set(picked ? [picked.waterMeterPointId] : []), [picked]);
  // A point laid meanwhile (here or by another admin) is no longer to be picked.
  useEffect(() => {
    const now = picked && byId.get(picked.waterMeterPointId);
    if (picked && list.data && (!now || !isFreePoint(now))) onPick(null);
  }, [picked, byId, list.data, onPick]);
  const onSelect = useCallback((ids: number[], selected: boolean) => {
    const p = ids.length === 1 ? byId.get(ids[0]) : undefined;
    onPick(selected && p ? p : null);
  }, [byId, onPick]);

  return (
    <Stack gap="2" data-testid="calendar-map" role="region" aria-label={t('Calendar.Map.Region')}>
      <PickedPoint picked={picked} item={pickedItem} onClear={() => onPick(null)} />
      <LiveReadView read={list} errorTitle={t('Calendar.Map.ListFailed')}>
        {(points) => (
          <PlanningMap
            points={points} selectedIds={selectedIds} onSelect={onSelect} isSelectable={isFreePoint} mode="scheduling" noDrawing
            height={height} routes={routes} base={base} litId={litId} onStop={onStop}
          />
        )}
      </LiveReadView>
      <RouteLegend routes={routes} />
    </Stack>
  );
}

/** The picked point as a chip to drag onto the calendar, with how else to lay it. */
function PickedPoint({ picked, item, onClear }: { picked: AssignmentListItem | null; item: ScheduleItem | null; onClear(): void }) {
  const { t } = useTranslation('planning');
  // Its pointer and touch listeners only: not a focusable control (the keyboard lays it from a slot's menu).
  const { listeners, setNodeRef, transform, isDragging } = usePointDrag(item);
  if (!picked) {
    return <Text fontSize="sm" color="fg.muted" data-testid="calendar-map-help">{t('Calendar.Map.PickHelp')}</Text>;
  }
  const type = t(`AssignmentType.${picked.assignmentType}`, { defaultValue: '' });
  return (
    <Stack gap="1" borderWidth="1px" borderColor="blue.300" bg="blue.50" rounded="md" p="2" data-testid="calendar-map-picked">
      <HStack justify="space-between" align="start">
        <Box
          ref={setNodeRef} {...(item ? listeners : {})} data-testid="calendar-map-chip" data-point-id={picked.waterMeterPointId}
          cursor={item ? (isDragging ? 'grabbing' : 'grab') : 'not-allowed'} touchAction="none" position="relative" zIndex={isDragging ? 20 : 1}
          transform={transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined}
          bg="white" borderWidth="1px" borderLeftWidth="4px" borderColor="blue.500" rounded="sm" px="2" py="1" fontSize="sm" boxShadow={isDragging ? 'lg' : 'xs'}
        >
          <Text fontWeight="semibold">{picked.address}</Text>
          <Text fontSize="xs">{item ? t('Calendar.Map.ChipLine', { type, minutes: item.duration }) : t('DurationsMissing')}</Text>
        </Box>
        <Button size="xs" variant="ghost" onClick={onClear} data-testid="calendar-map-clear">{t('Calendar.Map.ClearPick')}</Button>
      </HStack>
      {item && <Text fontSize="xs" color="fg.muted">{t('Calendar.Map.DragHelp')}</Text>}
    </Stack>
  );
}

function RouteLegend({ routes }: { routes: readonly DayRoute[] }) {
  const { t, i18n } = useTranslation('planning');
  const km = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'nb-NO', { maximumFractionDigits: 1 });
  const shown = routes.filter((r) => r.stops.length);
  if (!shown.length) return <Text fontSize="sm" color="fg.muted">{t('Calendar.Map.NoRoutes')}</Text>;
  return (
    <HStack gap="3" wrap="wrap" fontSize="sm" data-testid="calendar-route-legend" aria-label={t('Calendar.Map.Legend')} role="list">
      {shown.map((r) => (
        <HStack key={r.date} gap="1" role="listitem" data-date={r.date}>
          <Box as="span" w="3" h="3" rounded="full" bg={r.colour} display="inline-block" aria-hidden />
          <Text>{t('Calendar.Map.LegendDay', { day: t(`hours:Day.${isoWeekday(r.date)}`), count: r.stops.length, km: km.format(r.km), minutes: r.minutes })}</Text>
        </HStack>
      ))}
    </HStack>
  );
}
