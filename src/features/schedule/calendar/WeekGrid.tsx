/**
 * The week as a grid (spec 2 §2.2, §9): days as columns, 30-minute slots from 06:00 to 18:00 at
 * CALENDAR_PX_PER_MINUTE, a 50 px header, the cards above the slots. Each slot and card is its own
 * component with a stable test id and data- attributes (day, start, start instant, type), which drag
 * and drop (drop targets and draggables) and the slot menus build on. The grid scrolls to the first
 * working hour a second after a week is shown (spec 2 §9).
 *
 * Speed (bench/calendarRender.ts, budget 300 ms for 200 cards): a week is 120–168 slots and 24 time
 * labels, each drawn twice on mount (dnd-kit renders its droppables again once they registered), so
 * they are plain elements styled inline with the theme's variables rather than styled components (the
 * grid's frame and headers by calendar.css, as the cards), and the columns are memoised on their slots and cards with a stable menu callback: opening a menu or a
 * dialog does not draw the week again.
 */
import { memo, useCallback, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_HEADER_PX, CALENDAR_PX_PER_MINUTE, CALENDAR_SCROLL_DELAY_MS, CALENDAR_SLOT_MINUTES, SCHEDULE_DAY_START,
} from '../../../domain/scheduling/enums';
import { CalendarSlotType, type CalendarSlot, type CalendarSlotTypeName } from '../../../domain/scheduling/calendarSlots';
import { minutesOf, timeOf } from '../../../domain/scheduling/hours';
import { isoWeekday, osloDay, osloInstant } from '../../../domain/time/oslo';
import { dateText } from '../planning/PlanChooser';
import type { PlacedCard } from './cardLayout';
import { cardTexts, ScheduleCard, type CardTexts } from './ScheduleCard';
import { useSlotDrop } from './CalendarDnd';
import './calendar.css';

const DAY_START = minutesOf(SCHEDULE_DAY_START);
const SLOT_PX = CALENDAR_SLOT_MINUTES * CALENDAR_PX_PER_MINUTE;
const TIME_COLUMN_PX = 56;

const colour = (token: string) => `var(--chakra-colors-${token.replace('.', '-')})`;
const SLOT_BG: Record<CalendarSlotTypeName, string> = {
  Free: colour('white'),
  OutOfWorkingHour: colour('gray.100'),
  Unavailable: `repeating-linear-gradient(45deg, ${colour('gray.200')} 0 6px, ${colour('gray.100')} 6px 12px)`,
  Fullday: colour('purple.100'),
  Halfday: colour('purple.50'),
  Extended: colour('blue.50'),
};
const SMALL_TEXT: CSSProperties = { fontSize: 'var(--chakra-font-sizes-xs)', color: colour('gray.700') };
const SLOT_STYLE: CSSProperties = {
  height: `${SLOT_PX}px`, borderBottomWidth: '1px', padding: '0.125rem 0.375rem 0', boxSizing: 'border-box',
};
const TIME_STYLE: CSSProperties = {
  ...SMALL_TEXT, height: `${SLOT_PX}px`, paddingRight: '0.375rem', textAlign: 'right', borderBottom: `1px solid ${colour('gray.100')}`,
  boxSizing: 'border-box',
};
/** The types whose run is named in its first slot (free and out-of-hours time speak for themselves). */
const NAMED: readonly CalendarSlotTypeName[] = [CalendarSlotType.Unavailable, CalendarSlotType.Fullday, CalendarSlotType.Halfday, CalendarSlotType.Extended];

export interface CalendarSlotCellProps {
  slot: CalendarSlot;
  /** The slot's start instant (ISO), from its day's (slotInstants). */
  startDateTime: string;
  /** The type's name, shown in the first slot of a run of its type; null in the others. */
  label: string | null;
  /** A click on the slot: its menu (spec 2 §2.2) at that point. */
  onMenu?: (slot: CalendarSlot, at: { x: number; y: number }) => void;
}

export const CalendarSlotCell = memo(function CalendarSlotCell({ slot, startDateTime, label, onMenu }: CalendarSlotCellProps) {
  const { setNodeRef, isOver } = useSlotDrop({ date: slot.date, from: slot.from });
  const hour = slot.from % 60 === 0;
  return (
    <div
      ref={setNodeRef}
      style={{
        ...SLOT_STYLE, background: SLOT_BG[slot.type], borderBottomStyle: hour ? 'solid' : 'dashed', borderBottomColor: colour(hour ? 'gray.200' : 'gray.100'),
        cursor: onMenu ? 'context-menu' : undefined, outline: isOver ? `2px solid ${colour('blue.500')}` : undefined, outlineOffset: '-2px',
      }}
      data-testid="calendar-slot" data-over={isOver || undefined} onClick={onMenu ? (e) => onMenu(slot, { x: e.clientX, y: e.clientY }) : undefined}
      data-date={slot.date} data-start={timeOf(slot.from)} data-type={slot.type} data-start-date-time={startDateTime}
    >
      {label !== null && <p style={SMALL_TEXT}>{label}</p>}
    </div>
  );
});

export interface DayColumnProps {
  date: string;
  slots: CalendarSlot[];
  cards: PlacedCard[];
  /** The cards' texts in the current language (one per week shown). */
  texts: CardTexts;
  onSlotMenu?: CalendarSlotCellProps['onMenu'];
}

/**
 * The slots' start instants, from one Oslo conversion per day: the calendar's window (06:00–18:00)
 * never holds a change of UTC offset (Norway changes at 02:00 and 03:00), so a slot is the window's
 * start plus its minutes.
 */
function slotInstants(date: string, slots: CalendarSlot[]): string[] {
  if (!slots.length) return [];
  const first = osloInstant(date, slots[0].from).getTime();
  return slots.map((s) => new Date(first + (s.from - slots[0].from) * 60_000).toISOString());
}

export const DayColumn = memo(function DayColumn({ date, slots, cards, texts, onSlotMenu }: DayColumnProps) {
  const { t } = useTranslation('planning');
  const instants = useMemo(() => slotInstants(date, slots), [date, slots]);
  return (
    <div className="mw-cal-day" data-testid="calendar-day" data-date={date}>
      {slots.map((slot, i) => (
        <CalendarSlotCell
          key={slot.from} slot={slot} startDateTime={instants[i]} onMenu={onSlotMenu}
          label={NAMED.includes(slot.type) && (i === 0 || slots[i - 1].type !== slot.type) ? t(`Calendar.SlotType.${slot.type}`) : null}
        />
      ))}
      {cards.map((card) => <ScheduleCard key={card.item.id} card={card} texts={texts} />)}
    </div>
  );
});

const NO_SLOTS: CalendarSlot[] = [];
const NO_CARDS: PlacedCard[] = [];

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
  const { t: tp } = useTranslation('planning');
  const texts = useMemo(() => cardTexts(tp), [tp]);
  const scroller = useRef<HTMLDivElement>(null);
  const today = osloDay(new Date());
  const times = slots.get(dates[0])?.map((s) => s.from) ?? [];
  // The latest menu handler behind one stable function: the memoised columns are not drawn again for a new one.
  const menuRef = useRef(onSlotMenu);
  menuRef.current = onSlotMenu;
  const hasMenu = !!onSlotMenu;
  const stableMenu = useCallback<NonNullable<CalendarSlotCellProps['onMenu']>>((slot, at) => menuRef.current?.(slot, at), []);
  const onMenu = hasMenu ? stableMenu : undefined;

  useEffect(() => {
    const timer = setTimeout(() => {
      if (scroller.current) scroller.current.scrollTop = Math.max(0, ((scrollToMinute ?? DAY_START) - DAY_START) * CALENDAR_PX_PER_MINUTE);
    }, CALENDAR_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [weekKey, scrollToMinute]);

  const columns = `${TIME_COLUMN_PX}px repeat(${dates.length}, minmax(120px, 1fr))`;
  return (
    <div
      ref={scroller} className="mw-cal-grid" data-testid="calendar-grid" tabIndex={0} aria-label={t('planning:Calendar.GridLabel')} role="region"
    >
      <div className="mw-cal-grid__inner" style={{ gridTemplateColumns: columns, '--mw-cal-header': `${CALENDAR_HEADER_PX}px` } as CSSProperties}>
        <div className="mw-cal-grid__corner" />
        {dates.map((date) => (
          <div key={date} className="mw-cal-grid__day" data-testid="calendar-day-header" data-date={date} data-today={date === today || undefined}>
            <p className="mw-cal-grid__weekday">{t(`Day.${isoWeekday(date)}`)}</p>
            <p className="mw-cal-grid__date">{dateText(date)}</p>
          </div>
        ))}
        <div className="mw-cal-grid__times" data-testid="calendar-times">
          {times.map((m) => <div key={m} style={TIME_STYLE}>{m % 60 === 0 ? timeOf(m) : ''}</div>)}
        </div>
        {dates.map((date) => <DayColumn key={date} date={date} slots={slots.get(date) ?? NO_SLOTS} cards={cards.get(date) ?? NO_CARDS} texts={texts} onSlotMenu={onMenu} />)}
      </div>
    </div>
  );
}
