/**
 * SMS the server sends. So far: an admin's test of a template, POST /api/NotificationTemplate/{id}/test
 * (shapes and rules: src/domain/schemas/templates.ts).
 *
 * The outbox: a message is recorded as queued, with its delivery job (queue 'sms-deliver', the job's id
 * the message's), in the transaction that had it sent: it exists, counts towards the company's limits
 * and is delivered only if that transaction commits, and an idempotent replay finds the stored answer
 * instead of sending again. After the commit a worker (workers/sms.ts) hands it to the gateway
 * (server/sms/gateway.ts) under the message's id as its reference, and asks the gateway's report:
 * queued → handed_over → delivered or failed (repositories/sms.ts). A failed hand-over is tried again
 * by the queue; a refusal (SmsRefused) is final. Each move is heard by the company's admins
 * (MessagesChanged).
 */
import { exampleMergeValues, renderTemplate, TEST_SMS_PER_HOUR } from '../../src/domain/settings/company';
import type { SentSms, TestSmsRequest } from '../../src/domain/schemas/templates';
import { toNorwegianE164 } from '../../src/domain/validation';
import type { UserContext } from '../auth/context';
import { requireAdminWithAgreement } from '../auth/guards';
import { SmsRefused, type DeliveryReport, type SmsGateway } from '../sms/gateway';
import { companyMergeValues, companySmsSender } from './companySettings';
import { badRequest, RuleError, TooManyError } from '../http/errors';
import { visibleTemplate } from './templates';
import type { Tx, Work } from '../db/tx';
import type { Db } from '../db/index';
import type { Queue } from '../queue';
import type { HubPublisher } from '../hub/publisher';
import {
  companyCustomerId, findSms, findSmsByProviderRef, lockTestSms, moveSms, testSmsInLastHour, unfinishedSmsBefore, type SmsRow,
} from '../repositories/sms';
import { command } from './command';
import { inUnitOfWork } from './unitOfWork';
import { queueSms, SMS_DELIVER_QUEUE, SMS_REPORT_AGAIN_SECONDS, SMS_REPORT_QUEUE, SMS_REPORT_TRIES } from './smsQueue';
import { noticeMoved } from './scheduling/notices';

export { queueSms, SMS_DELIVER_QUEUE, SMS_REPORT_QUEUE };
export type { OutgoingSms } from './smsQueue';
import { userMobile } from '../repositories/users';

/** The number a test goes to: `to` when given, else the admin's own mobile; E.164, or 400 naming `to`. */
async function testRecipient(tx: Tx, user: UserContext, to: string | undefined): Promise<string> {
  const rule = 'must be a Norwegian phone number: optional 0047, +47 or 47, then 8 digits starting 2-9';
  if (to !== undefined) {
    const number = toNorwegianE164(to);
    if (!number) throw badRequest('body/to', rule);
    return number;
  }
  const own = (await userMobile(tx, user.userId))?.trim();
  if (!own) throw new RuleError('body/to', 'is required: you have no mobile number on file', 'NoMobileOnFile');
  const number = toNorwegianE164(own);
  if (!number) throw badRequest('body/to', `is required: the mobile number on file ${rule}`);
  return number;
}

/**
 * POST /api/NotificationTemplate/{id}/test: the template as the company's messages would read (its
 * name and phone, example date, time and address) sent to `to` or the admin's own mobile. At most
 * TEST_SMS_PER_HOUR per company in any hour: a company lock makes concurrent tests count one by one.
 */
export async function sendTemplateTest(w: Work, user: UserContext, templateId: number, body: TestSmsRequest): Promise<SentSms> {
  const { tx } = w;
  const companyId = requireAdminWithAgreement(user);
  const template = await visibleTemplate(tx, companyId, templateId);
  const to = await testRecipient(tx, user, body.to);

  await lockTestSms(tx, companyId);
  if (await testSmsInLastHour(tx, companyId) >= TEST_SMS_PER_HOUR) {
    throw new TooManyError(`Too many test SMS: at most ${TEST_SMS_PER_HOUR} per company in an hour; try again later`, 3600);
  }

  const merge = await companyMergeValues(tx, companyId);
  const text = renderTemplate(template.text, exampleMergeValues(merge.companyName, merge.companyTelephone));
  const sender = await companySmsSender(tx, companyId);
  const row = await queueSms(w, { companyId, to, text, sender, createdBy: user.userId, kind: 'test' });
  return {
    id: row.id, to: row.toNumber, text: row.text, encoding: row.encoding, segments: row.segments,
    characters: row.characters, sentAt: row.createdAt.toISOString(),
  };
}

/** The route's command (services/command.ts): a test sent answers 201. */
export const sendTemplateTestCommand = command({
  status: 201, run: (w, user, { id, body }: { id: number; body: TestSmsRequest }) => sendTemplateTest(w, user, id, body),
});

/** What moving a message needs of the composition root. */
export interface SmsDeps {
  db: Db;
  publisher: HubPublisher;
  queue: Queue;
  sms: SmsGateway;
}

/**
 * Moves the message from `from` in its own unit of work, heard by the company's admins; a notice's
 * item moves with it (delivered → Notified, failed → NotificationFailed, or SmsApiFailed when the
 * SMS service refused it: `refused`). Undefined when the message had moved on.
 */
function move(deps: SmsDeps, row: SmsRow, from: SmsRow['status'][], patch: Parameters<typeof moveSms>[3], refused = false): Promise<SmsRow | undefined> {
  return inUnitOfWork(deps, async (w) => {
    const moved = await moveSms(w.tx, row.id, from, patch);
    if (moved) w.changes.note(moved.companyId, 'messages');
    if (moved?.kind === 'notice') await noticeMoved(w, moved, await companyCustomerId(w.tx, moved.companyId), refused);
    return moved;
  });
}

/**
 * The delivery job: hands a queued message to the gateway and records the hand-over, then its report
 * (at once, or with `reportLater` as a job of the report queue, as the worker does).
 * A message already handed over is only asked for its report; one that is finished is left alone.
 * A failure to reach the gateway throws, so the queue tries the job again (the attempt is counted).
 */
export async function deliverSms(
  deps: SmsDeps, messageId: string, now = () => new Date(), opts: { reportLater?: boolean } = {},
): Promise<SmsRow['status'] | 'unknown'> {
  const row = await findSms(deps.db, messageId);
  if (!row) return 'unknown';
  if (row.status === 'handed_over') return reportSms(deps, messageId, 0, now);
  if (row.status !== 'queued') return row.status;
  let providerRef: string;
  try {
    ({ providerRef } = await deps.sms.deliver({ reference: row.id, to: row.toNumber, text: row.text, sender: row.sender }));
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    if (err instanceof SmsRefused) {
      const failed = await move(deps, row, ['queued'], { status: 'failed', attempts: row.attempts + 1, finishedAt: now(), error }, true);
      return failed?.status ?? (await findSms(deps.db, messageId))!.status;
    }
    await moveSms(deps.db, row.id, ['queued'], { attempts: row.attempts + 1, error });
    throw err;
  }
  await move(deps, row, ['queued'], { status: 'handed_over', attempts: row.attempts + 1, providerRef, handedOverAt: now(), error: null });
  if (opts.reportLater) {
    // The report (and the notice's item moving with it, one at a time under its schedule's lock) is
    // its own job: a week's hand-overs are not held up behind each other's reports.
    await deps.queue.send(deps.db, SMS_REPORT_QUEUE, { messageId, tries: 0 }, { id: messageId });
    return 'handed_over';
  }
  return reportSms(deps, messageId, 0, now);
}

/**
 * Asks the gateway what became of a message handed over and records it; a pending report is asked
 * again (queue 'sms-report') when the gateway says it will know more (its `retryAfterMs`, in whole
 * seconds rounded up: pg-boss's startAfter), else SMS_REPORT_AGAIN_SECONDS later; at most
 * SMS_REPORT_TRIES times. Two runs at once record it once (moveSms moves it from handed over only).
 */
export async function reportSms(deps: SmsDeps, messageId: string, tries = 0, now = () => new Date()): Promise<SmsRow['status'] | 'unknown'> {
  const row = await findSms(deps.db, messageId);
  if (!row) return 'unknown';
  if (row.status !== 'handed_over' || !row.providerRef) return row.status;
  const report = await deps.sms.report(row.providerRef);
  if (report.state === 'pending') {
    if (tries + 1 < SMS_REPORT_TRIES) {
      await deps.queue.send(deps.db, SMS_REPORT_QUEUE, { messageId, tries: tries + 1 }, { startAfter: reportAgainSeconds(report) });
    }
    return row.status;
  }
  const moved = await move(deps, row, ['handed_over'], {
    status: report.state, finishedAt: report.at ?? now(), error: report.state === 'failed' ? report.error ?? 'failed' : null,
  });
  return moved?.status ?? (await findSms(deps.db, messageId))!.status;
}

/** How many seconds after a pending report the gateway is asked again: its hint rounded up, at least 1. */
export function reportAgainSeconds(report: DeliveryReport): number {
  if (report.retryAfterMs === undefined || !Number.isFinite(report.retryAfterMs)) return SMS_REPORT_AGAIN_SECONDS;
  return Math.min(SMS_REPORT_AGAIN_SECONDS, Math.max(1, Math.ceil(report.retryAfterMs / 1000)));
}

/**
 * A delivery report the provider sent of its own accord (its signed callback): the message it names
 * moves from handed over to delivered or failed, once; a repeated or late report of a message that has
 * moved on changes nothing. A report of a message not handed over yet (the callback came before the
 * worker recorded the hand-over) is left to the worker, which asks the report itself.
 */
export async function recordReport(deps: SmsDeps, providerRef: string, report: DeliveryReport, now = () => new Date()): Promise<SmsRow['status'] | 'unknown'> {
  const row = await findSmsByProviderRef(deps.db, providerRef);
  if (!row) return 'unknown';
  if (report.state === 'pending' || row.status !== 'handed_over') return row.status;
  const moved = await move(deps, row, ['handed_over'], {
    status: report.state, finishedAt: report.at ?? now(), error: report.state === 'failed' ? report.error ?? 'failed' : null,
  });
  return moved?.status ?? (await findSms(deps.db, row.id))!.status;
}

/**
 * The outbox's sweep: a queued message whose job is gone (sent before the queue was made, or given up
 * by the queue) is sent again or, when the queue gave up, marked failed; messages written before
 * `graceMs` ago only.
 */
export async function sweepSms(deps: SmsDeps, graceMs = 60_000, now = new Date()): Promise<{ sent: number; failed: number }> {
  const out = { sent: 0, failed: 0 };
  for (const row of await unfinishedSmsBefore(deps.db, new Date(now.getTime() - graceMs))) {
    if (row.status === 'handed_over') {
      // Handed over by a worker that died before it sent the report's job: the report is asked now.
      const report = await deps.queue.jobState(deps.db, SMS_REPORT_QUEUE, row.id);
      if (report === null && (await deps.queue.send(deps.db, SMS_REPORT_QUEUE, { messageId: row.id, tries: 0 }, { id: row.id }))) out.sent++;
      continue;
    }
    if (row.status !== 'queued') continue;
    const state = await deps.queue.jobState(deps.db, SMS_DELIVER_QUEUE, row.id);
    if (state === null && (await deps.queue.send(deps.db, SMS_DELIVER_QUEUE, { messageId: row.id }, { id: row.id }))) out.sent++;
    if (state === 'failed' || state === 'cancelled') {
      if (await move(deps, row, ['queued'], { status: 'failed', finishedAt: now, error: row.error ?? `the delivery job ${state}` }, true)) out.failed++;
    }
  }
  return out;
}
