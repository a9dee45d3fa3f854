/**
 * One month of the holiday calendar (spec 3 §2: 3 columns × 12 months): ISO weeks in rows with their
 * week number, Monday first; a holiday has a dot marker (half days a hollow one) and its reason as
 * title. It is also the date picker for a new holiday: a day from today on that is not a holiday yet
 * can be picked; past days and holidays cannot (aria-disabled, so the keyboard still reaches them).
 *
 * The twelve months are one ARIA date grid each but one tab stop together (WAI-ARIA date picker
 * grid): only the `active` day is in the tab order; the arrow keys, Home/End and PageUp/PageDown move
 * it (across months, within the year) through `onMove`.
 */
import { useRef, useState } from 'react';
import { Box, chakra, Grid, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { addDays, isoWeek, isoWeekday } from '../../../domain/time/oslo';
import { HolidayType } from '../../../domain/settings/holidays';
import { gridKeyDay } from '../../../ui/form/dateGrid';

export interface MarkedDay {
  holidayTypeId: number;
  reason: string | null;
}

interface MonthCalendarProps {
  year: number;
  /** 1–12. */
  month: number;
  marks: Map<string, MarkedDay>;
  today: string;
  locale: string;
  /** The date picked for a new holiday. */
  picked: string;
  /** Absent: nothing can be picked (a past year). */
  onPick?: (date: string) => void;
  /** The day in the tab order (YYYY-MM-DD), in this month or another. */
  active: string;
  /** The keyboard moved the focus to another day. */
  onMove: (date: string) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

type HolidayMonthsProps = Omit<MonthCalendarProps, 'month' | 'active' | 'onMove'>;

/**
 * The year's twelve months with their one tab stop: the picked day, else today in this year, else
 * the year's first day; where the keys moved it, until another day is picked.
 */
export function HolidayMonths(props: HolidayMonthsProps) {
  const { year, picked, today } = props;
  const [moved, setMoved] = useState<{ day: string; picked: string } | null>(null);
  const active = moved && moved.picked === picked ? moved.day
    : picked.startsWith(`${year}-`) ? picked : today.startsWith(`${year}-`) ? today : `${year}-01-01`;
  const grid = useRef<HTMLDivElement>(null);
  const moveTo = (day: string) => {
    setMoved({ day, picked });
    // Focus follows at once: every day of the year is rendered already.
    grid.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
  };
  return (
    <SimpleGrid ref={grid} columns={{ base: 1, md: 3 }} gap="3" data-testid="holiday-months">
      {MONTHS.map((m) => <MonthCalendar key={m} {...props} month={m} active={active} onMove={moveTo} />)}
    </SimpleGrid>
  );
}

export function MonthCalendar({ year, month, marks, today, locale, picked, onPick, active, onMove }: MonthCalendarProps) {
  const { t } = useTranslation('hours');
  const first = `${year}-${pad(month)}-01`;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const monday = addDays(first, 1 - isoWeekday(first));
  const weeks: string[][] = [];
  for (let start = monday; start <= `${year}-${pad(month)}-${pad(daysInMonth)}`; start = addDays(start, 7)) {
    weeks.push([0, 1, 2, 3, 4, 5, 6].map((i) => addDays(start, i)));
  }
  const title = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
  const inMonth = (d: string) => d.slice(0, 7) === first.slice(0, 7);
  const dayLabel = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const titleId = `holiday-month-${year}-${month}`;
  return (
    <Box borderWidth="1px" borderRadius="md" p="2" data-testid={`month-${month}`}>
      <Text id={titleId} fontWeight="semibold" textTransform="capitalize" mb="1">{title}</Text>
      <Grid
        role={onPick ? 'grid' : undefined} aria-labelledby={onPick ? titleId : undefined}
        templateColumns="1.6rem repeat(7, 1fr)" gap="0.5" fontSize="xs" textAlign="center"
      >
        <Box role={onPick ? 'row' : undefined} display="contents">
          <Text role={onPick ? 'columnheader' : undefined} color="fg.muted" title={t('WeekColumn')} aria-label={t('WeekColumn')}>{t('WeekShort')}</Text>
          {[1, 2, 3, 4, 5, 6, 7].map((d) => <Text key={d} role={onPick ? 'columnheader' : undefined} color="fg.muted">{t(`DayShort.${d}`)}</Text>)}
        </Box>
        {weeks.map((days) => (
          <Box key={days[0]} role={onPick ? 'row' : undefined} display="contents">
            <Text role={onPick ? 'rowheader' : undefined} color="fg.muted">{isoWeek(days[0]).week}</Text>
            {days.map((d) => {
              if (!inMonth(d)) return <Box key={d} role={onPick ? 'gridcell' : undefined} />;
              const mark = marks.get(d);
              const pickable = !!onPick && !mark && d >= today;
              const dot = mark && (
                <Box
                  aria-hidden position="absolute" bottom="0" left="50%" transform="translateX(-50%)" boxSize="1.5"
                  borderRadius="full" borderWidth="1px" borderColor="red.solid"
                  bg={mark.holidayTypeId === HolidayType.FullDay ? 'red.solid' : 'transparent'}
                />
              );
              const look = {
                position: 'relative', py: '0.5', borderRadius: 'sm', title: mark ? (mark.reason ?? '') : undefined,
                bg: d === picked ? 'blue.solid' : mark ? 'red.subtle' : undefined, color: d === picked ? 'white' : d < today ? 'fg.subtle' : undefined,
                fontWeight: d === today ? 'bold' : undefined, 'data-holiday': mark ? d : undefined,
              } as const;
              if (!onPick) return <Box key={d} {...look}>{Number(d.slice(8))}{dot}</Box>;
              return (
                <Box key={d} role="gridcell" aria-selected={d === picked}>
                  <chakra.button
                    type="button" width="100%" {...look} data-day={d}
                    tabIndex={d === active ? 0 : -1} aria-disabled={!pickable || undefined}
                    aria-label={`${dayLabel.format(new Date(`${d}T00:00:00Z`))}${mark ? ` (${mark.reason ?? t('Holiday')})` : ''}`}
                    cursor={pickable ? 'pointer' : 'default'} _hover={pickable && d !== picked ? { bg: 'blue.subtle' } : undefined}
                    onClick={() => { if (pickable) onPick(d); }}
                    onKeyDown={(e: React.KeyboardEvent) => {
                      const next = gridKeyDay(d, e.key, { min: `${year}-01-01`, max: `${year}-12-31` });
                      if (next === null) return;
                      e.preventDefault();
                      onMove(next);
                    }}
                  >
                    {Number(d.slice(8))}
                    {dot}
                  </chakra.button>
                </Box>
              );
            })}
          </Box>
        ))}
      </Grid>
    </Box>
  );
}
