/**
 * The cards My schedule (/schedule) and Schedule history (/schedule/history) both show: a planned
 * schedule item (time, address, type, status, note; spec 2 §3) and the head of one of the user's own
 * jobs (time, title, reference, address). Times are Oslo's (src/domain/time/oslo.ts). The cards hold
 * no actions of their own: a screen adds what it offers (My schedule its task buttons) as children.
 */
import type { ReactNode } from 'react';
import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../../domain/api';
import type { MyScheduleItem } from '../../../domain/schemas/mySchedule';
import { rulesOf, type CardColour } from '../../../domain/scheduling/itemStatus';
import { osloTimeText } from '../../../domain/time/oslo';
import { BackIcon } from '../../../ui';

/** The card's stripe by the status's colour group (spec 2 §4; itemStatus.ts). */
const STRIPE: Record<CardColour, string> = {
  white: 'gray.300', green: 'green.500', orange: 'orange.400', grey: 'gray.500', red: 'red.500', cancelled: 'gray.400',
};

/** HH:mm in Oslo of an instant, or '' without one. */
export const scheduledTime = (at: string | null | undefined): string => (at ? osloTimeText(new Date(at)) : '');

/** The back icon turned round: next day or week. */
export function ForwardIcon() {
  return <BackIcon transform="scaleX(-1)" />;
}

/** Planned items, by start, under a heading with their count. */
export function PlannedItemList({ items, headingId }: { items: readonly MyScheduleItem[]; headingId: string }) {
  const { t } = useTranslation('schedule');
  return (
    <Stack gap="2" as="section" aria-labelledby={headingId} data-testid="schedule-planned">
      <Text as="h2" id={headingId} fontWeight="semibold">{t('Planned', { count: items.length })}</Text>
      {items.map((item) => <PlannedItemCard key={item.id} item={item} />)}
    </Stack>
  );
}

export function PlannedItemCard({ item }: { item: MyScheduleItem }) {
  const { t: tp } = useTranslation('planning');
  return (
    <Card.Root
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
  );
}

/** One of the user's own jobs: its time, title, reference and address; `children` are the screen's buttons. */
export function JobCard({ job, children }: { job: Job; children?: ReactNode }) {
  return (
    <Card.Root size="sm" data-testid="schedule-job">
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap">
          <HStack gap="3">
            <Text fontWeight="bold" fontSize="lg">{scheduledTime(job.scheduledDate)}</Text>
            <Text fontWeight="semibold">{job.title}</Text>
          </HStack>
          <Text color="fg.muted" fontSize="sm">{job.refNr > 0 ? `#${job.refNr}` : ''}</Text>
        </HStack>
        <Text>{job.subscriberText}</Text>
        {children && <HStack gap="2" wrap="wrap">{children}</HStack>}
      </Card.Body>
    </Card.Root>
  );
}
