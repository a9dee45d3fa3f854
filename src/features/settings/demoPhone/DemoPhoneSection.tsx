/**
 * The demo phone (ours): every message the embedded SMS gateway took for the company, as the
 * owners' phones would show them, one conversation per number, each with its delivery state (pending,
 * then delivered once the gateway reports it), and an answer typed as the owner would
 * (JA, NEI or anything else). The answer goes the way a provider's inbound SMS goes, so the calendar's
 * cards, the SMS log and the plumber's jobs change as they would for a real owner. Heard live
 * (MessagesChanged, SchedulesChanged). With a real provider configured the server has no demo phone
 * and the section says so.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Badge, Box, Button, Card, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { NotificationType } from '../../../domain/enums';
import type { DemoPhoneMessage } from '../../../domain/schemas/demoPhone';
import { DEMO_REPLY_MAX_LENGTH } from '../../../domain/sms/reply';
import { timeOf } from '../../../domain/scheduling/hours';
import { osloDayMinute } from '../../../domain/time/oslo';
import { ApiError } from '../../../data/transport';
import { useHubNotice } from '../../../data/useLiveReload';
import { EmptyView, snackbar } from '../../../ui';
import { LiveReadView } from '../../../ui/LiveReadView';
import type { SectionProps } from '../sections';
import { conversationsOf, sendDemoReply, useDemoPhoneMessages, type Conversation } from './api';

const HEARS: readonly string[] = [NotificationType.MessagesChanged, NotificationType.SchedulesChanged];

/** The message's delivery state: pending until the gateway's report (a short delay after the hand-over). */
const DELIVERY_PALETTE: Record<DemoPhoneMessage['delivery'], string> = { pending: 'gray', delivered: 'green', failed: 'red' };

function whenText(iso: string): string {
  const at = osloDayMinute(new Date(iso));
  return `${at.date.slice(8, 10)}.${at.date.slice(5, 7)}. ${timeOf(at.minute)}`;
}

export function DemoPhoneSection(_: SectionProps) {
  const { t } = useTranslation('companySettings');
  const read = useDemoPhoneMessages();
  useHubNotice(HEARS, () => { void read.refetch(); });
  return (
    <Stack gap="4" maxW="3xl">
      <HStack justify="space-between" align="flex-start">
        <Text color="fg.muted">{t('DemoPhone.Intro')}</Text>
        <Button size="sm" variant="outline" onClick={() => { void read.refetch(); }} loading={read.refreshing} data-testid="demo-phone-refresh">
          {t('DemoPhone.Refresh')}
        </Button>
      </HStack>
      <LiveReadView read={read} errorTitle={t('DemoPhone.LoadFailed')} missing={<EmptyView title={t('DemoPhone.RealProvider')} />}>
        {(messages) => (messages.length === 0 ? <EmptyView title={t('DemoPhone.Empty')} /> : (
          <Stack gap="4" data-testid="demo-phone">
            {conversationsOf(messages).map((c) => <ConversationCard key={c.number} conversation={c} onAnswered={() => { void read.refetch(); }} />)}
          </Stack>
        ))}
      </LiveReadView>
    </Stack>
  );
}

function ConversationCard({ conversation, onAnswered }: { conversation: Conversation; onAnswered: () => void }) {
  const { t } = useTranslation('companySettings');
  const latest = conversation.messages[conversation.messages.length - 1];
  return (
    <Card.Root data-testid="demo-conversation" data-number={conversation.number}>
      <Card.Header pb="0">
        <Text fontWeight="semibold">{t('DemoPhone.Phone', { number: conversation.number })}</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="2" role="list" aria-label={t('DemoPhone.Phone', { number: conversation.number })}>
          {conversation.messages.map((m) => <MessageBubbles key={m.providerRef} message={m} />)}
        </Stack>
        <ReplyForm providerRef={latest.providerRef} number={conversation.number} onAnswered={onAnswered} />
      </Card.Body>
    </Card.Root>
  );
}

function MessageBubbles({ message }: { message: DemoPhoneMessage }) {
  const { t } = useTranslation('companySettings');
  return (
    <>
      <Box
        role="listitem" alignSelf="flex-start" maxW="85%" bg="gray.100" borderRadius="lg" px="3" py="2" data-testid="demo-message"
        data-item={message.scheduleItemId ?? ''} data-delivery={message.delivery}
      >
        <Text fontSize="xs" color="fg.muted">
          {message.sender} · {whenText(message.at)} · {t(`DemoPhone.Kind.${message.kind}`, { defaultValue: message.kind })}
        </Text>
        <Text whiteSpace="pre-wrap">{message.text}</Text>
        <Badge size="sm" mt="1" colorPalette={DELIVERY_PALETTE[message.delivery]} data-testid="demo-delivery">
          {t(`DemoPhone.Delivery.${message.delivery}`)}
        </Badge>
      </Box>
      {message.replies.map((r) => (
        <Box key={`${r.at}-${r.text}`} role="listitem" alignSelf="flex-end" maxW="85%" bg="green.100" borderRadius="lg" px="3" py="2" data-testid="demo-reply">
          <Text fontSize="xs" color="fg.muted">{whenText(r.at)}</Text>
          <Text whiteSpace="pre-wrap">{r.text}</Text>
          <Badge size="sm" mt="1" colorPalette={r.outcome === 'applied' ? 'green' : 'orange'}>{t(`DemoPhone.Outcome.${r.outcome}`, { defaultValue: r.outcome })}</Badge>
        </Box>
      ))}
    </>
  );
}

function ReplyForm({ providerRef, number, onAnswered }: { providerRef: string; number: string; onAnswered: () => void }) {
  const { t } = useTranslation('companySettings');
  const { t: tp } = useTranslation('planning');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  // One id per answer: sent again after a lost connection it is applied once.
  const pending = useRef<{ text: string; id: string } | null>(null);

  const send = async (answer: string) => {
    const body = answer.trim();
    if (!body) return;
    if (pending.current?.text !== body) pending.current = { text: body, id: crypto.randomUUID() };
    setBusy(true);
    try {
      const out = await sendDemoReply({ providerRef, replyId: pending.current.id, text: body });
      pending.current = null;
      setText('');
      const status = out.status !== null ? tp(`ScheduleItemStatus.${out.status}`) : '';
      snackbar.success(t(`DemoPhone.Result.${out.outcome}`, { status }));
      onAnswered();
    } catch (e) {
      snackbar.error(e instanceof ApiError && e.network ? t('DemoPhone.Offline') : t('DemoPhone.SendFailed'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => { e.preventDefault(); void send(text); };

  return (
    <form onSubmit={submit} aria-label={t('DemoPhone.AnswerAs', { number })}>
      <HStack mt="3" gap="2" wrap="wrap">
        <Button size="sm" colorPalette="green" onClick={() => { void send('JA'); }} disabled={busy} data-testid="demo-answer-yes">JA</Button>
        <Button size="sm" colorPalette="orange" onClick={() => { void send('NEI'); }} disabled={busy} data-testid="demo-answer-no">NEI</Button>
        <Input
          size="sm" flex="1" minW="40" value={text} maxLength={DEMO_REPLY_MAX_LENGTH} placeholder={t('DemoPhone.Placeholder')}
          aria-label={t('DemoPhone.AnswerAs', { number })} onChange={(e) => setText(e.target.value)} data-testid="demo-answer-text"
        />
        <Button size="sm" type="submit" disabled={busy || !text.trim()} loading={busy} data-testid="demo-answer-send">{t('DemoPhone.Send')}</Button>
      </HStack>
    </form>
  );
}
