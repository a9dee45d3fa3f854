/**
 * The error-handling page's three actions on the chosen item (spec 2 §2.4):
 *
 * - Contact details: the item's contact person (name and mobile number, both needed; the number by
 *   spec 2 §5, src/domain/validation.ts, the server's rule too), saved through POST or PUT
 *   /api/contactInformation as the contact page saves it.
 *
 * - Submit as deviation: the item closes with a deviation that shows on its job (POST
 *   /api/ErroneousScheduleItem/{id}/deviation, server/services/scheduling/deviation.ts): the admin picks
 *   causes from the deviation list (deviations and obstacles, as the plumber's "not carried out" form
 *   offers them) and may write a note; the item's job is made (or its own taken), its task reported
 *   with them, the job completed, the item Deviation (Obstacle with obstacles only). Offered for the
 *   statuses the table takes (DEVIATION_SUBMITTABLE), not for a Cancelled item (closed already). An item
 *   whose meter point has no property in the register cannot have a job: the server says so, and the
 *   page tells the admin to cancel it from the calendar instead.
 *
 * - Fresh report: the notice sent again (POST /api/Schedule/SendNotification with the company's notice
 *   template) for the items Send notice takes (itemStatus.ts isNotifiable: NotificationFailed unless
 *   cancelled for InvalidInformation, SmsApiFailed, Scheduled). Notified items are not notified again
 *   (spec 2 §4), so for an owner who answered no or unclearly, or not at all, the page says what can be
 *   done instead: agree the time by phone and mark it "Manually agreed" on the calendar (NoReply and
 *   Unknown), or cancel and plan it again; it links to the item's week.
 */
import { useCallback, useState } from 'react';
import { Button, Field, Input, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLookup } from '../../../data/sync';
import { ApiError } from '../../../data/transport';
import { ownWrite } from '../../../data/useLiveReload';
import { NOTE_MAX_LENGTH } from '../../../domain/constants';
import { CancellationReason } from '../../../domain/enums';
import type { DeviationCause } from '../../../domain/reports/status';
import { ScheduleItemStatus as S } from '../../../domain/scheduling/enums';
import { isNotifiable, rulesOf } from '../../../domain/scheduling/itemStatus';
import type { ContactInformation } from '../../../domain/schemas/contactInformation';
import type { ErroneousScheduleItem } from '../../../domain/schemas/erroneous';
import { NotificationTemplateType, SAMPLE_TEMPLATE_KEYS } from '../../../domain/settings/company';
import { isValidContactPhone } from '../../../domain/validation';
import { confirm, snackbar } from '../../../ui';
import { CauseGroups } from '../../../ui/CauseGroups';
import { FormDialog } from '../../../ui/FormDialog';
import { LiveReadView } from '../../../ui/LiveReadView';
import { saveItemContact, useItemContact } from '../api/itemContact';
import { sendNotices } from '../api/sendNotices';
import { submitDeviation } from '../api/submitDeviation';

const errorKeyOf = (err: unknown): unknown => (err instanceof ApiError ? (err.body as { errorKey?: unknown } | null)?.errorKey : undefined);

/** The reasons' names by id (spec 2 §4), as the cancel dialog's texts name them. */
export const REASON_NAMES: Record<number, string> = Object.fromEntries(Object.entries(CancellationReason).map(([name, id]) => [id, name]));

/** Which rule the typed contact breaks, as the server names it (spec 2 §5): null when it may be saved. */
function contactProblem(name: string, mobile: string): { field: 'name' | 'mobile'; key: string } | null {
  if (!name.trim()) return { field: 'name', key: 'Scheduling.PleaseEnterContactDetails' };
  if (!mobile.trim()) return { field: 'mobile', key: 'Scheduling.PleaseEnterContactDetails' };
  if (!isValidContactPhone(mobile)) return { field: 'mobile', key: 'PlumberUserEditDetails.InvalidPhoneNumberValidation' };
  return null;
}

export function ContactDialog({ item, onClose }: { item: ErroneousScheduleItem; onClose: () => void }) {
  const { t } = useTranslation('planning');
  const read = useItemContact(item.id);
  return (
    <LiveReadView read={read} errorTitle={t('RetrievingContactInfoFailed')}>
      {(data) => <ContactForm scheduleItemId={item.id} saved={data.contact} onClose={onClose} onSaved={(c) => read.mutate({ ...data, contact: c })} />}
    </LiveReadView>
  );
}

function ContactForm({ scheduleItemId, saved, onClose, onSaved }: {
  scheduleItemId: number;
  saved: ContactInformation | null;
  onClose: () => void;
  onSaved: (c: ContactInformation) => void;
}) {
  const { t } = useTranslation('planning');
  const [name, setName] = useState(saved?.contactPerson.name ?? '');
  const [mobile, setMobile] = useState(saved?.mobileNo ?? '');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const problem = contactProblem(name, mobile);
  const dirty = name !== (saved?.contactPerson.name ?? '') || mobile !== (saved?.mobileNo ?? '');
  const shown = tried || dirty ? problem : null;

  const save = async () => {
    setTried(true);
    if (problem) return;
    setSaving(true);
    try {
      const contact = await ownWrite(saveItemContact({ scheduleItemId, mobileNo: mobile, contactPerson: { ...saved?.contactPerson, name } }, saved !== null));
      onSaved(contact);
      snackbar.success(t('Contact.Saved'));
      onClose();
    } catch (err) {
      const key = errorKeyOf(err);
      snackbar.error(t('Scheduling.StatusModal.ContactDetailsSavingError'),
        key === 'Scheduling.PleaseEnterContactDetails' || key === 'PlumberUserEditDetails.InvalidPhoneNumberValidation' ? t(key) : t('Contact.PleaseTryAgain'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={t('Errors.ContactDetails')} testId="error-contact-dialog" width="480px" closeOnInteractOutside={false}
      onClose={onClose} onSubmit={() => void save()} submitText={t('Contact.Save')} submitDisabled={!dirty && saved !== null} saving={saving}
    >
      <Stack gap="4">
        <Field.Root required invalid={shown?.field === 'name'}>
          <Field.Label>{t('Contact.Name')}<Field.RequiredIndicator /></Field.Label>
          <Input autoComplete="off" maxLength={200} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="error-contact-name" />
          <Field.ErrorText>{shown ? t(shown.key) : null}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={shown?.field === 'mobile'}>
          <Field.Label>{t('Contact.Mobile')}<Field.RequiredIndicator /></Field.Label>
          <Input type="tel" inputMode="tel" autoComplete="off" maxLength={30} value={mobile} onChange={(e) => setMobile(e.currentTarget.value)} data-testid="error-contact-mobile" />
          {shown?.field === 'mobile' ? <Field.ErrorText>{t(shown.key)}</Field.ErrorText> : <Field.HelperText>{t('Contact.MobileHint')}</Field.HelperText>}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}

const NO_CAUSES: DeviationCause[] = [];

export function DeviationDialog({ item, onClose, onDone }: { item: ErroneousScheduleItem; onClose: () => void; onDone: () => Promise<void> }) {
  const { t } = useTranslation('planning');
  const causes = useLookup<DeviationCause>('Deviation') ?? NO_CAUSES;
  const [chosen, setChosen] = useState<number[]>([]);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  // One key for this dialog: a repeat after a lost answer makes one job.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const tooLong = note.length > NOTE_MAX_LENGTH;

  const submit = async () => {
    setSaving(true);
    try {
      await ownWrite(submitDeviation(item.id, { status: item.status, deviationIds: chosen, ...(note.trim() ? { note } : {}) }, idempotencyKey));
      snackbar.success(t('Errors.Deviation.Done', { address: item.address }));
      onClose();
    } catch (err) {
      const key = errorKeyOf(err);
      snackbar.error(t('Errors.Deviation.Failed'), t(
        key === 'Scheduling.StatusChanged' ? 'Errors.ChangedMeanwhile'
          : key === 'Scheduling.NoPropertyForItem' ? 'Errors.Deviation.NoProperty' : 'Contact.PleaseTryAgain',
      ));
      onClose();
    } finally {
      setSaving(false);
      await onDone();
    }
  };

  const toggle = useCallback((id: number, on: boolean) => setChosen((c) => (on ? [...c, id].sort((a, b) => a - b) : c.filter((x) => x !== id))), []);

  return (
    <FormDialog
      title={t('Errors.Deviation.Title', { address: item.address })} testId="error-deviation-dialog" width="560px" closeOnInteractOutside={false}
      onClose={onClose} onSubmit={() => void submit()} submitText={t('Errors.Deviation.Submit')} submitPalette="red"
      submitDisabled={chosen.length === 0 || tooLong} saving={saving}
    >
      <Stack gap="4">
        <Text>{t('Errors.Deviation.Explain')}</Text>
        {causes.length === 0 && <Text color="fg.muted">{t('Errors.Deviation.NoCauses')}</Text>}
        <CauseGroups
          causes={causes} chosen={chosen} onToggle={toggle}
          deviationsLegend={t('Errors.Deviation.Deviations')} obstaclesLegend={t('Errors.Deviation.Obstacles')}
        />
        <Field.Root invalid={tooLong}>
          <Field.Label>{t('Errors.Deviation.Note')}</Field.Label>
          <Textarea rows={3} value={note} onChange={(e) => setNote(e.currentTarget.value)} data-testid="error-deviation-note" />
          {tooLong && <Field.ErrorText>{t('Errors.Deviation.NoteTooLong', { max: NOTE_MAX_LENGTH })}</Field.ErrorText>}
        </Field.Root>
        {chosen.length === 0 && <Text fontSize="sm" color="fg.muted" data-testid="error-deviation-pick">{t('Errors.Deviation.PickCause')}</Text>}
      </Stack>
    </FormDialog>
  );
}

/** The calendar at the item's plumber and week. */
const calendarLink = (item: ErroneousScheduleItem) => `/schedule/calendar?plumber=${item.assigneeId}&weekNo=${item.weekNo}&year=${item.year}`;

export function FreshReport({ item, offline, onSent }: { item: ErroneousScheduleItem; offline: boolean; onSent: () => Promise<void> }) {
  const { t } = useTranslation('planning');
  const [sending, setSending] = useState(false);
  const eligible = isNotifiable({ status: item.status, cancellationTypeId: item.cancellationTypeId });

  const send = async () => {
    const ok = await confirm({ title: t('Errors.Fresh.ConfirmTitle'), message: t('Errors.Fresh.ConfirmText', { address: item.address }), confirmText: t('Errors.Fresh.Send') });
    if (!ok) return;
    setSending(true);
    try {
      const result = await ownWrite(sendNotices({
        scheduleId: item.scheduleId, assigneeId: item.assigneeId, assigneeName: item.assigneeName,
        notificationTemplateKey: SAMPLE_TEMPLATE_KEYS[NotificationTemplateType.AppointmentNotice],
        scheduleItemIds: [item.id], isConfirmedManually: false, weekNo: item.weekNo, year: item.year,
      }));
      if (result.noMobileItemIds.length) snackbar.warning(t('Errors.Fresh.NoMobile'));
      else snackbar.success(t('Errors.Fresh.Sent', { address: item.address }));
    } catch (err) {
      snackbar.error(t('Calendar.Notice.NotificationFailed'), t(errorKeyOf(err) === 'Scheduling.StatusNotAllowed' ? 'Errors.ChangedMeanwhile' : 'Contact.PleaseTryAgain'));
    } finally {
      setSending(false);
      await onSent();
    }
  };

  if (eligible) {
    return (
      <Stack gap="1" align="flex-start">
        <Button size="sm" colorPalette="blue" disabled={offline} loading={sending} onClick={() => void send()} data-testid="error-fresh">{t('Errors.Fresh.Send')}</Button>
        <Text fontSize="sm" color="fg.muted">{t('Errors.Fresh.Help')}</Text>
      </Stack>
    );
  }
  const why = item.status === S.NotificationFailed ? 'Errors.Fresh.InvalidInformation'
    : rulesOf(item.status).confirmable ? 'Errors.Fresh.Confirmable'
      : item.status === S.Rejected ? 'Errors.Fresh.Rejected'
        : item.status === S.JobCreationFailed ? 'Errors.Fresh.JobCreationFailed'
          : 'Errors.Fresh.Replan';
  return (
    <Stack gap="1" align="flex-start" data-testid="error-fresh-instead">
      <Button size="sm" disabled data-testid="error-fresh">{t('Errors.Fresh.Send')}</Button>
      <Text fontSize="sm">{t(why)}</Text>
      <Link asChild color="blue.fg" fontSize="sm"><RouterLink to={calendarLink(item)} data-testid="error-calendar-link">{t('Errors.Fresh.OpenWeek', { week: item.weekNo })}</RouterLink></Link>
    </Stack>
  );
}
