/**
 * The embedded gateway's demo phone (shapes and rules: src/domain/schemas/demoPhone.ts): the messages
 * the embedded gateway took for the admin's company, and an owner's answer to one, applied exactly as a
 * provider's inbound SMS is (services/smsReplies.ts receiveReply), from the number the message went to.
 */
import { DEMO_PHONE_MAX_MESSAGES, type DemoPhoneMessage, type DemoPhoneReplyBody, type DemoPhoneReplyResult } from '../../src/domain/schemas/demoPhone';
import type { UserContext } from '../auth/context';
import { requireAdminWithAgreement } from '../auth/guards';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { companyDeliveries, companyDelivery, repliesFrom } from '../repositories/sms';
import { findItems } from '../repositories/scheduling';
import { EmbeddedSmsGateway } from '../sms/gateway';
import { receiveReply } from './smsReplies';

/** The demo phone exists only while the server sends through the embedded gateway. */
function requireEmbedded(ctx: AppContext): void {
  if (!(ctx.sms instanceof EmbeddedSmsGateway)) throw notFound('The demo phone (the server sends through a real SMS provider)');
}

/** GET /api/demoPhone/messages. */
export async function demoPhoneMessages(ctx: AppContext, user: UserContext): Promise<DemoPhoneMessage[]> {
  const companyId = requireAdminWithAgreement(user);
  requireEmbedded(ctx);
  const rows = await companyDeliveries(ctx.db, companyId, DEMO_PHONE_MAX_MESSAGES);
  const replies = await repliesFrom(ctx.db, companyId, [...new Set(rows.map((r) => r.to))]);
  return rows.map((r, i) => {
    // The replies this message's number sent after it and before the next (newer) message to it.
    const newer = rows.slice(0, i).filter((n) => n.to === r.to).at(-1);
    const mine = replies.filter((p) => p.fromNumber === r.to && p.receivedAt >= r.at && (!newer || p.receivedAt < newer.at));
    return {
      providerRef: r.providerRef, to: r.to, sender: r.sender, text: r.text, at: r.at.toISOString(), kind: r.kind,
      scheduleItemId: r.scheduleItemId, address: r.address,
      // Queued (a worker that died right after the hand-over) or handed over: its report is still to come.
      delivery: r.status === 'delivered' || r.status === 'failed' ? r.status : 'pending',
      replies: mine.map((p) => ({ text: p.text, at: p.receivedAt.toISOString(), outcome: p.outcome, answer: p.answer })),
    };
  });
}

/** POST /api/demoPhone/reply. */
export async function demoPhoneReply(ctx: AppContext, user: UserContext, body: DemoPhoneReplyBody): Promise<DemoPhoneReplyResult> {
  const companyId = requireAdminWithAgreement(user);
  requireEmbedded(ctx);
  const delivery = await companyDelivery(ctx.db, companyId, body.providerRef);
  if (!delivery) throw notFound(`Message ${body.providerRef}`);
  const out = await receiveReply(ctx, { providerMessageId: `demo:${body.replyId}`, from: delivery.to, to: delivery.sender, text: body.text });
  const [item] = out.scheduleItemId !== null ? await findItems(ctx.db, companyId, [out.scheduleItemId]) : [];
  return { duplicate: out.duplicate, answer: out.answer, outcome: out.outcome, scheduleItemId: out.scheduleItemId, status: item?.status ?? null };
}
