/**
 * The cancellation SMS's controls (spec 2 §2.2 "cancellation with SMS text", §5, §9), shared by the
 * calendar's cancel and the cancellation of an automatically created job (spec 1 §4): the time window
 * the message names with its narrow and extend buttons (15 minutes a side, up to 4 times), the text
 * with its problems (empty, more than CANCEL_SMS_MAX_SEGMENTS SMS) and the counter (countSms, the
 * operator's count). The rules are src/domain/sms/cancellation.ts's; the dialogs own the state. Imported
 * from this module, not from ui/index.ts, so it stays out of the shell.
 */
import type { ReactNode } from 'react';
import { Button, Field, HStack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import {
  CANCEL_SMS_MAX_SEGMENTS, CANCEL_WINDOW_MAX_EXTENSIONS, CANCEL_WINDOW_OFFSET_MINUTES, CANCEL_WINDOW_STEP_MINUTES, type CancelSmsProblem,
} from '../domain/sms/cancellation';
import type { SmsCount } from '../domain/sms/segments';

/** The window row: what the message names (`label`, or the one card's `range`) and the buttons that move it. */
export function CancelSmsWindow({ range, label, extensions, onChange, testIdPrefix }: {
  /** The window the text names now (HH:MM-HH:MM). */
  range?: string;
  /** Said instead of the range (several cards, each its own window). */
  label?: string;
  extensions: number;
  onChange: (extensions: number) => void;
  testIdPrefix: string;
}) {
  // The texts are the planning namespace's (loaded on demand, not in the shell); nothing shows until they are in.
  const { t, ready } = useTranslation('planning', { useSuspense: false });
  if (!ready) return null;
  const minutes = CANCEL_WINDOW_OFFSET_MINUTES + CANCEL_WINDOW_STEP_MINUTES * extensions;
  return (
    <HStack gap="2" wrap="wrap">
      <Text aria-live="polite" data-testid={`${testIdPrefix}-window`} flex="1" minW="12rem">
        {label ?? t('CancelSms.Window', { range, minutes })}
      </Text>
      <Button size="sm" variant="outline" disabled={extensions === 0} onClick={() => onChange(extensions - 1)} data-testid={`${testIdPrefix}-narrow`}>
        {t('CancelSms.Narrow', { minutes: CANCEL_WINDOW_STEP_MINUTES })}
      </Button>
      <Button
        size="sm" variant="outline" disabled={extensions >= CANCEL_WINDOW_MAX_EXTENSIONS} onClick={() => onChange(extensions + 1)}
        data-testid={`${testIdPrefix}-extend`}
      >
        {t('CancelSms.Extend', { minutes: CANCEL_WINDOW_STEP_MINUTES, done: extensions, max: CANCEL_WINDOW_MAX_EXTENSIONS })}
      </Button>
    </HStack>
  );
}

/** The text, required, with what is wrong with it and what it costs. */
export function CancelSmsText({ value, onChange, problem, cost, helper, testIdPrefix }: {
  value: string;
  onChange: (text: string) => void;
  problem: CancelSmsProblem | null;
  /** The message's cost as countSms counts it (the dearest one, for several cards). */
  cost: SmsCount;
  helper?: ReactNode;
  testIdPrefix: string;
}) {
  // The texts are the planning namespace's (loaded on demand, not in the shell); nothing shows until they are in.
  const { t, ready } = useTranslation('planning', { useSuspense: false });
  if (!ready) return null;
  return (
    <>
      <Field.Root required invalid={problem !== null}>
        <Field.Label>{t('CancelSms.Text')}<Field.RequiredIndicator /></Field.Label>
        <Textarea data-testid={`${testIdPrefix}-text`} rows={5} value={value} onChange={(e) => onChange(e.target.value)} />
        {helper && <Field.HelperText>{helper}</Field.HelperText>}
        {problem === 'Empty' && <Field.ErrorText>{t('CancelSms.TextEmpty')}</Field.ErrorText>}
        {problem === 'TooLong' && <Field.ErrorText>{t('CancelSms.TextTooLong', { max: CANCEL_SMS_MAX_SEGMENTS })}</Field.ErrorText>}
      </Field.Root>
      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid={`${testIdPrefix}-cost`}>
        {t('CancelSms.Cost', { characters: cost.characters, count: cost.segments, encoding: cost.encoding })}
      </Text>
    </>
  );
}
