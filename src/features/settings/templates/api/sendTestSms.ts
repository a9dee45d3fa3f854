/** Ours, POST /api/NotificationTemplate/{id}/test: the template sent as a test SMS (no `to`: the admin's own mobile). */
import { ApiError, apiFetch } from '../../../../data/transport';
import { refusedField } from '../../../../domain/errorField';
import type { SentSms, TestSmsRequest } from '../../../../domain/schemas/templates';

export const sendTestSms = (id: number, body: TestSmsRequest) =>
  apiFetch<SentSms>(`/api/NotificationTemplate/${id}/test`, { method: 'POST', body, idempotencyKey: crypto.randomUUID() });

/** What the user reads when a test SMS was refused: an i18n key (companySettings), never the server's text. */
export function testSmsErrorKey(e: unknown): string {
  if (e instanceof ApiError && !e.network) {
    const errorKey = typeof e.body === 'object' && e.body !== null ? (e.body as { errorKey?: unknown }).errorKey : undefined;
    if (errorKey === 'NoMobileOnFile') return 'Templates.TestSms.NoPhone';
    if (e.status === 400 && refusedField(e.body) === 'body/to') return 'Templates.TestSms.InvalidPhone';
    if (e.status === 429) return 'Templates.TestSms.TooMany';
  }
  return 'Templates.TestSms.Failed';
}
