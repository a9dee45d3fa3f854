/**
 * One month of the holiday calendar (spec 3 §2: 3 columns × 12 months): ISO weeks in rows with their
 * week number, Monday first; a holiday has a dot marker (half days a hollow one) and its reason as
 * title. It is also the date picker for a new holiday: a day from today on that is not a holiday yet
 * can be picked; past days are disabled.
 */
import { Box, Grid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { addDays, isoWeek, isoWeekday } from '../../../domain/calendar';
import { HolidayType } from '../../../domain/holidays';

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
}

const pad = (n: number) => String(n).padStart(2, '0');

export function MonthCalendar({ year, month, marks, today, locale, picked, onPick }: MonthCalendarProps) {
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
  return (
    <Box borderWidth="1px" borderRadius="md" p="2" data-testid={`month-${month}`}>
      <Text fontWeight="semibold" textTransform="capitalize" mb="1">{title}</Text>
      <Grid templateColumns="1.6rem repeat(7, 1fr)" gap="0.5" fontSize="xs" textAlign="center">
        <Text color="fg.muted" title={t('WeekColumn')}>{t('WeekShort')}</Text>
        {[1, 2, 3, 4, 5, 6, 7].map((d) => <Text key={d} color="fg.muted">{t(`DayShort.${d}`)}</Text>)}
        {weeks.map((days) => [
          <Text key={`w${days[0]}`} color="fg.muted">{isoWeek(days[0]).week}</Text>,
          ...days.map((d) => {
            if (!inMonth(d)) return <Box key={d} />;
            const mark = marks.get(d);
            const pickable = !!onPick && !mark && d >= today;
            return (
              <Box
                key={d} as={onPick ? 'button' : 'div'} position="relative" py="0.5" borderRadius="sm" title={mark ? (mark.reason ?? '') : undefined}
                bg={d === picked ? 'blue.solid' : mark ? 'red.subtle' : undefined} color={d === picked ? 'white' : d < today ? 'fg.subtle' : undefined}
                fontWeight={d === today ? 'bold' : undefined} data-holiday={mark ? d : undefined}
                cursor={pickable ? 'pointer' : undefined} _hover={pickable && d !== picked ? { bg: 'blue.subtle' } : undefined}
                {...(onPick ? {
                  type: 'button', disabled: !pickable, 'aria-pressed': d === picked,
                  'aria-label': `${dayLabel.format(new Date(`${d}T00:00:00Z`))}${mark ? ` (${mark.reason ?? t('Holiday')})` : ''}`,
                  onClick: () => onPick(d),
                } : {})}
              >
                {Number(d.slice(8))}
                {mark && (
                  <Box
                    aria-hidden position="absolute" bottom="0" left="50%" transform="translateX(-50%)" boxSize="1.5"
                    borderRadius="full" borderWidth="1px" borderColor="red.solid"
                    bg={mark.holidayTypeId === HolidayType.FullDay ? 'red.solid' : 'transparent'}
                  />
                )}
              </Box>
            );
          }),
        ])}
      </Grid>
    </Box>
  );
}
