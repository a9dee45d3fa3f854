/**
 * A schedule item's card on the week grid (spec 2 §2.2): placed by its Oslo start and end, coloured by
 * its status group (itemStatus.ts cardColour, spec 2 §4), showing the address, the time range, the
 * assignment type and the status. Its data- attributes (item id, status, day, start, end, movable) are
 * what drag and drop reads.
 */
import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CALENDAR_PX_PER_MINUTE, SCHEDULE_DAY_START } from '../../../domain/scheduling/enums';
import { minutesOf, timeOf } from '../../../domain/scheduling/hours';
import { cardColour, isMovable, type CardColour } from '../../../domain/scheduling/itemStatus';
import type { PlacedCard } from './cardLayout';
import { useCardDrag } from './CalendarDnd';

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

export function ScheduleCard({ card }: ScheduleCardProps) {
  const { t } = useTranslation('planning');
  const { item, from, to, lane, lanes } = card;
  const colour = cardColour(item.status);
  const style = COLOURS[colour];
  const range = `${timeOf(from)}–${timeOf(to)}`;
  const type = t(`AssignmentType.${item.objectType}`, { defaultValue: '' });
  const status = t(`ScheduleItemStatus.${item.status}`, { defaultValue: '' });
  const short = (to - from) * CALENDAR_PX_PER_MINUTE < 80;
  const movable = isMovable(item.status);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useCardDrag(item, movable);
  return (
    <Box
      ref={setNodeRef} {...(movable ? { ...attributes, ...listeners } : {})}
      transform={transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined}
      cursor={movable ? (isDragging ? 'grabbing' : 'grab') : undefined} touchAction={movable ? 'none' : undefined}
      opacity={isDragging ? 0.85 : 1} _focusVisible={{ outline: '3px solid', outlineColor: 'blue.600' }}
      as="article" data-testid="calendar-card" data-dragging={isDragging || undefined} data-item-id={item.id} data-status={item.status} data-colour={colour}
      data-date={card.date} data-start={timeOf(from)} data-end={timeOf(to)} data-movable={movable}
      position="absolute" top={`${(from - DAY_START) * CALENDAR_PX_PER_MINUTE}px`} height={`${(to - from) * CALENDAR_PX_PER_MINUTE}px`}
      left={`calc(${(lane / lanes) * 100}% + 2px)`} width={`calc(${100 / lanes}% - 4px)`}
      bg={style.bg} color="gray.900" borderWidth="1px" borderLeftWidth="4px" borderColor={style.border} rounded="sm"
      px="1.5" py="0.5" overflow="hidden" fontSize="xs" lineHeight="1.25" zIndex={isDragging ? 10 : 1} boxShadow={isDragging ? 'lg' : 'xs'}
      textDecoration={colour === 'cancelled' ? 'line-through' : undefined}
    >
      <Text fontWeight="semibold" truncate>{item.address}</Text>
      <Text truncate>{short ? `${range} · ${status}` : range}</Text>
      {!short && <Text truncate>{type}</Text>}
      {!short && <Text truncate fontStyle="italic">{status}</Text>}
    </Box>
  );
}
