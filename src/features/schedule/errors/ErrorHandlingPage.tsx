/**
 * /errorhandling (spec 2 §2.4 Error-handling page, §3 "Erroneous schedule item", §4, §6, §9): the
 * company's schedule items an admin must act on (GET /api/ErroneousScheduleItem; which, and why:
 * src/domain/schemas/erroneous.ts), the most notified first, each with its address, notified count,
 * the date of its status, its status, its class Cancelled or Failure when cancelled, and a warning
 * icon when the count is over the company's ErrorThreshold. The chosen item shows its real history
 * as a timeline (its SMS with their delivery state and the owner's answers, from its SMS log, then its
 * status now) and three actions:
 * - Contact details: the item's contact person, edited and saved as on the contact page (spec 2 §5).
 * - Submit as deviation (ErrorActions.tsx): the item closes with a deviation on its job.
 * - Fresh report: the notice sent again, for the items Send notice takes (itemStatus.ts isNotifiable);
 *   for the others the page says what can be done instead.
 * Live: read again on the company's SchedulesChanged and MessagesChanged. Admins with an agreement.
 */
import { useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LiveRead } from '../../../data/liveRead';
import { useSession } from '../../../data/session';
import { useHubNotice } from '../../../data/useLiveReload';
import { NotificationType } from '../../../domain/enums';
import { timeOf } from '../../../domain/scheduling/hours';
import { DEVIATION_SUBMITTABLE } from '../../../domain/scheduling/itemStatus';
import type { SmsLogEntry } from '../../../domain/schemas/contactInformation';
import type { ErroneousScheduleItem } from '../../../domain/schemas/erroneous';
import { osloDayMinute } from '../../../domain/time/oslo';
import { AccessDenied, EmptyView, PageLayout } from '../../../ui';
import { icon } from '../../../ui/icons';
import { LiveReadView } from '../../../ui/LiveReadView';
import { useErroneousItems } from '../api/erroneousItems';
import { useSmsDialogs } from '../api/itemContact';
import { ContactDialog, DeviationDialog, FreshReport, REASON_NAMES } from './ErrorActions';

const HEARS: readonly string[] = [NotificationType.SchedulesChanged, NotificationType.MessagesChanged];
const WarningIcon = icon('M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z');

export function ErrorHandlingPage() {
  const session = useSession();
  if (!session?.isAdmin || !session.hasAgreement) return <AccessDenied />;
  return <ErrorHandlingScreen />;
}

/** dd.MM.yyyy HH:mm in Oslo time (spec 2: dates and times as the spec writes them). */
export function whenText(iso: string): string {
  const at = osloDayMinute(new Date(iso));
  return `${at.date.slice(8, 10)}.${at.date.slice(5, 7)}.${at.date.slice(0, 4)} ${timeOf(at.minute)}`;
}

function ErrorHandlingScreen() {
  const { t } = useTranslation('planning');
  const list = useErroneousItems();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = list.data?.find((e) => e.id === chosenId) ?? null;
  const log = useSmsDialogs(chosen ? chosen.id : null);
  useHubNotice(HEARS, () => {
    void list.refetch();
    if (chosen) void log.refetch();
  });
  const reread = async () => {
    await Promise.all([list.refetch(), chosen ? log.refetch() : null]);
  };

  return (
    <PageLayout maxW="7xl" heading={t('Errors.Title')}>
      <LiveReadView read={list} errorTitle={t('Errors.LoadFailed')}>
        {(items) => (items.length === 0 ? <EmptyView title={t('Errors.Empty')} description={t('Errors.EmptyHelp')} /> : (
          <Flex gap="4" align="flex-start" direction={{ base: 'column', lg: 'row' }}>
            <Box flex={{ lg: '0 0 42%' }} w="full">
              <ErrorList items={items} chosenId={chosen?.id ?? null} onChoose={setChosenId} />
            </Box>
            <Box flex="1" w="full">
              {chosen ? <ItemPanel key={chosen.id} item={chosen} log={log} offline={list.status === 'offline'} onChanged={reread} />
                : <EmptyView title={t('Errors.Choose')} />}
            </Box>
          </Flex>
        ))}
      </LiveReadView>
    </PageLayout>
  );
}

function ErrorList({ items, chosenId, onChoose }: { items: ErroneousScheduleItem[]; chosenId: number | null; onChoose: (id: number) => void }) {
  const { t } = useTranslation('planning');
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label={t('Errors.ListLabel')} data-testid="error-list">
      {items.map((e) => (
        <Box as="li" key={e.id}>
          <Box
            as="button" w="full" textAlign="start" borderWidth="1px" borderRadius="md" px="3" py="2" cursor="pointer"
            borderColor={e.id === chosenId ? 'blue.solid' : 'border'} bg={e.id === chosenId ? 'blue.subtle' : 'bg'}
            aria-pressed={e.id === chosenId} onClick={() => onChoose(e.id)} data-testid="error-item" data-item-id={e.id}
          >
            <Flex justify="space-between" gap="2">
              <Text fontWeight="semibold" data-testid="error-item-address">{e.address}</Text>
              <HStack gap="1" flexShrink={0} data-testid="error-item-count">
                {e.exceedsThreshold && (
                  // The icon says something here: not hidden from assistive technology as Chakra's icons are by default.
                  <WarningIcon color="orange.solid" role="img" aria-hidden={false} aria-label={t('Errors.OverThreshold')} data-testid="error-item-warning" />
                )}
                <Text aria-label={t('Errors.NotifiedCount', { count: e.numberOfNotifications })}>{e.numberOfNotifications}</Text>
              </HStack>
            </Flex>
            <HStack gap="2" mt="1" wrap="wrap" fontSize="sm">
              <Badge data-testid="error-item-status">{t(`ScheduleItemStatus.${e.status}`)}</Badge>
              {e.cancellationType && (
                <Badge colorPalette={e.cancellationType === 'Failure' ? 'red' : 'gray'} data-testid="error-item-class">
                  {t(`Errors.Class.${e.cancellationType}`)}
                </Badge>
              )}
              <Text color="fg.muted" data-testid="error-item-date">{whenText(e.dateCancelled)}</Text>
            </HStack>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

type Open = 'contact' | 'deviation' | null;

function ItemPanel({ item, log, offline, onChanged }: {
  item: ErroneousScheduleItem;
  log: LiveRead<SmsLogEntry[]>;
  offline: boolean;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation('planning');
  const [open, setOpen] = useState<Open>(null);
  return (
    <Card.Root data-testid="error-panel">
      <Card.Body>
        <Stack gap="4">
          <Stack gap="1">
            <Heading as="h2" size="md" data-testid="error-panel-address">{item.address}</Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('Errors.Week', { week: item.weekNo, year: item.year, plumber: item.assigneeName })}
              {item.scheduleStartDateTime ? ` · ${whenText(item.scheduleStartDateTime)}` : ''}
            </Text>
          </Stack>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" disabled={offline} onClick={() => setOpen('contact')} data-testid="error-contact">{t('Errors.ContactDetails')}</Button>
            <Button size="sm" variant="outline" disabled={offline || !deviationPossible(item.status)} onClick={() => setOpen('deviation')} data-testid="error-deviation">
              {t('Errors.Deviation.Open')}
            </Button>
          </HStack>
          <FreshReport item={item} offline={offline} onSent={onChanged} />
          {!deviationPossible(item.status) && (
            <Text fontSize="sm" color="fg.muted" data-testid="error-deviation-why">
              {t('Errors.Deviation.AlreadyClosed')}
            </Text>
          )}
          <Timeline item={item} log={log} />
        </Stack>
      </Card.Body>
      {open === 'contact' && <ContactDialog item={item} onClose={() => setOpen(null)} />}
      {open === 'deviation' && <DeviationDialog item={item} onClose={() => setOpen(null)} onDone={onChanged} />}
    </Card.Root>
  );
}

/** The deviation closes the item (ErrorActions.tsx): for the statuses the table takes, not a Cancelled item (closed already). */
export const deviationPossible = (status: number): boolean => DEVIATION_SUBMITTABLE.includes(status);

const STATUS_PALETTE: Record<string, string> = { queued: 'gray', handed_over: 'blue', delivered: 'green', failed: 'red' };

function Timeline({ item, log }: { item: ErroneousScheduleItem; log: LiveRead<SmsLogEntry[]> }) {
  const { t } = useTranslation('planning');
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">{t('Errors.Timeline')}</Heading>
      <LiveReadView read={log} errorTitle={t('Sms.SmsDialogsLoadingFailed')}>
        {(entries) => (
          <Stack as="ol" gap="0" listStyleType="none" data-testid="error-timeline" borderStartWidth="2px" borderColor="border" ms="2">
            {entries.length === 0 && <Box as="li" ps="4" py="2"><Text color="fg.muted">{t('Sms.NoDataFoundForSms')}</Text></Box>}
            {entries.map((e) => (
              <Box as="li" key={e.messageId} ps="4" py="2" data-testid="error-timeline-entry" data-kind={e.isMessageFromSender ? e.smsType : 'reply'}>
                <Text fontSize="xs" color="fg.muted">
                  {whenText(e.date)} · {e.isMessageFromSender
                    ? `${t(`Contact.SmsType.${e.smsType}`, { defaultValue: e.smsType })} · ${t('Contact.ToNumber', { number: e.mobileNumber })}`
                    : t('Contact.FromOwner')}
                </Text>
                <Text whiteSpace="pre-wrap">{e.text}</Text>
                {e.isMessageFromSender ? (
                  <Badge size="sm" mt="1" colorPalette={STATUS_PALETTE[e.status] ?? 'gray'}>{t(`Contact.SmsStatus.${e.status}`, { defaultValue: e.status })}</Badge>
                ) : (
                  <Badge size="sm" mt="1" colorPalette={e.status === 'applied' ? 'green' : 'orange'}>{t(`Contact.ReplyOutcome.${e.status}`, { defaultValue: e.status })}</Badge>
                )}
              </Box>
            ))}
            <Box as="li" ps="4" py="2" data-testid="error-timeline-now">
              <Text fontSize="xs" color="fg.muted">{whenText(item.dateCancelled)} · {t('Errors.StatusNow')}</Text>
              <HStack gap="2">
                <Badge colorPalette="orange">{t(`ScheduleItemStatus.${item.status}`)}</Badge>
                {item.cancellationTypeId !== null && <Text fontSize="sm">{t(`Calendar.Cancel.Reasons.${REASON_NAMES[item.cancellationTypeId] ?? 'Other'}`)}</Text>}
              </HStack>
            </Box>
          </Stack>
        )}
      </LiveReadView>
    </Stack>
  );
}
