/**
 * A schedule item's card on the week grid (spec 2 §2.2): placed by its Oslo start and end, coloured by
 * its status group (itemStatus.ts cardColour, spec 2 §4), showing the address, the time range, the
 * assignment type and the status. Its data- attributes (item id, status, day, start, end, movable) are
 * what drag and drop reads. Its menu button opens the week's one card menu (cardMenu.ts); a card whose
 * status changed on the server since the week was loaded is flagged red (spec 2 §4).
 */
import { memo } from 'react';
import { Box, chakra, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_PX_PER_MINUTE, SCHEDULE_DAY_START } from '../../../domain/scheduling/enums';
import { minutesOf, timeOf } from '../../../domain/scheduling/hours';
import { cardColour, isMovable, type CardColour } from '../../../domain/scheduling/itemStatus';
import type { PlacedCard } from './cardLayout';
import { useCardDrag } from './CalendarDnd';
import { noteOffered, useCardWeek } from './cardMenu';

/** Material's more_vert and sticky_note paths, drawn plain: a week holds up to 200 cards. */
const MORE_PATH = 'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2zm0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2zm0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2z';
const NOTE_PATH = 'M19 3H4.99C3.89 3 3 3.9 3 5l.01 14c0 1.1.89 2 1.99 2h10l6-6V5c0-1.1-.9-2-2-2zM7 8h10v2H7V8zm5 6H7v-2h5v2zm2 5.5V14h5.5L14 19.5z';
const svg = (d: string, label?: string) => (
  <svg viewBox="0 0 24 24" width="14" height="14" fill="currentColor" aria-hidden={label ? undefined : true} role={label ? 'img' : undefined} aria-label={label}>
    <path d={d} />
  </svg>
);

const DAY_START = minutesOf(SCHEDULE_DAY_START);

/** spec 2 §4: Scheduled white; green, orange, light grey and red groups; cancelled (ours) faded grey. */
const COLOURS: Record<CardColour, { bg: string; border: string }> = {
  white: { bg: 'white', border: 'gray.400' },
  green: { bg: 'green.100', border: 'green.500' },
  orange: { bg: 'orange.200', border: 'orange.500' },
  grey: { bg: 'gray.200', border: 'gray.500' },
  red: { bg: 'red.200', border: 'red.500' },
  cancelled: { bg: 'gray.100', border: 'gray.300' },
};

export interface ScheduleCardProps {
  card: PlacedCard;
}

/** The card's lines: drawn again only when they change, not on drag and drop's own redraws. */
const CardText = memo(function CardText({ address, hasNote, flagged, range, type, status, short }: {
  address: string; hasNote: boolean; flagged: boolean; range: string; type: string; status: string; short: boolean;
}) {
  const { t } = useTranslation('planning');
  return (
    <>
      <HStack gap="1" align="start">
        <Text fontWeight="semibold" truncate flex="1">{address}</Text>
        {hasNote && <Box as="span" color="gray.700" flexShrink={0} data-testid="calendar-card-has-note">{svg(NOTE_PATH, t('Calendar.Note.Has'))}</Box>}
      </HStack>
      {flagged && <Text color="red.700" fontWeight="semibold" truncate data-testid="calendar-card-flag">{t('Calendar.Flagged')}</Text>}
      <Text truncate>{short ? `${range} · ${status}` : range}</Text>
      {!short && <Text truncate>{type}</Text>}
      {!short && <Text truncate fontStyle="italic">{status}</Text>}
    </>
  );
});

export function ScheduleCard({ card }: ScheduleCardProps) {
  const { t } = useTranslation('planning');
  const { item, from, to, lane, lanes } = card;
  const colour = cardColour(item.status);
  const style = COLOURS[colour];
  const range = `${timeOf(from)}–${timeOf(to)}`;
  const type = t(`AssignmentType.${item.objectType}`, { defaultValue: '' }) as string;
  const status = t(`ScheduleItemStatus.${item.status}`, { defaultValue: '' }) as string;
  const short = (to - from) * CALENDAR_PX_PER_MINUTE < 80;
  const movable = isMovable(item.status);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useCardDrag(item, movable);
  const { openMenu, flagged } = useCardWeek();
  const isFlagged = flagged.has(item.id);
  const hasMenu = noteOffered(item);
  const menuButton = hasMenu && (
    // Beside the card, not in it: the card is itself the drag handle (a button to assistive technology).
    <chakra.button
      type="button" position="absolute" top="1px" right="1px" zIndex={2} rounded="sm" color="gray.700" lineHeight="0" p="0.5"
      _hover={{ bg: 'blackAlpha.100' }} _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600' }}
      aria-label={t('Calendar.CardMenu', { address: item.address })} data-testid="calendar-card-menu" data-item-id={item.id}
      onClick={(e) => { const r = e.currentTarget.getBoundingClientRect(); openMenu(item, { x: r.left, y: r.bottom }); }}
    >
      {svg(MORE_PATH)}
    </chakra.button>
  );
  return (
    <Box
      ref={setNodeRef} position="absolute" top={`${(from - DAY_START) * CALENDAR_PX_PER_MINUTE}px`} height={`${(to - from) * CALENDAR_PX_PER_MINUTE}px`}
      left={`calc(${(lane / lanes) * 100}% + 2px)`} width={`calc(${100 / lanes}% - 4px)`}
      transform={transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined} zIndex={isDragging ? 10 : 1}
    >
      <Box
        {...(movable ? { ...attributes, ...listeners } : {})}
        cursor={movable ? (isDragging ? 'grabbing' : 'grab') : undefined} touchAction={movable ? 'none' : undefined}
        opacity={isDragging ? 0.85 : 1} _focusVisible={{ outline: '3px solid', outlineColor: 'blue.600' }}
        as="article" data-testid="calendar-card" data-dragging={isDragging || undefined} data-item-id={item.id} data-status={item.status} data-colour={colour}
        data-date={card.date} data-start={timeOf(from)} data-end={timeOf(to)} data-movable={movable} data-flagged={isFlagged || undefined}
        width="100%" height="100%"
        bg={style.bg} color="gray.900" borderWidth={isFlagged ? '2px' : '1px'} borderLeftWidth="4px" borderColor={isFlagged ? 'red.600' : style.border} rounded="sm"
        px="1.5" py="0.5" pr={hasMenu ? '5' : '1.5'} overflow="hidden" fontSize="xs" lineHeight="1.25" boxShadow={isDragging ? 'lg' : 'xs'}
        textDecoration={colour === 'cancelled' ? 'line-through' : undefined}
      >
        <CardText address={item.address} hasNote={!!item.notes} flagged={isFlagged} range={range} type={type} status={status} short={short} />
      </Box>
      {menuButton}
    </Box>
  );
}
