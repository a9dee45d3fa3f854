/**
 * My schedule (/schedule): the signed-in user's own day, from the replica, with a day picker: the
 * assignments the admin planned for them (schedule items with time, address, type and status; spec 1
 * §2, spec 2 §3) beside their own jobs. Both are read from the device (db.mySchedule, db.jobs), so the
 * day opens offline in a basement; the sync and the hub keep them fresh. The day and the times are
 * Oslo's (src/domain/time/oslo.ts), as the plan made them, whatever zone the device is set to.
 * History leads to the past weeks (/schedule/history, ./history).
 */
import { useState } from 'react';
import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatDateText } from '../../domain/calendar/dateTimeText';
import { addDays, osloDay, parseDay } from '../../domain/time/oslo';
import { liveTasks } from '../../domain/jobs/rules';
import { db } from '../../data/db';
import { useSession } from '../../data/session';
import { BackIcon, EmptyView, LoadingState, PageLayout } from '../../ui';
import { DateField } from '../../ui/form';
import { queryScheduleDay } from './queries';
import { myScheduleBetween } from '../../data/mySchedule';
import { ForwardIcon, JobCard, PlannedItemList } from './history/ScheduleCards';

const today = () => osloDay(new Date());

export function MySchedulePage() {
  const { t } = useTranslation('schedule');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  // Returning from a task carries the day the user was looking at.
  const [day, setDay] = useState<string>(() => {
    const carried = (location.state as { selectedDate?: string } | null)?.selectedDate;
    return carried && parseDay(carried) ? carried : today();
  });
  const registrationId = session?.registrationId;
  const jobs = useLiveQuery(
    () => (registrationId != null ? queryScheduleDay(db, registrationId, day) : undefined),
    [registrationId, day],
  );
  const planned = useLiveQuery(() => myScheduleBetween(day, day), [day]);

  if (!session) return <LoadingState />;
  const selectedDate = day;
  const isToday = selectedDate === today();

  return (
    <PageLayout heading={t('MySchedule')}>
      <HStack gap="2" wrap="wrap">
        <IconButton aria-label={t('PreviousDay')} variant="outline" size="sm" data-testid="schedule-prev-day" onClick={() => setDay((d) => addDays(d, -1))}>
          <BackIcon />
        </IconButton>
        <DateField
          width="11rem"
          ariaLabel={t('ChooseDay')}
          testId="schedule-day"
          showHint={false}
          value={selectedDate}
          onChange={(d) => { if (d) setDay(d); }}
        />
        <IconButton aria-label={t('NextDay')} variant="outline" size="sm" data-testid="schedule-next-day" onClick={() => setDay((d) => addDays(d, 1))}>
          <ForwardIcon />
        </IconButton>
        <Button size="sm" variant="ghost" disabled={isToday} onClick={() => setDay(today())}>{t('Today')}</Button>
        <Button size="sm" variant="outline" data-testid="schedule-history" onClick={() => navigate('/schedule/history')}>{t('History')}</Button>
      </HStack>
      <Text color="fg.muted" data-testid="schedule-day-label">{formatDateText(day)}</Text>

      {planned && planned.length > 0 && <PlannedItemList items={planned} headingId="planned-heading" />}

      {!jobs ? (
        <LoadingState />
      ) : jobs.length === 0 ? (
        <EmptyView title={t('NoJobsThisDay')} />
      ) : (
        <Stack gap="3" data-testid="schedule-jobs">
          {jobs.map((job) => {
            const tasks = liveTasks(job);
            return (
              <JobCard key={job.jobId} job={job}>
                <Button size="xs" variant="outline" onClick={() => navigate(`/job/${job.jobId}`)}>{t('OpenJob')}</Button>
                {tasks.map((task) => (
                  <Button
                    key={task.taskId}
                    size="xs"
                    variant="subtle"
                    onClick={() => navigate(`/job/${job.jobId}/task/${task.taskId}`, { state: { fromMyPlanningPage: true, selectedDate } })}
                  >
                    {t('TaskNumber', { no: task.taskNo })}
                  </Button>
                ))}
              </JobCard>
            );
          })}
        </Stack>
      )}
    </PageLayout>
  );
}
