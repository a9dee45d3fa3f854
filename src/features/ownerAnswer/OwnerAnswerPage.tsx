/**
 * The property owner's answer page at /a/{token} (spec 2 §4 Replies, answered by a link: the link in
 * the notice, server/services/ownerAnswer.ts). Outside the signed-in shell and its own lazy chunk: the
 * owner has no account, often opens it on a phone that never saw the app, and needs none of its code.
 *
 * It shows what the notice said (day and time range in Oslo time, address, the company's name and
 * phone) and, while the item waits for an answer, two large buttons: the time suits (confirmed) or
 * another time is asked for. Each asks once more before it is sent; the result is a screen of its own.
 * A link already answered (by SMS, by this page or by the office) says what was agreed; an expired or
 * invalid one says so and nothing else. Norwegian unless the owner chose otherwise here before or the
 * browser prefers English; a switch offers the other language. Focus moves to each new step's heading.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useParams } from 'react-router-dom';
import { Box, Button, Flex, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OwnerAnswerResult, OwnerAppointment } from '../../domain/schemas/ownerAnswer';
import { chosenLanguage, setLanguage, type Language } from '../../i18n';
import { LanguageIcon } from '../../ui/screenIcons';

type Answer = 'yes' | 'no';
type Failure = 'invalid' | 'expired' | 'tooMany' | 'failed';
type Step =
  | { kind: 'loading' }
  | { kind: 'failed'; why: Failure; retry: (() => void) | null }
  | { kind: 'open'; appointment: OwnerAppointment }
  | { kind: 'confirming'; appointment: OwnerAppointment; answer: Answer }
  | { kind: 'sending'; appointment: OwnerAppointment; answer: Answer }
  | { kind: 'done'; result: OwnerAnswerResult; answer: Answer | null };

/** The browser's preferred language among ours, if it prefers English to Norwegian. */
function browserLanguage(): Language | null {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'en') return 'en';
    if (base === 'nb' || base === 'nn' || base === 'no') return 'nb';
  }
  return null;
}

function failureOf(status: number): Failure {
  if (status === 404 || status === 400) return 'invalid';
  if (status === 410) return 'expired';
  if (status === 429) return 'tooMany';
  return 'failed';
}

async function call<T>(token: string, init?: RequestInit): Promise<{ ok: true; body: T } | { ok: false; why: Failure }> {
  try {
    const res = await fetch(`/api/ownerAnswer/${encodeURIComponent(token)}`, { ...init, cache: 'no-store', credentials: 'omit' });
    if (!res.ok) return { ok: false, why: failureOf(res.status) };
    return { ok: true, body: (await res.json()) as T };
  } catch {
    return { ok: false, why: 'failed' };
  }
}

/** The route's element: the page for the path's token. */
export function OwnerAnswerRoute() {
  const { token = '' } = useParams();
  return <OwnerAnswerPage key={token} token={token} />;
}

export function OwnerAnswerPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation('ownerAnswer');
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const follow = chosenLanguage() ?? browserLanguage();
    if (follow && follow !== i18n.language) void setLanguage(follow, false);
  }, [i18n]);

  const load = useCallback(async () => {
    setStep({ kind: 'loading' });
    const got = await call<OwnerAppointment>(token);
    if (!got.ok) setStep({ kind: 'failed', why: got.why, retry: got.why === 'failed' || got.why === 'tooMany' ? () => void load() : null });
    else if (got.body.state === 'open') setStep({ kind: 'open', appointment: got.body });
    else setStep({ kind: 'done', result: { applied: false, appointment: got.body }, answer: null });
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  const send = async (appointment: OwnerAppointment, answer: Answer) => {
    setStep({ kind: 'sending', appointment, answer });
    const got = await call<OwnerAnswerResult>(token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answer }) });
    if (!got.ok) setStep({ kind: 'failed', why: got.why, retry: got.why === 'failed' || got.why === 'tooMany' ? () => void send(appointment, answer) : null });
    else setStep({ kind: 'done', result: got.body, answer });
  };

  // Each step's heading takes the focus, so a screen reader hears where the owner is now.
  useEffect(() => {
    if (step.kind !== 'loading' && step.kind !== 'sending') heading.current?.focus();
  }, [step.kind]);

  useEffect(() => {
    document.title = t('Title');
  }, [t, i18n.language]);

  const otherLanguage: Language = (i18n.resolvedLanguage ?? i18n.language) === 'en' ? 'nb' : 'en';
  const big = { size: 'xl', w: '100%', minH: '14', whiteSpace: 'normal', textAlign: 'center' } as const;

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle" data-testid="owner-answer-page">
      <Box as="main" flex="1" w="100%" maxW="30rem" mx="auto" px="4" py="6">
        <HStack justify="flex-end" mb="4">
          <Button variant="ghost" size="sm" onClick={() => void setLanguage(otherLanguage)} lang={otherLanguage}>
            <LanguageIcon aria-hidden />
            {t('OtherLanguage')}
          </Button>
        </HStack>

        {(step.kind === 'loading' || step.kind === 'sending') && (
          <Stack align="center" gap="4" py="12" role="status" aria-live="polite">
            <Spinner size="lg" />
            <Text>{step.kind === 'loading' ? t('Loading') : t('Sending')}</Text>
          </Stack>
        )}

        {step.kind === 'failed' && (
          <Stack gap="4" role="alert">
            <Heading as="h1" size="2xl" ref={heading} tabIndex={-1} outline="none">{t(`${FAILURE_KEYS[step.why]}Title`)}</Heading>
            <Text fontSize="lg">{t(`${FAILURE_KEYS[step.why]}Text`)}</Text>
            {step.retry && <Button {...big} colorPalette="blue" onClick={step.retry}>{t('Retry')}</Button>}
          </Stack>
        )}

        {step.kind === 'open' && (
          <Stack gap="6">
            <Heading as="h1" size="2xl" ref={heading} tabIndex={-1} outline="none">{t('Title')}</Heading>
            <Text fontSize="lg">{t('Intro', { company: step.appointment.companyName })}</Text>
            <Facts appointment={step.appointment} />
            <Stack gap="3" role="group" aria-labelledby="owner-answer-question">
              <Text id="owner-answer-question" fontSize="xl" fontWeight="semibold">{t('Question')}</Text>
              <Button {...big} colorPalette="green" onClick={() => setStep({ kind: 'confirming', appointment: step.appointment, answer: 'yes' })}>{t('Yes')}</Button>
              <Button {...big} variant="outline" colorPalette="orange" onClick={() => setStep({ kind: 'confirming', appointment: step.appointment, answer: 'no' })}>{t('No')}</Button>
            </Stack>
          </Stack>
        )}

        {step.kind === 'confirming' && (
          <Stack gap="6">
            <Heading as="h1" size="2xl" ref={heading} tabIndex={-1} outline="none">{t(step.answer === 'yes' ? 'ConfirmYesTitle' : 'ConfirmNoTitle')}</Heading>
            <Text fontSize="lg">
              {step.answer === 'yes'
                ? t('ConfirmYesText', { date: step.appointment.date, time: step.appointment.timeRange })
                : t('ConfirmNoText', { company: step.appointment.companyName })}
            </Text>
            <Facts appointment={step.appointment} />
            <Stack gap="3">
              <Button {...big} colorPalette={step.answer === 'yes' ? 'green' : 'orange'} onClick={() => void send(step.appointment, step.answer)}>
                {t(step.answer === 'yes' ? 'ConfirmYes' : 'ConfirmNo')}
              </Button>
              <Button {...big} variant="ghost" onClick={() => setStep({ kind: 'open', appointment: step.appointment })}>{t('Back')}</Button>
            </Stack>
          </Stack>
        )}

        {step.kind === 'done' && <Result heading={heading} result={step.result} answer={step.answer} />}
      </Box>
    </Flex>
  );
}

const FAILURE_KEYS: Record<Failure, string> = { invalid: 'Invalid', expired: 'Expired', tooMany: 'TooMany', failed: 'Failed' };
const AGREED_KEYS = { open: 'AgreedOther', confirmed: 'AgreedConfirmed', rejected: 'AgreedRejected', cancelled: 'AgreedCancelled', other: 'AgreedOther' } as const;

function Result({ heading, result, answer }: { heading: RefObject<HTMLHeadingElement | null>; result: OwnerAnswerResult; answer: Answer | null }) {
  const { t } = useTranslation('ownerAnswer');
  const a = result.appointment;
  const title = !result.applied ? t('AlreadyTitle') : answer === 'yes' ? t('DoneConfirmedTitle') : t('DoneRejectedTitle');
  const text = !result.applied ? t(AGREED_KEYS[a.state])
    : answer === 'yes' ? t('DoneConfirmedText', { date: a.date, time: a.timeRange }) : t('DoneRejectedText', { company: a.companyName });
  return (
    <Stack gap="6" data-testid="owner-answer-result" data-state={a.state}>
      <Heading as="h1" size="2xl" ref={heading} tabIndex={-1} outline="none">{title}</Heading>
      <Text fontSize="lg" role="status">{text}</Text>
      <Facts appointment={a} />
      {a.companyPhone && (
        <Text>
          {t('CallCompany', { company: a.companyName })}{' '}
          <Link href={`tel:${a.companyPhone.replace(/\s/g, '')}`} colorPalette="blue" display="inline" textDecoration="underline">{a.companyPhone}</Link>
        </Text>
      )}
    </Stack>
  );
}

/** The appointment's facts as a description list. */
function Facts({ appointment: a }: { appointment: OwnerAppointment }) {
  const { t } = useTranslation('ownerAnswer');
  const rows: [string, ReactNode][] = [
    [t('Date'), a.date],
    [t('Time'), a.timeRange],
    [t('Address'), a.address],
    [t('Company'), a.companyName],
    [t('Phone'), a.companyPhone ? <Link href={`tel:${a.companyPhone.replace(/\s/g, '')}`} colorPalette="blue" display="inline" textDecoration="underline">{a.companyPhone}</Link> : '–'],
  ];
  return (
    <Box as="dl" bg="bg" borderWidth="1px" borderRadius="l2" p="4" data-testid="owner-answer-facts">
      {rows.map(([label, value]) => (
        <Flex key={label} gap="3" py="1.5" wrap="wrap">
          <Text as="dt" fontWeight="semibold" minW="6rem">{label}</Text>
          <Text as="dd" fontSize="lg">{value}</Text>
        </Flex>
      ))}
    </Box>
  );
}
