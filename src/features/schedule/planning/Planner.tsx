/**
 * Loads what a plan needs (spec 2 §2.1, §7): the week's schedule (found, or created on a 404), the
 * facts of the plumber's week (GET /api/Schedule/planningWeek: hours, holidays, absence, slots, items
 * laid, interval) and the company's job durations. A schedule that
 * cannot be read or created is said in a toast and the page goes back (spec 2 §8); missing working
 * hours offer the company settings (WorkinghoursNotAvailable).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LiveRead } from '../../../data/liveRead';
import { useSession } from '../../../data/session';
import { DURATION_SETTING_TYPES } from '../../../domain/settings/company';
import { EmptyView, InfoIcon, LoadingState, PageLayout, snackbar } from '../../../ui';
import { LiveReadView } from '../../../ui/LiveReadView';
import { WorkingHoursNotAvailable } from '../../../ui/WorkingHoursNotAvailable';
import { assignmentListPending, prefetchAssignmentList } from '../api/fetchAssignmentList';
import { jobDurationsOf, prefetchCompanySettings, useCompanySettings } from '../api/fetchJobDurations';
import { EMPTY_FILTER, toAssignmentFilter } from './filters';
import { fetchScheduleWeekFacts, prefetchPlanningWeek, usePlanningWeek } from '../api/fetchPlanningWeek';
import { ScheduleOpenError, useSchedule, type ScheduleTarget } from '../api/openWeekSchedule';
import type { Schedule } from '../../../domain/schemas/scheduling';
import type { WeekFacts } from '../../../domain/scheduling/freeWeek';
import { calendarQuery } from '../calendar/routeState';
import { PlanBoard } from './PlanBoard';
import type { PlanTarget } from './routeState';

export interface PlannerProps {
  target: PlanTarget;
  editing: boolean;
  /** The calendar's free slot to start from (route state). */
  startDateTime?: string;
}

/** The longest the board waits for its first list before it is drawn without it. */
const FIRST_LIST_WAIT_MS = 1500;

export function Planner({ target, editing, startDateTime }: PlannerProps) {
  const { t } = useTranslation('planning');
  const navigate = useNavigate();
  const scheduleTarget: ScheduleTarget = target.kind === 'schedule' || target.scheduleId
    ? { scheduleId: target.kind === 'schedule' ? target.scheduleId : target.scheduleId! }
    : { assigneeId: target.assigneeId, weekNo: target.weekNo, year: target.year };
  // The week's facts are asked for at once: by the plumber's week the target names, or by the schedule's
  // id (the edit route, unless the calendar handed the schedule over); WeekPlanner's usePlanningWeek
  // takes the read over once the schedule says which week it is.
  const factsOfSchedule = useRef<{ id: number; facts: Promise<WeekFacts> } | null>(null);
  const readWeekFacts = useCallback((s: Schedule) => {
    const reading = factsOfSchedule.current?.id === s.id ? factsOfSchedule.current.facts : undefined;
    prefetchPlanningWeek(s.assigneeId, s.year, s.weekNo, reading);
  }, []);
  const schedule = useSchedule(scheduleTarget, readWeekFacts);
  const { refetch } = schedule;
  // The board's first list (no filter) is read alongside the schedule, not after it: it is the same
  // for every plumber of the company (fetchAssignmentList.ts), so the plumber the route names, else the
  // signed-in admin, is the {id} it is read with. The company's settings (the job durations) are read
  // alongside too, and a plumber's week's facts. Started in the page's first render, before the board's
  // own reads (a schedule the calendar handed over draws the board in this same render); the target is
  // fixed for this Planner (PlanningPage keys it by it).
  const session = useSession();
  const reader = target.kind === 'week' ? target.assigneeId : target.assigneeId ?? session?.registrationId;
  const companyId = session?.companyId ?? null;
  useState(() => {
    if (reader) prefetchAssignmentList(reader, toAssignmentFilter(EMPTY_FILTER));
    if (companyId) prefetchCompanySettings(companyId);
    if (target.kind === 'week') prefetchPlanningWeek(target.assigneeId, target.year, target.weekNo);
    else if (target.kind === 'schedule' && !schedule.data) {
      const facts = fetchScheduleWeekFacts(target.scheduleId);
      facts.catch(() => undefined);
      factsOfSchedule.current = { id: target.scheduleId, facts };
    }
    return null;
  });
  const reload = useCallback(() => { void refetch(); }, [refetch]);

  // spec 2 §2.1: Back (and an empty list, or a schedule that cannot be opened) returns to the calendar, on this week.
  const back = useCallback((s?: Schedule) => {
    const week = s ?? schedule.data;
    const shown = week ? { plumberId: week.assigneeId, year: week.year, weekNo: week.weekNo }
      : target.kind === 'week' ? { plumberId: target.assigneeId, year: target.year, weekNo: target.weekNo } : null;
    navigate(shown ? `/schedule/calendar?${new URLSearchParams(calendarQuery(shown.plumberId, shown))}` : '/schedule/calendar');
  }, [navigate, schedule.data, target]);

  useEffect(() => {
    if (schedule.status !== 'error') return;
    const step = schedule.error instanceof ScheduleOpenError ? schedule.error.step : 'load';
    snackbar.error(t(step === 'create' ? 'Scheduling.CreatingScheduleFailed' : 'Scheduling.FailedToRetrieveSchedule'));
    back();
  }, [schedule.status, schedule.error, t, back]);

  if (!schedule.data) {
    return <PageLayout><LiveReadView read={schedule} errorTitle={t('Scheduling.FailedToRetrieveSchedule')}>{() => null}</LiveReadView></PageLayout>;
  }
  return <WeekPlanner schedule={schedule.data} editing={editing} startDateTime={startDateTime} onBack={back} onChanged={reload} />;
}

interface WeekPlannerProps {
  schedule: Schedule;
  editing: boolean;
  startDateTime?: string;
  onBack: (s?: Schedule) => void;
  onChanged: () => void;
}

function WeekPlanner({ schedule, editing, startDateTime, onBack, onChanged }: WeekPlannerProps) {
  const { t } = useTranslation('planning');
  const navigate = useNavigate();
  const companyId = useSession()?.companyId ?? null;
  const week = usePlanningWeek(schedule.assigneeId, schedule.year, schedule.weekNo);
  const settings = useCompanySettings(companyId);
  const refetchWeek = week.refetch;
  // A change (a saved item deleted, a batch done, a plan refused): the schedule and the week's facts are read again.
  const changed = useCallback(() => { onChanged(); void refetchWeek(); }, [onChanged, refetchWeek]);

  const durations = useMemo(() => jobDurationsOf(settings.data), [settings.data]);
  // The board is drawn once, with its first list, when that list is on its way: drawn before it, the
  // board's render held the page's main thread while the list's 20 MB came in through it, and the
  // list (then its rows) came later than the board would have waited for it (bench planningopen). At
  // most FIRST_LIST_WAIT_MS: a slow list shows in the board's table as it loads.
  const [listWait, setListWait] = useState(() => assignmentListPending(toAssignmentFilter(EMPTY_FILTER)));
  useEffect(() => {
    if (!listWait) return;
    let live = true;
    const done = () => { if (live) setListWait(null); };
    const cap = setTimeout(done, FIRST_LIST_WAIT_MS);
    void listWait.then(done);
    return () => { live = false; clearTimeout(cap); };
  }, [listWait]);

  if (week.data && !week.data.hasHours) {
    return <PageLayout><WorkingHoursNotAvailable settingsSection="companyHours" /></PageLayout>;
  }
  if (!week.data || (settings.status !== 'missing' && !settings.data) || listWait) {
    const failed = ([week, settings] as LiveRead<unknown>[]).find((r) => r.status === 'error' || r.status === 'offline');
    return (
      <PageLayout>
        {failed ? <LiveReadView read={failed} errorTitle={t('WeekLoadFailed')}>{() => null}</LiveReadView> : <LoadingState />}
      </PageLayout>
    );
  }
  if (durations.size < DURATION_SETTING_TYPES.length) {
    return (
      <PageLayout>
        <Box data-testid="planning-durations-missing">
          <EmptyView
            title={t('DurationsMissing')} icon={<InfoIcon />}
            action={<Button variant="outline" onClick={() => navigate('/settings?section=jobIntervals')}>{t('GoToJobDurations')}</Button>}
          />
        </Box>
      </PageLayout>
    );
  }
  return (
    <PlanBoard
      schedule={schedule} week={week.data} durations={durations} editing={editing} startDateTime={startDateTime}
      onBack={onBack} onChanged={changed}
    />
  );
}
