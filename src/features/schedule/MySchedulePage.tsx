/**
 * My schedule (/schedule): the signed-in user's own day, from the replica, with a day picker: the
 * assignments the admin planned for them (schedule items with time, address, type and status; spec 1
 * §2, spec 2 §3) beside their own jobs. Both are read from the device (db.mySchedule, db.jobs), so the
 * day opens offline in a basement; the sync and the hub keep them fresh. The day and the times are
 * Oslo's (src/domain/time/oslo.ts), as the plan made them, whatever zone the device is set to.
 */
import { useState } from 'react';
import { Button, Card, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { formatDateText } from '../../domain/calendar/dateTimeText';
import { addDays, osloDay, osloTimeText, parseDay } from '../../domain/time/oslo';
import { liveTasks } from '../../domain/jobs/rules';
import { db } from '../../data/db';
import { useSession } from '../../data/session';
import { BackIcon, EmptyView, LoadingState, PageLayout } from '../../ui';
import { DateField } from '../../ui/form';
import { queryScheduleDay } from './queries';
import { myScheduleBetween } from '../../data/mySchedule';
import { rulesOf, type CardColour } from '../../domain/scheduling/itemStatus';

const today = () => osloDay(new Date());
/** The card's stripe by the status's colour group (spec 2 §4; itemStatus.ts). */
const STRIPE: Record<CardColour, string> = {
  white: 'gray.300', green: 'green.500', orange: 'orange.400', grey: 'gray.500', red: 'red.500', cancelled: 'gray.400',
};
const scheduledTime = (at: string | null | undefined) => (at ? osloTimeText(new Date(at)) : '');

function ForwardIcon() {
  return <BackIcon transform="scaleX(-1)" />;
}

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
  const { t: tp } = useTranslation('planning');

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
      </HStack>
      <Text color="fg.muted" data-testid="schedule-day-label">{formatDateText(day)}</Text>

      {planned && planned.length > 0 && (
        <Stack gap="2" as="section" aria-labelledby="planned-heading" data-testid="schedule-planned">
          <Text as="h2" id="planned-heading" fontWeight="semibold">{t('Planned', { count: planned.length })}</Text>
          {planned.map((item) => (
            <Card.Root
              key={item.id}
              size="sm"
              data-testid="schedule-planned-item"
              data-status={item.status}
              borderInlineStartWidth="4px"
              borderInlineStartColor={STRIPE[rulesOf(item.status).colour]}
            >
              <Card.Body gap="1">
                <HStack justify="space-between" wrap="wrap">
                  <Text fontWeight="bold" fontSize="lg">
                    {scheduledTime(item.scheduleStartDateTime)}–{scheduledTime(item.scheduleEndDateTime)}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">{tp(`ScheduleItemStatus.${item.status}`)}</Text>
                </HStack>
                <Text>{item.address}</Text>
                <Text fontSize="sm" color="fg.muted">{tp(`AssignmentType.${item.objectType}`)}</Text>
                {item.notes && <Text fontSize="sm">{item.notes}</Text>}
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}

      {!jobs ? (
        <LoadingState />
      ) : jobs.length === 0 ? (
        <EmptyView title={t('NoJobsThisDay')} />
      ) : (
        <Stack gap="3" data-testid="schedule-jobs">
          {jobs.map((job) => {
            const tasks = liveTasks(job);
            return (
              <Card.Root key={job.jobId} size="sm" data-testid="schedule-job">
                <Card.Body gap="2">
                  <HStack justify="space-between" wrap="wrap">
                    <HStack gap="3">
                      <Text fontWeight="bold" fontSize="lg">{scheduledTime(job.scheduledDate)}</Text>
                      <Text fontWeight="semibold">{job.title}</Text>
                    </HStack>
                    <Text color="fg.muted" fontSize="sm">{job.refNr > 0 ? `#${job.refNr}` : ''}</Text>
                  </HStack>
                  <Text>{job.subscriberText}</Text>
                  <HStack gap="2" wrap="wrap">
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
                  </HStack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      )}
    </PageLayout>
  );
}
