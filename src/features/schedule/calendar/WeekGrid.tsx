/**
 * The week as a grid (spec 2 §2.2, §9): days as columns, 30-minute slots from 06:00 to 18:00 at
 * CALENDAR_PX_PER_MINUTE, a 50 px header, the cards above the slots. Each slot and card is its own
 * component with a stable test id and data- attributes (day, start, start instant, type), which drag
 * and drop (drop targets and draggables) and the slot menus build on. The grid scrolls to the first
 * working hour a second after a week is shown (spec 2 §9).
 */
import { useEffect, useRef } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_HEADER_PX, CALENDAR_PX_PER_MINUTE, CALENDAR_SCROLL_DELAY_MS, CALENDAR_SLOT_MINUTES, SCHEDULE_DAY_START,
} from '../../../domain/scheduling/enums';
import { CalendarSlotType, type CalendarSlot, type CalendarSlotTypeName } from '../../../domain/scheduling/calendarSlots';
import { minutesOf, timeOf } from '../../../domain/scheduling/hours';
import { isoWeekday, osloDay, osloInstant } from '../../../domain/time/oslo';
import { dateText } from '../planning/PlanChooser';
import type { PlacedCard } from './cardLayout';
import { ScheduleCard } from './ScheduleCard';
import { useSlotDrop } from './CalendarDnd';

const DAY_START = minutesOf(SCHEDULE_DAY_START);
const SLOT_PX = CALENDAR_SLOT_MINUTES * CALENDAR_PX_PER_MINUTE;
const TIME_COLUMN_PX = 56;

const SLOT_BG: Record<CalendarSlotTypeName, string> = {
  Free: 'white',
  OutOfWorkingHour: 'gray.100',
  Unavailable: 'repeating-linear-gradient(45deg, var(--chakra-colors-gray-200) 0 6px, var(--chakra-colors-gray-100) 6px 12px)',
  Fullday: 'purple.100',
  Halfday: 'purple.50',
  Extended: 'blue.50',
};
/** The types whose run is named in its first slot (free and out-of-hours time speak for themselves). */
const NAMED: readonly CalendarSlotTypeName[] = [CalendarSlotType.Unavailable, CalendarSlotType.Fullday, CalendarSlotType.Halfday, CalendarSlotType.Extended];

export interface CalendarSlotCellProps {
  slot: CalendarSlot;
  /** The first slot of a run of its type: it carries the type's name. */
  named: boolean;
  /** A click on the slot: its menu (spec 2 §2.2) at that point. */
  onMenu?: (slot: CalendarSlot, at: { x: number; y: number }) => void;
}

export function CalendarSlotCell({ slot, named, onMenu }: CalendarSlotCellProps) {
  const { t } = useTranslation('planning');
  const { setNodeRef, isOver } = useSlotDrop({ date: slot.date, from: slot.from });
  return (
    <Box
      ref={setNodeRef} outline={isOver ? '2px solid' : undefined} outlineColor="blue.500" outlineOffset="-2px"
      data-testid="calendar-slot" data-over={isOver || undefined} onClick={onMenu ? (e) => onMenu(slot, { x: e.clientX, y: e.clientY }) : undefined}
      cursor={onMenu ? 'context-menu' : undefined} data-date={slot.date} data-start={timeOf(slot.from)} data-type={slot.type}
      data-start-date-time={osloInstant(slot.date, slot.from).toISOString()}
      height={`${SLOT_PX}px`} bg={SLOT_BG[slot.type]} borderBottomWidth="1px"
      borderColor={slot.from % 60 === 0 ? 'gray.200' : 'gray.100'} borderStyle={slot.from % 60 === 0 ? 'solid' : 'dashed'}
      px="1.5" pt="0.5"
    >
      {named && <Text fontSize="xs" color="gray.700">{t(`Calendar.SlotType.${slot.type}`)}</Text>}
    </Box>
  );
}

export interface DayColumnProps {
  date: string;
  slots: CalendarSlot[];
  cards: PlacedCard[];
  onSlotMenu?: CalendarSlotCellProps['onMenu'];
}

export function DayColumn({ date, slots, cards, onSlotMenu }: DayColumnProps) {
  return (
    <Box position="relative" data-testid="calendar-day" data-date={date} borderLeftWidth="1px" borderColor="gray.300">
      {slots.map((slot, i) => (
        <CalendarSlotCell key={slot.from} slot={slot} named={NAMED.includes(slot.type) && (i === 0 || slots[i - 1].type !== slot.type)} onMenu={onSlotMenu} />
      ))}
      {cards.map((card) => <ScheduleCard key={card.item.id} card={card} />)}
    </Box>
  );
}

export interface WeekGridProps {
  /** The days shown (Monday … Friday, or the whole week). */
  dates: string[];
  slots: ReadonlyMap<string, CalendarSlot[]>;
  cards: ReadonlyMap<string, PlacedCard[]>;
  /** Where to scroll a second after the week is shown; null: the window's start. */
  scrollToMinute: number | null;
  /** Changes when another week or plumber is shown: it scrolls again. */
  weekKey: string;
  onSlotMenu?: CalendarSlotCellProps['onMenu'];
}

export function WeekGrid({ dates, slots, cards, scrollToMinute, weekKey, onSlotMenu }: WeekGridProps) {
  const { t } = useTranslation('hours');
  const scroller = useRef<HTMLDivElement>(null);
  const today = osloDay(new Date());
  const times = slots.get(dates[0])?.map((s) => s.from) ?? [];

  useEffect(() => {
    const timer = setTimeout(() => {
      if (scroller.current) scroller.current.scrollTop = Math.max(0, ((scrollToMinute ?? DAY_START) - DAY_START) * CALENDAR_PX_PER_MINUTE);
    }, CALENDAR_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [weekKey, scrollToMinute]);

  const columns = `${TIME_COLUMN_PX}px repeat(${dates.length}, minmax(120px, 1fr))`;
  return (
    <Box
      ref={scroller} data-testid="calendar-grid" overflow="auto" borderWidth="1px" borderColor="gray.300" rounded="md" bg="white"
      height="calc(100dvh - 260px)" minHeight="420px" tabIndex={0} aria-label={t('planning:Calendar.GridLabel')} role="region"
    >
      <Box display="grid" gridTemplateColumns={columns} minWidth="fit-content">
        <Box position="sticky" top="0" left="0" zIndex="3" bg="white" height={`${CALENDAR_HEADER_PX}px`} borderBottomWidth="1px" borderColor="gray.300" />
        {dates.map((date) => (
          <Box
            key={date} position="sticky" top="0" zIndex="2" height={`${CALENDAR_HEADER_PX}px`} data-testid="calendar-day-header" data-date={date}
            bg={date === today ? 'blue.50' : 'white'} borderBottomWidth="1px" borderLeftWidth="1px" borderColor="gray.300"
            display="flex" flexDirection="column" justifyContent="center" alignItems="center" lineHeight="1.2"
          >
            <Text fontSize="sm" fontWeight="semibold">{t(`Day.${isoWeekday(date)}`)}</Text>
            <Text fontSize="xs" color="gray.700">{dateText(date)}</Text>
          </Box>
        ))}
        <Box position="sticky" left="0" zIndex="2" bg="white" data-testid="calendar-times">
          {times.map((m) => (
            <Box key={m} height={`${SLOT_PX}px`} pr="1.5" textAlign="right" fontSize="xs" color="gray.700" borderBottomWidth="1px" borderColor="gray.100">
              {m % 60 === 0 ? timeOf(m) : ''}
            </Box>
          ))}
        </Box>
        {dates.map((date) => <DayColumn key={date} date={date} slots={slots.get(date) ?? []} cards={cards.get(date) ?? []} onSlotMenu={onSlotMenu} />)}
      </Box>
    </Box>
  );
}
