/**
 * SMS the server sends (through the SmsGateway, server/sms/gateway.ts). So far: an admin's test of a
 * template, POST /api/NotificationTemplate/{id}/test (shapes and rules: src/domain/schemas/templates.ts).
 */
import { exampleMergeValues, renderTemplate, TEST_SMS_PER_HOUR } from '../../src/domain/settings/company';
import type { SentSms, TestSmsRequest } from '../../src/domain/schemas/templates';
import { toNorwegianE164 } from '../../src/domain/validation';
import type { UserContext } from '../auth/context';
import { requireAdminWithAgreement } from '../auth/guards';
import type { SmsGateway } from '../sms/gateway';
import { companyMergeValues, companySmsSender } from './companySettings';
import { badRequest, RuleError, TooManyError } from '../http/errors';
import { visibleTemplate } from './templates';
import type { Tx } from '../db/tx';
import { lockTestSms, testSmsInLastHour } from '../repositories/sms';
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
export async function sendTemplateTest(tx: Tx, gateway: SmsGateway, user: UserContext, templateId: number, body: TestSmsRequest): Promise<SentSms> {
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
  return gateway.send({ companyId, to, text, sender, createdBy: user.userId, kind: 'test' }, tx);
}
