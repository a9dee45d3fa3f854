/**
 * Schedule history (/schedule/history, spec 1 §2): the signed-in user's past weeks, one ISO week at a
 * time (newest first: it opens on last week; previous/next week, or a day picked in the date field
 * opens that day's week), read only. Each day shows what was planned for them (schedule items with
 * time, address, type and status) and their own jobs of that day.
 *
 * Device first: the week is read from the replica (db.mySchedule, db.jobs), so it opens offline. A
 * week the device does not hold (older than the sync's range) is fetched from GET /api/Schedule/mine
 * when online and kept (src/data/mySchedule.ts); offline, such a week says it is not on the device
 * rather than showing an empty week that pretends nothing was planned.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDateText } from '../../../domain/calendar/dateTimeText';
import { osloDay } from '../../../domain/time/oslo';
import { db } from '../../../data/db';
import { myScheduleBetween } from '../../../data/mySchedule';
import { useOnline } from '../../../data/online';
import { useSession } from '../../../data/session';
import { BackIcon, EmptyView, ErrorView, LoadingState, PageLayout } from '../../../ui';
import { DateField } from '../../../ui/form';
import { ForwardIcon, JobCard, PlannedItemCards } from './ScheduleCards';
import { fetchMySchedule, myScheduleHeld } from './held';
import { queryJobsBetween } from '../queries';
import { clampWeek, daysOf, formatWeekParam, latestHistoryWeek, parseWeekParam, shiftWeek, weekOf, type HistoryWeek } from './weeks';

/** The day's weekday name in the page's language ('mandag', 'Monday'). */
const weekday = (day: string, language: string) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'nb-NO', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

type Fetching = { from: string; state: 'loading' | 'failed' };

export function ScheduleHistoryPage() {
  const { t, i18n } = useTranslation('schedule');
  const navigate = useNavigate();
  const session = useSession();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const latest = latestHistoryWeek(osloDay(new Date()));
  const week = clampWeek(parseWeekParam(params.get('week')) ?? latest, latest);
  const isLatest = week.from === latest.from;
  // Steps replace the address: Back leads to where the user came from, not through every week.
  const go = (w: HistoryWeek) => setParams({ week: formatWeekParam(clampWeek(w, latest)) }, { replace: true });

  const registrationId = session?.registrationId;
  const planned = useLiveQuery(() => myScheduleBetween(week.from, week.to), [week.from]);
  const held = useLiveQuery(() => myScheduleHeld(week.from, week.to), [week.from]);
  const jobs = useLiveQuery(
    () => (registrationId != null ? queryJobsBetween(db, registrationId, week.from, week.to) : undefined),
    [registrationId, week.from],
  );

  // A week the device does not hold: fetched once per week shown while online (again on Try again).
  const [fetching, setFetching] = useState<Fetching | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (held !== false || !online) return;
    let current = true;
    setFetching({ from: week.from, state: 'loading' });
    fetchMySchedule(week.from, week.to).then(
      () => { if (current) setFetching(null); },
      () => { if (current) setFetching({ from: week.from, state: 'failed' }); },
    );
    return () => { current = false; };
  }, [held, online, week.from, week.to, attempt]);

  if (!session || planned === undefined || held === undefined || jobs === undefined) return <LoadingState />;

  const fetchState = fetching?.from === week.from ? fetching.state : null;
  const days = daysOf(week).filter((d) => planned.some((i) => i.scheduledDate === d) || jobs.some((j) => j.day === d));

  let missing: ReactNode = null;
  if (!held) {
    if (!online) missing = <EmptyView title={t('WeekNotOnDevice')} description={t('WeekNotOnDeviceHint')} />;
    else if (fetchState === 'failed') missing = <ErrorView title={t('WeekFetchFailed')} onRetry={() => setAttempt((n) => n + 1)} />;
    else missing = <LoadingState />;
  }

  return (
    <PageLayout heading={t('WeekTitle', { week: week.week, year: week.year })}>
      <HStack gap="2" wrap="wrap">
        <IconButton aria-label={t('PreviousWeek')} variant="outline" size="sm" data-testid="history-prev-week" onClick={() => go(shiftWeek(week, -1))}>
          <BackIcon />
        </IconButton>
        <DateField
          width="11rem"
          ariaLabel={t('ChooseWeekDay')}
          testId="history-day"
          showHint={false}
          max={latest.to}
          value={week.from}
          onChange={(d) => { if (d) go(weekOf(d)); }}
        />
        <IconButton aria-label={t('NextWeek')} variant="outline" size="sm" data-testid="history-next-week" disabled={isLatest} onClick={() => go(shiftWeek(week, 1))}>
          <ForwardIcon />
        </IconButton>
        <Button size="sm" variant="ghost" disabled={isLatest} onClick={() => go(latest)}>{t('LastWeek')}</Button>
      </HStack>
      <Text color="fg.muted" data-testid="history-week-label">{formatDateText(week.from)}–{formatDateText(week.to)}</Text>

      {missing}
      {held && planned.length === 0 && jobs.length === 0 && <EmptyView title={t('NothingThisWeek')} />}
      {(held || jobs.length > 0) && days.length > 0 && (
        <Stack gap="5" data-testid="history-week">
          {held && <Text fontWeight="semibold">{t('Planned', { count: planned.length })}, {t('Jobs', { count: jobs.length })}</Text>}
          {days.map((day) => (
            <Stack key={day} gap="2" as="section" aria-labelledby={`history-day-${day}`} data-testid="history-day-section" data-day={day}>
              <Text as="h2" id={`history-day-${day}`} fontWeight="semibold">
                {weekday(day, i18n.language)} {formatDateText(day)}
              </Text>
              <PlannedItemCards items={planned.filter((i) => i.scheduledDate === day)} />
              {jobs.filter((j) => j.day === day).map(({ job }) => (
                <JobCard key={job.jobId} job={job}>
                  <Button size="xs" variant="outline" onClick={() => navigate(`/job/${job.jobId}`, { state: { fromHistoryPage: true, selectedDate: day } })}>
                    {t('OpenJob')}
                  </Button>
                </JobCard>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </PageLayout>
  );
}
