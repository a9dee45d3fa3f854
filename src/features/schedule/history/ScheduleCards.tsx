/**
 * The cards My schedule (/schedule) and Schedule history (/schedule/history) both show: a planned
 * schedule item (time, address, type, status, note; spec 2 §3) and the head of one of the user's own
 * jobs (time, title, reference, address). Times are Oslo's (src/domain/time/oslo.ts). The cards hold
 * no actions of their own: a screen adds what it offers (My schedule its task buttons) as children.
 */
import { useMemo, type ReactNode } from 'react';
import { Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Job } from '../../../domain/api';
import type { MyScheduleItem } from '../../../domain/schemas/mySchedule';
import { rulesOf } from '../../../domain/scheduling/itemStatus';
import { osloTimeText } from '../../../domain/time/oslo';
import { BackIcon } from '../../../ui';
import './scheduleCards.css';

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
      <PlannedItemCards items={items} />
    </Stack>
  );
}

/**
 * Planned items' cards, with one look-up of the planning texts for all of them. The cards are plain
 * elements styled by scheduleCards.css (a week holds dozens; Chakra components cost most of its
 * render), the stripe by the status's colour group (spec 2 §4; itemStatus.ts).
 */
export function PlannedItemCards({ items }: { items: readonly MyScheduleItem[] }) {
  const { t } = useTranslation('planning');
  const text = useMemo(() => {
    const seen = new Map<string, string>();
    return (key: string) => {
      let value = seen.get(key);
      if (value === undefined) seen.set(key, (value = t(key)));
      return value;
    };
  }, [t]);
  return items.map((item) => (
    <article key={item.id} className="mw-planned" data-testid="schedule-planned-item" data-status={item.status} data-colour={rulesOf(item.status).colour}>
      <div className="mw-planned__head">
        <p className="mw-planned__time">{scheduledTime(item.scheduleStartDateTime)}–{scheduledTime(item.scheduleEndDateTime)}</p>
        <p className="mw-planned__small mw-planned__muted">{text(`ScheduleItemStatus.${item.status}`)}</p>
      </div>
      <p>{item.address}</p>
      <p className="mw-planned__small mw-planned__muted">{text(`AssignmentType.${item.objectType}`)}</p>
      {item.notes && <p className="mw-planned__small">{item.notes}</p>}
    </article>
  ));
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
