/**
 * Drag and drop on the week grid (spec 2 §4 Dragging, §5 Dropping) with @dnd-kit: pointer, touch and
 * keyboard. A card is picked up with Space or Enter, moved slot by slot (30 minutes, arrow up and down)
 * and day by day (arrow left and right), and dropped with Space or Enter (Escape puts it back); a
 * screen reader hears where it is at every step. The slot under the card's top edge is where it starts.
 * Only movable cards (itemStatus.ts: Scheduled, NotificationFailed) can be picked up.
 */
import { useMemo, type ReactNode } from 'react';
import {
  DndContext, KeyboardSensor, PointerSensor, TouchSensor, useDraggable, useDroppable, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent, type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';
import { CALENDAR_PX_PER_MINUTE, CALENDAR_SLOT_MINUTES } from '../../../domain/scheduling/enums';
import { timeOf } from '../../../domain/scheduling/hours';
import type { ScheduleItem } from '../../../domain/schemas/scheduling';
import { isoWeekday } from '../../../domain/time/oslo';
import { dateText } from '../planning/PlanChooser';

const SLOT_PX = CALENDAR_SLOT_MINUTES * CALENDAR_PX_PER_MINUTE;

export interface SlotTarget { date: string; from: number }
export interface CardDragData { item: ScheduleItem }

const slotId = (t: SlotTarget) => `${t.date}|${t.from}`;

/** The slot whose box holds the dragged card's top edge (at its middle). */
const topEdgeSlot: CollisionDetection = ({ collisionRect, droppableRects, droppableContainers }) => {
  const x = collisionRect.left + Math.min(collisionRect.width / 2, 20);
  const y = collisionRect.top + 1;
  for (const c of droppableContainers) {
    const r = droppableRects.get(c.id);
    if (r && x >= r.left && x < r.left + r.width && y >= r.top && y < r.top + r.height) return [{ id: c.id, data: { droppableContainer: c, value: 0 } }];
  }
  return [];
};

/** Arrow keys move a picked-up card one slot down or up, or one day right or left. */
const slotStepper: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const column = context.activeNode?.parentElement?.getBoundingClientRect().width ?? 120;
  switch (event.code) {
    case 'ArrowDown': return { ...currentCoordinates, y: currentCoordinates.y + SLOT_PX };
    case 'ArrowUp': return { ...currentCoordinates, y: currentCoordinates.y - SLOT_PX };
    case 'ArrowRight': return { ...currentCoordinates, x: currentCoordinates.x + column };
    case 'ArrowLeft': return { ...currentCoordinates, x: currentCoordinates.x - column };
    default: return undefined;
  }
};

export function CalendarDnd({ onDrop, children }: { onDrop: (item: ScheduleItem, target: SlotTarget) => void; children: ReactNode }) {
  const { t } = useTranslation('planning');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: slotStepper }),
  );
  const where = (id: string | number | undefined) => {
    if (typeof id !== 'string') return null;
    const [date, from] = id.split('|');
    return { day: `${t(`hours:Day.${isoWeekday(date)}`)} ${dateText(date)}`, time: timeOf(Number(from)) };
  };
  const address = (data: unknown) => (data as { current?: CardDragData } | undefined)?.current?.item.address ?? '';
  const announcements = useMemo<Announcements>(() => ({
    onDragStart: ({ active }) => t('Calendar.Dnd.PickedUp', { address: address(active.data) }),
    onDragOver: ({ over }) => { const w = where(over?.id); return w ? t('Calendar.Dnd.Over', w) : t('Calendar.Dnd.NotOver'); },
    onDragEnd: ({ active, over }) => {
      const w = where(over?.id);
      return w ? t('Calendar.Dnd.Dropped', { address: address(active.data), ...w }) : t('Calendar.Dnd.NotDropped', { address: address(active.data) });
    },
    onDragCancel: ({ active }) => t('Calendar.Dnd.Cancelled', { address: address(active.data) }),
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [t]);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const item = (active.data.current as CardDragData | undefined)?.item;
    const target = over?.data.current as SlotTarget | undefined;
    if (item && target) onDrop(item, target);
  };
  return (
    <DndContext
      sensors={sensors} collisionDetection={topEdgeSlot} onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('Calendar.Dnd.Instructions') } }}
    >
      {children}
    </DndContext>
  );
}

/** A slot as a drop target. */
export function useSlotDrop(target: SlotTarget) {
  return useDroppable({ id: slotId(target), data: target });
}

/** A card as a draggable (only when it may move). */
export function useCardDrag(item: ScheduleItem, movable: boolean) {
  return useDraggable({ id: `card-${item.id}`, data: { item } satisfies CardDragData, disabled: !movable });
}

/**
 * A point of the map section, picked to be laid (id 0): dragged by pointer or touch onto a slot. Its
 * keyboard path is the free slot's menu ('add here'), so the keyboard sensor's key is left out.
 */
export function usePointDrag(item: ScheduleItem | null) {
  const drag = useDraggable({ id: `point-${item?.parentObjectId ?? 0}`, data: { item } as CardDragData, disabled: !item });
  const { onKeyDown: _keyboard, ...listeners } = drag.listeners ?? {};
  return { ...drag, listeners };
}
