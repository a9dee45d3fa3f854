/**
 * The calendar's Send notice (spec 2 §2.2 action bar, §4 Send notice, §8 NotificationFailed): the
 * week's eligible cards (itemStatus.ts isNotifiable, the server's rule too), the notice template (the
 * company's own first), the first card's notice as the owner will read it with what it costs (countSms,
 * the server's counter), and the cards without a contact mobile, which will fail at once (the contact
 * page gives them one). Confirmed, the cards become "Notification in progress", then Notified as each
 * SMS is delivered; the week is read again. A card whose status changed meanwhile refuses the whole
 * send: the week is read again and nothing is sent.
 */
import { useMemo, useState } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../data/transport';
import { isNotifiable } from '../../../domain/scheduling/itemStatus';
import type { Schedule } from '../../../domain/schemas/scheduling';
import { renderTemplate } from '../../../domain/settings/company';
import { ANSWER_TOKEN_LENGTH, answerLinkUrl, withAnswerLink } from '../../../domain/sms/answerLink';
import { noticeMergeValues } from '../../../domain/sms/notice';
import { countSms } from '../../../domain/sms/segments';
import { contactPhoneE164 } from '../../../domain/validation';
import { snackbar } from '../../../ui';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/form';
import { LiveReadView } from '../../../ui/LiveReadView';
import { sendNotices, useNoticeTemplates } from '../api/sendNotices';

const hasMobile = (contact: Record<string, unknown> | null): boolean =>
  typeof contact?.mobileNo === 'string' && contactPhoneE164(contact.mobileNo) !== null;

/** The week's cards Send notice takes. */
export const notifiableItems = (schedule: Schedule) => schedule.scheduleItems.filter((i) => i.id > 0 && isNotifiable(i));

export function SendNoticeDialog({ schedule, onClose, onSent }: {
  schedule: Schedule;
  onClose: () => void;
  /** The week is read again; `ids` are the cards the notice was sent for (none when it was refused). */
  onSent: (ids: number[]) => void;
}) {
  const { t } = useTranslation('planning');
  const items = useMemo(() => notifiableItems(schedule).sort((a, b) => (a.scheduleStartDateTime ?? '').localeCompare(b.scheduleStartDateTime ?? '')), [schedule]);
  const withoutMobile = items.filter((i) => !hasMobile(i.contactInformation));
  const templates = useNoticeTemplates(true);
  const [key, setKey] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const chosen = templates.data?.find((tpl) => tpl.key === key) ?? templates.data?.[0] ?? null;
  const first = items.find((i) => hasMobile(i.contactInformation)) ?? items[0];
  // The notice as sent ends with the owner's answer link (its token is the server's own: one of the same length stands for it).
  const preview = chosen && first ? withAnswerLink(renderTemplate(chosen.text, {
    ...noticeMergeValues(first.scheduleStartDateTime, first.scheduleEndDateTime, first.address),
    CompanyName: chosen.companyName, CompanyPhone: chosen.companyTelephone,
  }), answerLinkUrl(window.location.origin, 'x'.repeat(ANSWER_TOKEN_LENGTH))) : '';
  const cost = countSms(preview);

  const send = async () => {
    if (!chosen) return;
    setSending(true);
    try {
      const result = await sendNotices({
        scheduleId: schedule.id, assigneeId: schedule.assigneeId, assigneeName: schedule.assigneeName, notificationTemplateKey: chosen.key,
        scheduleItemIds: items.map((i) => i.id), isConfirmedManually: false, weekNo: schedule.weekNo, year: schedule.year,
      });
      const sent = items.length - result.noMobileItemIds.length;
      if (sent > 0) snackbar.success(t('Calendar.Notice.Sent', { count: sent }));
      if (result.noMobileItemIds.length) snackbar.error(t('Calendar.Notice.NotificationFailed'), t('Calendar.Notice.NoMobile', { count: result.noMobileItemIds.length }));
      onSent(items.map((i) => i.id));
      onClose();
    } catch (err) {
      const key = err instanceof ApiError ? (err.body as { errorKey?: unknown } | null)?.errorKey : undefined;
      snackbar.error(t('Calendar.Notice.NotificationFailed'), key === 'Scheduling.StatusNotAllowed' ? t('Calendar.Notice.StatusChanged') : t('Contact.PleaseTryAgain'));
      onSent([]);
      onClose();
    } finally {
      setSending(false);
    }
  };

  return (
    <FormDialog
      title={t('Calendar.Notice.Title')} testId="calendar-notice-dialog" width="640px" submitText={t('Calendar.Notice.Send', { count: items.length })}
      onClose={onClose} onSubmit={() => void send()} submitDisabled={!chosen || items.length === 0} saving={sending}
    >
      <Stack gap="4">
        <Text data-testid="calendar-notice-count">{t('Calendar.Notice.Count', { count: items.length })}</Text>
        <LiveReadView read={templates} errorTitle={t('Calendar.Notice.TemplatesFailed')}>
          {(list) => (list.length === 0 ? <Text color="fg.error">{t('Calendar.Notice.NoTemplate')}</Text> : (
            <Stack gap="3">
              <SelectField
                label={t('Calendar.Notice.Template')} testId="calendar-notice-template" placeholder={t('Calendar.Notice.Template')}
                value={chosen?.key ?? null} options={list.map((tpl) => ({ value: tpl.key, label: tpl.isSampleTemplate ? t('Calendar.Notice.Sample', { name: tpl.name }) : tpl.name }))}
                onChange={(v) => setKey(v)}
              />
              {first && (
                <Box>
                  <Text fontSize="sm" color="fg.muted">{t('Calendar.Notice.Preview', { address: first.address })}</Text>
                  <Box bg="blue.50" borderRadius="lg" px="3" py="2" mt="1" data-testid="calendar-notice-preview"><Text whiteSpace="pre-wrap">{preview}</Text></Box>
                  <Text fontSize="sm" color="fg.muted" mt="1" data-testid="calendar-notice-cost">
                    {t('Calendar.Notice.Cost', { characters: cost.characters, count: cost.segments, encoding: cost.encoding })}
                  </Text>
                </Box>
              )}
            </Stack>
          ))}
        </LiveReadView>
        {withoutMobile.length > 0 && (
          <Box data-testid="calendar-notice-no-mobile">
            <Text color="fg.error">{t('Calendar.Notice.WithoutMobile', { count: withoutMobile.length })}</Text>
            <Text fontSize="sm" color="fg.muted">{withoutMobile.slice(0, 5).map((i) => i.address).join('; ')}{withoutMobile.length > 5 ? ' …' : ''}</Text>
          </Box>
        )}
      </Stack>
    </FormDialog>
  );
}
