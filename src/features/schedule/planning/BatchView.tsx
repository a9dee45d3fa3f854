/**
 * After Next (spec 2 §4 batch job status): the batch's state live (Queued, Started, Completed, Failed),
 * then the week as planned, day by day with each item's time; each day with its weekday, stops,
 * kilometres and travel time (routeOrder.ts travelMinutes); the route's kilometres in the order laid and
 * in the order selected; and by name every item the batch could not lay, with why (its point is free).
 */
import { Alert, Box, Button, Heading, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BatchJobStatus } from '../../../domain/scheduling/enums';
import type { BatchJobState, Schedule } from '../../../domain/schemas/scheduling';
import { PageLayout } from '../../../ui';
import { dateText } from './PlanChooser';

export interface BatchViewProps {
  title: string;
  job: BatchJobState;
  schedule: Schedule;
  onPlanMore: () => void;
  onBack: () => void;
}

export function BatchView({ title, job, schedule, onPlanMore, onBack }: BatchViewProps) {
  const { t, i18n } = useTranslation('planning');
  const locale = i18n.language === 'en' ? 'en-GB' : 'nb-NO';
  const km = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const running = job.status === BatchJobStatus.Queued || job.status === BatchJobStatus.Started;
  const laid = schedule.scheduleItems
    .filter((i) => i.scheduledDate && i.startTime)
    .sort((a, b) => `${a.scheduledDate}${a.startTime}`.localeCompare(`${b.scheduledDate}${b.startTime}`));
  return (
    <PageLayout maxW="5xl" heading={title}>
      <Stack gap="4" data-testid="planning-batch">
        <Box aria-live="polite">
          <Text fontWeight="semibold" data-testid="planning-batch-status" data-status={job.status}>{t(`Batch.${job.status}`)}</Text>
          {running && (
            <Progress.Root value={null} size="sm" mt="2" aria-label={t(`Batch.${job.status}`)}>
              <Progress.Track><Progress.Range /></Progress.Track>
            </Progress.Root>
          )}
        </Box>
        {job.status === BatchJobStatus.Failed && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>
              {t('Scheduling.CreatingScheduleFailed')}{job.error ? ` ${t(`Scheduling.${job.error}`, { defaultValue: '' })}` : ''}
            </Alert.Description>
          </Alert.Root>
        )}
        {job.status === BatchJobStatus.Completed && job.result && (
          <Box data-testid="planning-batch-result">
            <Text>{`${t('Batch.Result', { count: job.result.itemsScheduled })} ${t('Batch.OverWeeks', { count: job.result.weeksUsed })}`}</Text>
            <Text data-testid="planning-batch-km">
              {t('Batch.Kilometres', { route: km.format(job.result.kilometres), selected: km.format(job.result.kilometresInSelectionOrder) })}
            </Text>
            {job.result.itemsNotPlaced > 0 && (
              <Alert.Root status="warning" mt="2" data-testid="planning-batch-not-placed">
                <Alert.Indicator />
                <Box>
                  <Alert.Title>{t('Batch.NotPlaced', { count: job.result.itemsNotPlaced })}</Alert.Title>
                  <Alert.Description>
                    <Stack as="ul" gap="0" m="0" pl="4">
                      {(job.result.notPlaced ?? []).map((n) => (
                        <Text as="li" key={n.waterMeterPointId} fontSize="sm">{`${n.address} – ${t(`Batch.Reason.${n.reason}`)}`}</Text>
                      ))}
                    </Stack>
                    <Text fontSize="sm" mt="1">{t('Batch.NotPlacedFree')}</Text>
                  </Alert.Description>
                </Box>
              </Alert.Root>
            )}
            {(job.result.days ?? []).length > 0 && (
              <Table.Root size="sm" mt="3" data-testid="planning-batch-days">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('Batch.Day')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('Batch.Items')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('Batch.Km')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('Batch.Travel')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {(job.result.days ?? []).map((d) => (
                    <Table.Row key={d.date} data-testid="planning-batch-day">
                      <Table.Cell>{`${weekday.format(new Date(`${d.date}T12:00:00Z`))} ${dateText(d.date)}`}</Table.Cell>
                      <Table.Cell textAlign="end">{d.items}</Table.Cell>
                      <Table.Cell textAlign="end">{km.format(d.kilometres)}</Table.Cell>
                      <Table.Cell textAlign="end">{t('Batch.TravelMinutes', { count: d.travelMinutes })}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </Box>
        )}
        {job.status === BatchJobStatus.Completed && (
          <Box>
            <Heading as="h2" size="sm" mb="2">{t('Batch.WeekHeading', { week: schedule.weekNo })}</Heading>
            <Table.Root size="sm" data-testid="planning-week-items">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('Batch.Day')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('Batch.Time')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('Table.Address')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('Table.Type')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {laid.map((i) => (
                  <Table.Row key={i.id} data-testid="planning-week-item">
                    <Table.Cell>{`${weekday.format(new Date(`${i.scheduledDate!.slice(0, 10)}T12:00:00Z`))} ${dateText(i.scheduledDate!.slice(0, 10))}`}</Table.Cell>
                    <Table.Cell>{`${i.startTime}–${i.endTime ?? ''}`}</Table.Cell>
                    <Table.Cell>{i.address}</Table.Cell>
                    <Table.Cell>{t(`AssignmentType.${i.objectType}`)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
        <HStack>
          <Button variant="outline" disabled={running} onClick={onBack}>{t('Back')}</Button>
          <Button colorPalette="blue" disabled={running} onClick={onPlanMore} data-testid="planning-plan-more">{t('Batch.PlanMore')}</Button>
        </HStack>
      </Stack>
    </PageLayout>
  );
}
