/**
 * The page's own choice of plumber, ISO week and start (opened from the menu, without the calendar's state): an active
 * plumber, one of the next weeks, and the date and time the plan starts from (spec 2 §2.1
 * startDateTime, the calendar's chosen slot). The start defaults to the week's first free time that is
 * not past (hours.ts firstFreeStart over freeWeek.ts, from the server's facts of the week); the week
 * proposed is the first with time left; the start is typed in
 * our own date and time fields (dd.MM.yyyy, 24-hour quarters, whatever the browser's language).
 * Planning then opens with the same route state the calendar gives.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../data/session';
import { addDays, isoWeek, isoWeekDates, osloDay, osloDayMinute, osloInstant } from '../../../domain/time/oslo';
import { SCHEDULE_DAY_END, SCHEDULE_DAY_START, WEEK_PICKER_WEEKS } from '../../../domain/scheduling/enums';
import { freeWeek } from '../../../domain/scheduling/freeWeek';
import { firstFreeStart, isBefore, minutesOf, planStart, timeOf, type DayMinute } from '../../../domain/scheduling/hours';
import { EmptyView, PageLayout } from '../../../ui';
import { DateField, SelectField, TimeField } from '../../../ui/form';
import { LiveReadView } from '../../../ui/LiveReadView';
import { prefetchAssignmentList } from '../api/fetchAssignmentList';
import { usePlanningPlumbers } from '../api/fetchPlanningPlumbers';
import { usePlanningWeek } from '../api/fetchPlanningWeek';
import { EMPTY_FILTER, toAssignmentFilter } from './filters';
import type { PlanningRouteState } from './routeState';

/** dd.MM.yyyy of a YYYY-MM-DD. */
export const dateText = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

const weekKey = (year: number, week: number) => year * 100 + week;

/** spec 2 §5: the planning time picker steps in quarters. */
const START_STEP_MINUTES = 15;

interface StartChoice {
  date: string | null;
  time: string | null;
}

/** The start the route state carried back, when it falls in the week. */
function startOfState(iso: string | undefined, dates: readonly string[]): StartChoice | null {
  const at = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(at)) return null;
  const { date, minute } = osloDayMinute(new Date(at));
  return dates.includes(date) ? { date, time: timeOf(minute) } : null;
}

/**
 * The week's first free time from now on, by the server's facts of the plumber's week (hours, holidays,
 * absence, unavailable slots, items already laid, the interval: freeWeek.ts); undefined while they load
 * or no plumber is chosen, null when the week has none left.
 */
function useDefaultStart(plumber: number | null, year: number, week: number): DayMinute | null | undefined {
  const facts = usePlanningWeek(plumber, year, week);
  return useMemo(() => {
    if (!facts.data) return undefined;
    return firstFreeStart(freeWeek(facts.data), planStart(new Date()), START_STEP_MINUTES);
  }, [facts.data]);
}

/** This ISO week and the next ones (spec 2 §9: the week picker lists 12). */
function weekChoices(): { year: number; week: number; from: string; to: string }[] {
  const today = osloDay(new Date());
  return Array.from({ length: WEEK_PICKER_WEEKS }, (_, n) => {
    const { year, week } = isoWeek(addDays(today, 7 * n));
    const dates = isoWeekDates(year, week);
    return { year, week, from: dates[0], to: dates[6] };
  });
}

export function PlanChooser({ initial }: { initial: PlanningRouteState }) {
  const { t } = useTranslation('planning');
  const navigate = useNavigate();
  const session = useSession();
  const companyId = session?.companyId ?? null;
  const plumbers = usePlanningPlumbers(companyId);
  // The board this chooser opens needs the company's assignment list, the same whichever plumber and
  // week are chosen (fetchAssignmentList.ts): it is read while the admin chooses, and "Planlegg" takes it over.
  const reader = session?.registrationId;
  useEffect(() => {
    if (reader) prefetchAssignmentList(reader, toAssignmentFilter(EMPTY_FILTER));
  }, [reader]);
  const weeks = useMemo(weekChoices, []);
  const [plumber, setPlumber] = useState<number | null>(initial.plumberId ?? null);
  const initialWeek = initial.year && initial.calendarWeek ? weekKey(initial.year, initial.calendarWeek) : weekKey(weeks[0].year, weeks[0].week);
  const [week, setWeek] = useState<number | null>(weeks.some((w) => weekKey(w.year, w.week) === initialWeek) ? initialWeek : weekKey(weeks[0].year, weeks[0].week));
  const chosen = weeks.find((w) => weekKey(w.year, w.week) === week) ?? null;
  const dates = chosen ? isoWeekDates(chosen.year, chosen.week) : [];
  // null: the default start; a plumber or week chosen anew starts from the default again.
  const [custom, setCustom] = useState<StartChoice | null>(() => startOfState(initial.startDateTime, dates));
  const defaultStart = useDefaultStart(plumber, chosen?.year ?? 0, chosen?.week ?? 0);
  // The week proposed without a choice is the first with time left: on a Friday night, the next one.
  const [weekChosen, setWeekChosen] = useState(initial.calendarWeek !== undefined);
  useEffect(() => {
    if (weekChosen || defaultStart !== null || !chosen) return;
    const at = weeks.findIndex((w) => weekKey(w.year, w.week) === week);
    if (at >= 0 && at + 1 < weeks.length && at === 0) setWeek(weekKey(weeks[at + 1].year, weeks[at + 1].week));
  }, [weekChosen, defaultStart, chosen, weeks, week]);
  const start: StartChoice = custom ?? (defaultStart ? { date: defaultStart.date, time: timeOf(defaultStart.minute) } : { date: null, time: null });
  const today = osloDay(new Date());
  const startProblem = custom ? startProblemOf(start) : null;

  const open = () => {
    if (!plumber || !chosen || startProblem) return;
    const startDateTime = start.date && start.time ? osloInstant(start.date, minutesOf(start.time)).toISOString() : undefined;
    const state: PlanningRouteState = { plumberId: plumber, calendarWeek: chosen.week, year: chosen.year, skipWeekCount: 1, startDateTime };
    navigate('/schedule/plan', { state });
  };

  return (
    <PageLayout heading={t('Choose.Heading')}>
      <LiveReadView read={plumbers} errorTitle={t('Choose.PlumbersLoadFailed')} missing={<EmptyView title={t('Choose.NoPlumbers')} />}>
        {(list) => (list.length === 0 ? <EmptyView title={t('Choose.NoPlumbers')} /> : (
          <Stack gap="4" maxW="28rem" data-testid="planning-chooser">
            <Text color="fg.muted">{t('Choose.Intro')}</Text>
            <SelectField
              label={t('Choose.Plumber')} testId="planning-plumber" placeholder={t('Choose.PickPlumber')} value={plumber}
              options={list.map((p) => ({ value: p.id, label: p.displayName || `${p.firstName} ${p.lastName}` }))}
              onChange={(p) => { setPlumber(p); setCustom(null); }}
            />
            <SelectField
              label={t('Choose.Week')} testId="planning-week" placeholder={t('Choose.PickWeek')} value={week}
              options={weeks.map((w) => ({ value: weekKey(w.year, w.week), label: t('Choose.WeekOption', { week: w.week, from: dateText(w.from), to: dateText(w.to) }) }))}
              onChange={(w) => { setWeek(w); setWeekChosen(true); setCustom(null); }}
            />
            <HStack align="start" gap="3">
              <DateField
                label={t('Choose.StartDate')} testId="planning-start-date" value={start.date} width="11rem"
                min={dates[0] && dates[0] > today ? dates[0] : today} max={dates[6]}
                onChange={(date) => setCustom({ ...start, date })}
              />
              <TimeField
                label={t('Choose.StartTime')} testId="planning-start-time" value={start.time} width="8rem"
                step={START_STEP_MINUTES} min={SCHEDULE_DAY_START} max={SCHEDULE_DAY_END}
                onChange={(time) => setCustom({ ...start, time })}
              />
            </HStack>
            <Text fontSize="sm" color={startProblem ? 'fg.error' : 'fg.muted'} role={startProblem ? 'alert' : undefined} data-testid="planning-start-note">
              {startProblem ? t(`Choose.${startProblem}`) : t(!plumber ? 'Choose.PickPlumberFirst' : start.date ? 'Choose.StartNote' : defaultStart === undefined ? 'Choose.ReadingWeek' : 'Choose.StartFromNow')}
            </Text>
            <HStack>
              <Button colorPalette="blue" disabled={!plumber || !week || !!startProblem} onClick={open} data-testid="planning-open">{t('Choose.Open')}</Button>
            </HStack>
          </Stack>
        ))}
      </LiveReadView>
    </PageLayout>
  );
}

/** What is wrong with a start: half given, or past. Both empty is no start: the plan starts now. */
function startProblemOf({ date, time }: StartChoice): 'StartIncomplete' | 'StartPast' | null {
  if (!date !== !time) return 'StartIncomplete';
  if (date && time && isBefore({ date, minute: minutesOf(time) }, planStart(new Date()))) return 'StartPast';
  return null;
}
