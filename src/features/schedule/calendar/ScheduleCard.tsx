/**
 * A schedule item's card on the week grid (spec 2 §2.2): placed by its Oslo start and end, coloured by
 * its status group (itemStatus.ts cardColour, spec 2 §4), showing the address, the time range, the
 * assignment type and the status. Its data- attributes (item id, status, day, start, end, movable) are
 * what drag and drop reads. Its menu button opens the week's one card menu (cardMenu.ts); a card whose
 * status changed on the server since the week was loaded is flagged red (spec 2 §4).
 *
 * Speed (bench/calendarRender.ts, budget 300 ms for 200 cards): plain elements styled by calendar.css
 * (its colours keyed on the card's data- attributes) rather than Chakra components, the texts from the
 * week's one CardTexts (no useTranslation per card), and the card's face memoised on what it shows:
 * dnd-kit draws every draggable again once the week's drop targets registered, and on each step of a
 * drag; those draws only reach the holder and the card's own element.
 */
import { memo } from 'react';
import type { TFunction } from 'i18next';
import { CALENDAR_PX_PER_MINUTE, SCHEDULE_DAY_START } from '../../../domain/scheduling/enums';
import { minutesOf, timeOf } from '../../../domain/scheduling/hours';
import { cardColour, isMovable } from '../../../domain/scheduling/itemStatus';
import type { ScheduleItem } from '../../../domain/schemas/scheduling';
import type { PlacedCard } from './cardLayout';
import { useCardDrag } from './CalendarDnd';
import { cancelOffered, noteOffered, useCardWeek, type CardMenuAnchor } from './cardMenu';
import './calendar.css';

/** Material's more_vert and sticky_note paths, drawn plain: a week holds up to 200 cards. */
const MORE_PATH = 'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2zm0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2zm0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2z';
const NOTE_PATH = 'M19 3H4.99C3.89 3 3 3.9 3 5l.01 14c0 1.1.89 2 1.99 2h10l6-6V5c0-1.1-.9-2-2-2zM7 8h10v2H7V8zm5 6H7v-2h5v2zm2 5.5V14h5.5L14 19.5z';
const svg = (d: string, label?: string) => (
  <svg viewBox="0 0 24 24" width="14" height="14" fill="currentColor" aria-hidden={label ? undefined : true} role={label ? 'img' : undefined} aria-label={label}>
    <path d={d} />
  </svg>
);

const DAY_START = minutesOf(SCHEDULE_DAY_START);

/**
 * The cards' texts in the current language, each looked up once per week shown rather than once
 * per card: the week's grid makes one from its `t` (planning namespace).
 */
export interface CardTexts {
  type: (objectType: number | null) => string;
  status: (status: number | null) => string;
  /** The menu button's name, which holds the card's address. */
  menu: (address: string) => string;
  hasNote: string;
  flagged: string;
}

export function cardTexts(t: TFunction<'planning'>): CardTexts {
  const cached = (key: (n: number | null) => string) => {
    const seen = new Map<number | null, string>();
    return (n: number | null) => {
      let text = seen.get(n);
      if (text === undefined) seen.set(n, (text = t(key(n), { defaultValue: '' }) as string));
      return text;
    };
  };
  return {
    type: cached((n) => `AssignmentType.${n}`),
    status: cached((n) => `ScheduleItemStatus.${n}`),
    // The name's text once, the address put in per card: i18next's interpolation per card was most of the texts' cost.
    menu: (() => { const [before, after = ''] = t('Calendar.CardMenu', { address: '\u0000' }).split('\u0000'); return (address: string) => before + address + after; })(),
    hasNote: t('Calendar.Note.Has'),
    flagged: t('Calendar.Flagged'),
  };
}

export interface ScheduleCardProps {
  card: PlacedCard;
  texts: CardTexts;
}

/** The card's lines: drawn again only when they change, not on drag and drop's own redraws. */
const CardText = memo(function CardText({ address, note, flag, range, type, status, short }: {
  address: string; note: string | null; flag: string | null; range: string; type: string; status: string; short: boolean;
}) {
  return (
    <>
      <div className="mw-cal-card__top">
        <p className="mw-cal-card__address">{address}</p>
        {note !== null && <span className="mw-cal-card__note" data-testid="calendar-card-has-note">{svg(NOTE_PATH, note)}</span>}
      </div>
      {flag !== null && <p className="mw-cal-card__flag" data-testid="calendar-card-flag">{flag}</p>}
      <p>{short ? `${range} · ${status}` : range}</p>
      {!short && <p>{type}</p>}
      {!short && <p className="mw-cal-card__status">{status}</p>}
    </>
  );
});

/** Beside the card, not in it: the card is itself the drag handle (a button to assistive technology). */
const MenuButton = memo(function MenuButton({ item, label, openMenu }: {
  item: ScheduleItem; label: string; openMenu: (item: ScheduleItem, at: CardMenuAnchor) => void;
}) {
  return (
    <button
      type="button" className="mw-cal-card__menu" aria-label={label} data-testid="calendar-card-menu" data-item-id={item.id}
      onClick={(e) => { const r = e.currentTarget.getBoundingClientRect(); openMenu(item, { x: r.left, y: r.bottom }); }}
    >
      {svg(MORE_PATH)}
    </button>
  );
});

export function ScheduleCard({ card, texts }: ScheduleCardProps) {
  const { item, from, to, lane, lanes } = card;
  const colour = cardColour(item.status);
  const movable = isMovable(item.status);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useCardDrag(item, movable);
  const { openMenu, flagged } = useCardWeek();
  const isFlagged = flagged.has(item.id);
  const hasMenu = noteOffered(item) || cancelOffered(item);
  return (
    <div
      ref={setNodeRef} className="mw-cal-card-holder"
      style={{
        top: `${(from - DAY_START) * CALENDAR_PX_PER_MINUTE}px`, height: `${(to - from) * CALENDAR_PX_PER_MINUTE}px`,
        left: `calc(${(lane / lanes) * 100}% + 2px)`, width: `calc(${100 / lanes}% - 4px)`,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, zIndex: isDragging ? 10 : 1,
      }}
    >
      <article
        {...(movable ? { ...attributes, ...listeners } : {})}
        className="mw-cal-card" data-testid="calendar-card" data-dragging={isDragging || undefined} data-item-id={item.id} data-status={item.status}
        data-colour={colour} data-date={card.date} data-start={timeOf(from)} data-end={timeOf(to)} data-movable={movable}
        data-flagged={isFlagged || undefined} data-menu={hasMenu || undefined}
      >
        <CardText
          address={item.address} note={item.notes ? texts.hasNote : null} flag={isFlagged ? texts.flagged : null} range={`${timeOf(from)}–${timeOf(to)}`}
          type={texts.type(item.objectType)} status={texts.status(item.status)} short={(to - from) * CALENDAR_PX_PER_MINUTE < 80}
        />
      </article>
      {hasMenu && <MenuButton item={item} label={texts.menu(item.address)} openMenu={openMenu} />}
    </div>
  );
}
