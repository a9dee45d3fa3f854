/**
 * /job/scheduleItem/{scheduleItemId} (spec 2 §2.3 Contact and SMS log page; §3, §4 "SMS log", §5
 * "Contact phone", §8): the assignment's address and status, its contact person (name and mobile
 * number, both needed, the number by spec 2 §5, src/domain/validation.ts, the server's rule too), the
 * owners of its property (the first two, then see all), and its SMS log as a conversation, each sent
 * message with its delivery state (hidden while the notice is being sent). Opened from a calendar
 * card's menu. Admins with the agreement only, as the server.
 *
 * Live: the page reads again when the company's weeks or messages change (SchedulesChanged,
 * MessagesChanged). A contact changed by another admin while this one edits is not written over the
 * edits: they are kept, and the page says so (save overwrites, discard shows theirs).
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, Card, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LiveRead } from '../../../data/liveRead';
import { useSession } from '../../../data/session';
import { ApiError } from '../../../data/transport';
import { NotificationType } from '../../../domain/enums';
import { rulesOf } from '../../../domain/scheduling/itemStatus';
import type { ContactInformation, ScheduleItemContact, SmsLogEntry } from '../../../domain/schemas/contactInformation';
import { timeOf } from '../../../domain/scheduling/hours';
import { osloDayMinute } from '../../../domain/time/oslo';
import { isValidContactPhone } from '../../../domain/validation';
import { AccessDenied, EmptyView, PageLayout, snackbar, useGoBack } from '../../../ui';
import { ChevronLeftIcon } from '../../../ui/screenIcons';
import { LiveReadView } from '../../../ui/LiveReadView';
import { useUnsavedChangesGuard } from '../../../ui/useUnsavedChangesGuard';
import { useHubNotice } from '../../../data/useLiveReload';
import { saveItemContact, useItemContact, usePropertyOwners, useSmsDialogs } from '../api/itemContact';
import { dateText } from '../planning/PlanChooser';

const SHOWN_OWNERS = 2;
const HEARS: readonly string[] = [NotificationType.SchedulesChanged, NotificationType.MessagesChanged];

export function ScheduleItemContactPage() {
  const session = useSession();
  if (!session?.isAdmin || !session.hasAgreement) return <AccessDenied />;
  return <ContactScreen />;
}

function ContactScreen() {
  const { t } = useTranslation('planning');
  const goBack = useGoBack('/schedule/calendar');
  const raw = useParams().scheduleItemId ?? '';
  const id = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
  const item = useItemContact(id);
  const smsHidden = item.data ? rulesOf(item.data.status).smsLogHidden : true;
  const log = useSmsDialogs(item.data && !smsHidden ? id : null);
  useHubNotice(HEARS, () => {
    void item.refetch();
    if (!smsHidden) void log.refetch();
  });

  return (
    <PageLayout
      maxW="3xl" heading={t('Contact.Title')}
      top={<Box><Button variant="ghost" size="sm" onClick={goBack} data-testid="contact-back"><ChevronLeftIcon /> {t('Contact.Back')}</Button></Box>}
    >
      {id === null ? <EmptyView title={t('Contact.InvalidId')} /> : (
        <LiveReadView read={item} errorTitle={t('RetrievingContactInfoFailed')}>
          {(data) => (
            <Stack gap="4">
              <Card.Root data-testid="contact-item">
                <Card.Body>
                  <Stack gap="1">
                    <Text fontSize="sm" color="fg.muted">{t('Contact.Address')}</Text>
                    <Heading as="h2" size="md" data-testid="contact-address">{data.address}</Heading>
                    <HStack>
                      <Text fontSize="sm" color="fg.muted">{t('Contact.Status')}:</Text>
                      <Badge data-testid="contact-status">{t(`ScheduleItemStatus.${data.status}`)}</Badge>
                    </HStack>
                  </Stack>
                </Card.Body>
              </Card.Root>
              <ContactForm item={data} offline={item.status === 'offline'} onSaved={(c) => item.mutate({ ...data, contact: c })} reread={() => item.refetch()} />
              <Owners matrikkelenhetId={data.matrikkelenhetId} />
              <SmsLog hidden={smsHidden} log={log} />
            </Stack>
          )}
        </LiveReadView>
      )}
    </PageLayout>
  );
}

const nameOf = (c: ContactInformation | null) => c?.contactPerson.name ?? '';
const mobileOf = (c: ContactInformation | null) => c?.mobileNo ?? '';

/** Which rule the typed contact breaks, as the server names it: null when it may be saved. */
function problemOf(name: string, mobile: string): { field: 'name' | 'mobile'; key: string } | null {
  if (!name.trim()) return { field: 'name', key: 'Scheduling.PleaseEnterContactDetails' };
  if (!mobile.trim()) return { field: 'mobile', key: 'Scheduling.PleaseEnterContactDetails' };
  if (!isValidContactPhone(mobile)) return { field: 'mobile', key: 'PlumberUserEditDetails.InvalidPhoneNumberValidation' };
  return null;
}

function ContactForm({ item, offline, onSaved, reread }: {
  item: ScheduleItemContact;
  offline: boolean;
  onSaved: (contact: ContactInformation) => void;
  reread: () => Promise<void>;
}) {
  const { t } = useTranslation('planning');
  const saved = item.contact;
  const [name, setName] = useState(nameOf(saved));
  const [mobile, setMobile] = useState(mobileOf(saved));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = name !== nameOf(saved) || mobile !== mobileOf(saved);
  const guard = useUnsavedChangesGuard(dirty);
  // The contact the edits started from: another admin's save while editing is told, never applied over the edits.
  const base = useRef(saved);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const savedKey = JSON.stringify(saved);
  useEffect(() => {
    const before = JSON.stringify(base.current);
    if (before === savedKey) return;
    if (name === nameOf(base.current) && mobile === mobileOf(base.current)) {
      setName(nameOf(saved));
      setMobile(mobileOf(saved));
      setChangedElsewhere(false);
    } else setChangedElsewhere(true);
    base.current = saved;
    // Only a new answer from the server decides; typing does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedKey]);

  const problem = problemOf(name, mobile);
  const discard = () => {
    setName(nameOf(saved));
    setMobile(mobileOf(saved));
    setChangedElsewhere(false);
    setTried(false);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem || saving) return;
    setSaving(true);
    try {
      const contact = await saveItemContact({
        scheduleItemId: item.scheduleItemId, mobileNo: mobile, contactPerson: { ...saved?.contactPerson, name },
      }, saved !== null);
      base.current = contact;
      setName(nameOf(contact));
      setMobile(mobileOf(contact));
      setChangedElsewhere(false);
      setTried(false);
      guard.allowNavigation();
      onSaved(contact);
      snackbar.success(t('Contact.Saved'));
    } catch (err) {
      const key = err instanceof ApiError ? (err.body as { errorKey?: unknown } | null)?.errorKey : undefined;
      if (key === 'Scheduling.ContactExists') {
        snackbar.warning(t('Scheduling.ContactExists'));
        await reread();
      } else if (typeof key === 'string' && (key === 'Scheduling.PleaseEnterContactDetails' || key === 'PlumberUserEditDetails.InvalidPhoneNumberValidation')) {
        snackbar.error(t('Scheduling.StatusModal.ContactDetailsSavingError'), t(key));
      } else {
        snackbar.error(t('Scheduling.StatusModal.ContactDetailsSavingError'), t('Contact.PleaseTryAgain'));
      }
    } finally {
      setSaving(false);
    }
  };

  const shown = tried || dirty ? problem : null;
  return (
    <Card.Root asChild>
      <form onSubmit={(e) => { void submit(e); }} noValidate data-testid="contact-form">
        <Card.Body>
          <Stack gap="4">
            <Heading as="h2" size="sm">{t('Contact.Person')}</Heading>
            {changedElsewhere && (
              <Alert.Root status="warning" data-testid="contact-changed-elsewhere">
                <Alert.Indicator />
                <Alert.Description>{t('Contact.ChangedElsewhere')}</Alert.Description>
                <Button size="xs" variant="outline" onClick={discard} data-testid="contact-discard">{t('Contact.Discard')}</Button>
              </Alert.Root>
            )}
            <Field.Root required invalid={shown?.field === 'name' && (tried || name !== nameOf(saved))}>
              <Field.Label>{t('Contact.Name')}<Field.RequiredIndicator /></Field.Label>
              <Input name="contactName" autoComplete="off" maxLength={200} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="contact-name" />
              <Field.ErrorText>{shown ? t(shown.key) : null}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={shown?.field === 'mobile' && (tried || mobile !== mobileOf(saved))}>
              <Field.Label>{t('Contact.Mobile')}<Field.RequiredIndicator /></Field.Label>
              <Input name="contactMobile" type="tel" inputMode="tel" autoComplete="off" maxLength={30} value={mobile} onChange={(e) => setMobile(e.currentTarget.value)} data-testid="contact-mobile" />
              {shown?.field === 'mobile' ? <Field.ErrorText>{t(shown.key)}</Field.ErrorText> : <Field.HelperText>{t('Contact.MobileHint')}</Field.HelperText>}
            </Field.Root>
            <HStack>
              <Button type="submit" colorPalette="blue" loading={saving} disabled={offline || (!dirty && saved !== null)} data-testid="contact-save">{t('Contact.Save')}</Button>
            </HStack>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

function Owners({ matrikkelenhetId }: { matrikkelenhetId: string | null }) {
  const { t } = useTranslation('planning');
  const owners = usePropertyOwners(matrikkelenhetId);
  const [all, setAll] = useState(false);
  return (
    <SectionCard title={t('Contact.Owners')} testId="contact-owners">
      {matrikkelenhetId === null ? <Text color="fg.muted">{t('Contact.NoOwners')}</Text> : (
        <LiveReadView read={owners} errorTitle={t('RetrievingPropertyOwnerDetailsFailed')}>
          {(list) => (list.length === 0 ? <Text color="fg.muted">{t('Contact.NoOwners')}</Text> : (
            <Stack gap="1">
              {(all ? list : list.slice(0, SHOWN_OWNERS)).map((o, i) => <Text key={`${o.id ?? 'x'}-${i}`} data-testid="contact-owner">{o.name}</Text>)}
              {list.length > SHOWN_OWNERS && (
                <Box>
                  <Button variant="plain" size="sm" px="0" onClick={() => setAll((a) => !a)} data-testid="contact-owners-more">
                    {all ? t('Contact.SeeLess') : t('Contact.SeeMore', { count: list.length })}
                  </Button>
                </Box>
              )}
            </Stack>
          ))}
        </LiveReadView>
      )}
    </SectionCard>
  );
}

/** One titled card of the page. */
function SectionCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="sm">{title}</Heading>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

const STATUS_PALETTE: Record<string, string> = { queued: 'gray', handed_over: 'blue', delivered: 'green', failed: 'red' };

function whenText(iso: string): string {
  const at = osloDayMinute(new Date(iso));
  return `${dateText(at.date)} ${timeOf(at.minute)}`;
}

function SmsLog({ hidden, log }: { hidden: boolean; log: LiveRead<SmsLogEntry[]> }) {
  const { t } = useTranslation('planning');
  return (
    <SectionCard title={t('Contact.SmsLog')} testId="contact-sms-log">
      {hidden ? <Text color="fg.muted" data-testid="contact-sms-hidden">{t('Contact.SmsHidden')}</Text> : (
        <LiveReadView read={log} errorTitle={t('Sms.SmsDialogsLoadingFailed')}>
          {(entries) => (entries.length === 0 ? <Text color="fg.muted" data-testid="contact-sms-empty">{t('Sms.NoDataFoundForSms')}</Text> : (
            <Stack gap="2" role="list">
              {entries.map((e) => (
                <Box
                  key={e.messageId} role="listitem" data-testid="contact-sms" alignSelf={e.isMessageFromSender ? 'flex-end' : 'flex-start'} maxW="85%"
                  bg={e.isMessageFromSender ? 'blue.50' : 'gray.100'} borderRadius="lg" px="3" py="2"
                >
                  <Text fontSize="xs" color="fg.muted">
                    {whenText(e.date)} · {e.isMessageFromSender ? t('Contact.ToNumber', { number: e.mobileNumber }) : t('Contact.FromOwner')}
                    {e.isMessageFromSender ? ` · ${t(`Contact.SmsType.${e.smsType}`, { defaultValue: e.smsType })}` : ''}
                  </Text>
                  <Text whiteSpace="pre-wrap">{e.text}</Text>
                  {e.isMessageFromSender ? (
                    <Badge size="sm" mt="1" colorPalette={STATUS_PALETTE[e.status] ?? 'gray'} data-testid="contact-sms-status">
                      {t(`Contact.SmsStatus.${e.status}`, { defaultValue: e.status })}
                    </Badge>
                  ) : (
                    <Badge size="sm" mt="1" colorPalette={e.status === 'applied' ? 'green' : 'orange'} data-testid="contact-reply-outcome">
                      {t(`Contact.ReplyOutcome.${e.status}`, { defaultValue: e.status })}
                    </Badge>
                  )}
                </Box>
              ))}
            </Stack>
          ))}
        </LiveReadView>
      )}
    </SectionCard>
  );
}
