/**
 * Cancel with the optional SMS (spec 2 §2.2 card menu and action bar Cancel, "cancellation with SMS
 * text", §4 Cancel, §5, §8, §9): one card from its menu, or the week's cancellable cards from the action
 * bar (as Send notice takes its cards; each may be left out). The admin picks the reason (the
 * cancellation types) and whether the owners get an SMS. The text is the company's cancellation
 * template for the card, its time range a window one hour either side (src/domain/sms/cancellation.ts),
 * widened 15 minutes a side per click up to 4 times, in the text as the admin has edited it; for several
 * cards the card's own fields stay as tokens and the server fills them per card. The counter shows what
 * the dearest message costs (countSms, the operator's count, which the server bounds too). Confirm is
 * disabled without a reason or, when sending, with an empty or too long text. The answer names the cards
 * the cancel passed by and those without a mobile, by address; a status changed meanwhile refuses it
 * all (Scheduling.StatusChanged) and the week is read again.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../data/transport';
import type { CancelRequest, CancelResult } from '../../../domain/schemas/cancellation';
import type { Schedule, ScheduleItem } from '../../../domain/schemas/scheduling';
import { renderTemplate } from '../../../domain/settings/company';
import {
  CANCEL_WINDOW_OFFSET_MINUTES, CANCEL_WINDOW_STEP_MINUTES, cancellationMergeValues, cancellationWindow, cancelSmsProblem, replaceWindow, windowText,
} from '../../../domain/sms/cancellation';
import { countSms } from '../../../domain/sms/segments';
import { contactPhoneE164 } from '../../../domain/validation';
import { useCancelTemplate } from '../../../data/cancelTemplate';
import { snackbar } from '../../../ui';
import { CancelSmsText, CancelSmsWindow } from '../../../ui/CancelSms';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/form';
import { LiveReadView } from '../../../ui/LiveReadView';
import { useUnsavedChangesGuard } from '../../../ui/useUnsavedChangesGuard';
import { dateText } from '../planning/PlanChooser';
import { cancelScheduleItems, useCancellationTypes } from '../api/cancelScheduleItems';
import { cancelOffered } from './cardMenu';

const hasMobile = (item: ScheduleItem): boolean =>
  typeof item.contactInformation?.mobileNo === 'string' && contactPhoneE164(item.contactInformation.mobileNo) !== null;

/** The week's cards the action bar's Cancel takes. */
export const cancellableItems = (schedule: Schedule) => schedule.scheduleItems.filter(cancelOffered)
  .sort((a, b) => (a.scheduleStartDateTime ?? '').localeCompare(b.scheduleStartDateTime ?? ''));

const byAddress = (list: readonly { address: string }[]) => `${list.slice(0, 8).map((i) => i.address).join('; ')}${list.length > 8 ? ' …' : ''}`;

export function CancelDialog({ schedule, items, several, onClose, onDone }: {
  schedule: Schedule;
  /** The cards offered: one from the card menu, the week's cancellable ones from the action bar. */
  items: ScheduleItem[];
  /** From the action bar: the cards are listed, each may be left out, and their own fields stay tokens. */
  several: boolean;
  onClose: () => void;
  /** The week is read again; `cancelled` are the cards now Cancelled (none when it was refused). */
  onDone: (cancelled: number[]) => void;
}) {
  const { t } = useTranslation('planning');
  const reasons = useCancellationTypes();
  const [reason, setReason] = useState<number | null>(null);
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const chosen = items.filter((i) => !left.has(i.id));
  const [send, setSend] = useState(items.some(hasMobile));
  const [extensions, setExtensions] = useState(0);
  const template = useCancelTemplate(items[0]?.id ?? null);
  // The text as the admin edits it, from the template once it is read; `range` the window it names.
  const [text, setText] = useState<string | null>(null);
  const [range, setRange] = useState('');
  const [prefilled, setPrefilled] = useState('');
  useEffect(() => {
    const tpl = template.data;
    if (!tpl || text !== null) return;
    const initial = several ? renderTemplate(tpl.templateText, { CompanyName: tpl.companyName, CompanyPhone: tpl.companyTelephone }) : tpl.text;
    setText(initial);
    setPrefilled(initial);
    setRange(tpl.mergeFields.find((f) => f.name === 'TimeRange')?.value ?? '');
  }, [template.data, text, several]);
  useUnsavedChangesGuard(text !== null && text !== prefilled);

  const widen = (next: number) => {
    const first = items[0];
    if (!several && first?.scheduleStartDateTime && first.scheduleEndDateTime) {
      const after = windowText(cancellationWindow(first.scheduleStartDateTime, first.scheduleEndDateTime, next));
      setText((before) => (before === null ? before : replaceWindow(before, range, after)));
      setRange(after);
    }
    setExtensions(next);
  };

  // Each chosen card's message as the server will make it: the dearest is what the counter shows.
  const messages = useMemo(() => chosen.map((i) => renderTemplate(text ?? '', {
    ...cancellationMergeValues(i.scheduleStartDateTime, i.scheduleEndDateTime, i.address, extensions),
    CompanyName: template.data?.companyName, CompanyPhone: template.data?.companyTelephone,
  })), [chosen, text, extensions, template.data]);
  const cost = messages.map(countSms).reduce((a, b) => (b.segments > a.segments || (b.segments === a.segments && b.characters > a.characters) ? b : a), countSms(''));
  const problem = !send || text === null ? null : cancelSmsProblem(text) ?? messages.map(cancelSmsProblem).find((p) => p !== null) ?? null;
  const withoutMobile = chosen.filter((i) => !hasMobile(i));

  const report = (result: CancelResult) => {
    const cancelled = result.scheduleItems.length - result.skipped.length;
    if (cancelled > 0) {
      snackbar.success(t('Calendar.Cancel.Done', { count: cancelled }), result.smsQueued ? t('Calendar.Cancel.SmsQueued', { count: result.smsQueued }) : undefined);
    }
    if (result.skipped.length) snackbar.warning(t('Calendar.Cancel.Skipped', { count: result.skipped.length }), byAddress(result.skipped));
    if (result.notTexted.length) snackbar.warning(t('Calendar.Cancel.NotTexted', { count: result.notTexted.length }), byAddress(result.notTexted));
  };
  const [saving, setSaving] = useState(false);
  // One key per request content: the same request again (an answer lost) is applied once.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const confirm = async () => {
    if (reason === null) return;
    const body: CancelRequest = {
      scheduleItems: chosen.map((i) => ({
        Id: i.id, Status: i.status, CancellationTypeId: reason, ReferenceNumber: i.referenceNumber?.slice(0, 100) ?? null, Address: i.address.slice(0, 500),
      })),
      isSendingSms: send, smsTemplateContent: send ? text : null, assigneeId: schedule.assigneeId, timeWindowExtensions: extensions,
    };
    const json = JSON.stringify(body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: crypto.randomUUID() };
    setSaving(true);
    try {
      report(await cancelScheduleItems(body, attempt.current.key));
      onDone(chosen.map((i) => i.id));
      onClose();
    } catch (err) {
      const key = err instanceof ApiError ? (err.body as { errorKey?: unknown } | null)?.errorKey : undefined;
      if (key === 'Scheduling.StatusChanged' || key === 'Scheduling.StatusNotAllowed') {
        snackbar.error(t('Calendar.Cancel.Failed'), t('Scheduling.StatusChanged'));
        onDone([]);
        onClose();
      } else {
        snackbar.error(t('common:SomethingWentWrong'), typeof key === 'string' && t(key, { defaultValue: '' }) ? t(key) : t('common:PleaseTryAgain'));
        attempt.current = err instanceof ApiError && !err.network ? null : attempt.current;
      }
    } finally {
      setSaving(false);
    }
  };

  const first = items[0];
  const offset = CANCEL_WINDOW_OFFSET_MINUTES + CANCEL_WINDOW_STEP_MINUTES * extensions;
  return (
    <FormDialog
      title={several ? t('Calendar.Cancel.TitleSeveral') : t('Calendar.Cancel.Title', { address: first?.address ?? '' })} testId="calendar-cancel-dialog"
      width="640px" closeOnInteractOutside={false} submitPalette="red" submitText={t('Calendar.Cancel.Submit', { count: chosen.length })}
      onClose={onClose} onSubmit={() => void confirm()} saving={saving}
      submitDisabled={reason === null || chosen.length === 0 || (send && (text === null || problem !== null))}
    >
      <Stack gap="4">
        {several && (
          <Box as="fieldset" data-testid="calendar-cancel-cards">
            <Text as="legend" fontWeight="medium" mb="1">{t('Calendar.Cancel.Cards', { count: chosen.length, total: items.length })}</Text>
            <Stack gap="1" maxH="12rem" overflowY="auto">
              {items.map((i) => (
                <Checkbox.Root
                  key={i.id} checked={!left.has(i.id)} data-testid="calendar-cancel-card"
                  onCheckedChange={(e) => setLeft((before) => { const next = new Set(before); if (e.checked === true) next.delete(i.id); else next.add(i.id); return next; })}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('Calendar.Cancel.Card', { date: i.scheduledDate ? dateText(i.scheduledDate) : '', time: i.startTime ?? '', address: i.address })}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          </Box>
        )}
        <SelectField
          label={t('Calendar.Cancel.Reason')} testId="calendar-cancel-reason" placeholder={t('Calendar.Cancel.PickReason')} value={reason}
          options={reasons.map((r) => ({ value: r.id, label: t(`Calendar.Cancel.Reasons.${r.name}`, { defaultValue: r.name }) }))} onChange={setReason}
        />
        <Checkbox.Root checked={send} onCheckedChange={(e) => setSend(e.checked === true)} data-testid="calendar-cancel-send">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('Calendar.Cancel.SendSms')}</Checkbox.Label>
        </Checkbox.Root>
        {send && (
          <LiveReadView read={template} errorTitle={t('Calendar.Cancel.TemplateFailed')}>
            {() => (
              <Stack gap="3">
                <CancelSmsWindow
                  range={range} label={several ? t('Calendar.Cancel.WindowSeveral', { minutes: offset }) : undefined}
                  extensions={extensions} onChange={widen} testIdPrefix="calendar-cancel"
                />
                <CancelSmsText
                  value={text ?? ''} onChange={setText} problem={problem} cost={cost} testIdPrefix="calendar-cancel"
                  helper={several ? t('Calendar.Cancel.TokensHelp') : undefined}
                />
                {several && chosen[0] && (
                  <Box>
                    <Text fontSize="sm" color="fg.muted">{t('Calendar.Cancel.Preview', { address: chosen[0].address })}</Text>
                    <Box bg="blue.50" borderRadius="lg" px="3" py="2" mt="1" data-testid="calendar-cancel-preview"><Text whiteSpace="pre-wrap">{messages[0]}</Text></Box>
                  </Box>
                )}
                {withoutMobile.length > 0 && (
                  <Text color="fg.error" data-testid="calendar-cancel-no-mobile">
                    {t('Calendar.Cancel.WithoutMobile', { count: withoutMobile.length, addresses: byAddress(withoutMobile) })}
                  </Text>
                )}
              </Stack>
            )}
          </LiveReadView>
        )}
      </Stack>
    </FormDialog>
  );
}
