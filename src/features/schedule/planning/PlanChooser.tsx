/**
 * The page's own choice of plumber and ISO week (until the calendar hands them over): an active
 * plumber and one of the next weeks. Planning then opens with the same route state the calendar gives.
 */
import { useMemo, useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../data/session';
import { addDays, isoWeek, isoWeekDates, osloDay } from '../../../domain/calendar/days';
import { WEEK_PICKER_WEEKS } from '../../../domain/scheduling/enums';
import { EmptyView, PageLayout } from '../../../ui';
import { SelectField } from '../../../ui/form';
import { LiveReadView } from '../../../ui/LiveReadView';
import { usePlanningPlumbers } from '../api/fetchPlanningPlumbers';
import type { PlanningRouteState } from './routeState';

/** dd.MM.yyyy of a YYYY-MM-DD. */
export const dateText = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

const weekKey = (year: number, week: number) => year * 100 + week;

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
  const companyId = useSession()?.companyId ?? null;
  const plumbers = usePlanningPlumbers(companyId);
  const weeks = useMemo(weekChoices, []);
  const [plumber, setPlumber] = useState<number | null>(initial.plumberId ?? null);
  const initialWeek = initial.year && initial.calendarWeek ? weekKey(initial.year, initial.calendarWeek) : weekKey(weeks[0].year, weeks[0].week);
  const [week, setWeek] = useState<number | null>(weeks.some((w) => weekKey(w.year, w.week) === initialWeek) ? initialWeek : weekKey(weeks[0].year, weeks[0].week));

  const open = () => {
    const chosen = weeks.find((w) => weekKey(w.year, w.week) === week);
    if (!plumber || !chosen) return;
    const state: PlanningRouteState = { plumberId: plumber, calendarWeek: chosen.week, year: chosen.year, skipWeekCount: 1 };
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
              options={list.map((p) => ({ value: p.id, label: p.displayName || `${p.firstName} ${p.lastName}` }))} onChange={setPlumber}
            />
            <SelectField
              label={t('Choose.Week')} testId="planning-week" placeholder={t('Choose.PickWeek')} value={week}
              options={weeks.map((w) => ({ value: weekKey(w.year, w.week), label: t('Choose.WeekOption', { week: w.week, from: dateText(w.from), to: dateText(w.to) }) }))}
              onChange={setWeek}
            />
            <HStack>
              <Button colorPalette="blue" disabled={!plumber || !week} onClick={open} data-testid="planning-open">{t('Choose.Open')}</Button>
            </HStack>
          </Stack>
        ))}
      </LiveReadView>
    </PageLayout>
  );
}
