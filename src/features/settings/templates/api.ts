/** The SMS template calls of spec 3 §7, and our test SMS (shapes: src/domain/schemas/templates.ts). */
import { ApiError, apiFetch } from '../../../data/transport';
import { refusedField } from '../../../domain/errorField';
import type { MeterAddressRange } from '../../../domain/companySettings';
import type {
  CreateTemplateRequest, MergeFieldDto, NotificationTemplate, SentSms, TestSmsRequest, UpdateTemplateRequest,
} from '../../../domain/schemas/templates';

export const fetchTemplates = (signal: AbortSignal) => apiFetch<NotificationTemplate[]>('/api/NotificationTemplate', { signal });

export const fetchMergeFields = (type: number, signal: AbortSignal) =>
  apiFetch<MergeFieldDto[]>(`/api/MergeField/notificationType/${type}`, { signal });

/** Ours: the company's shortest and longest meter address, for what a template costs (SmsCounter). */
export const fetchMeterAddressRange = (signal: AbortSignal) => apiFetch<MeterAddressRange>('/api/MergeField/meterAddressRange', { signal });

export const createTemplate = (body: CreateTemplateRequest) =>
  apiFetch<NotificationTemplate>('/api/NotificationTemplate', { method: 'POST', body });

export const updateTemplate = (id: number, body: UpdateTemplateRequest) =>
  apiFetch<NotificationTemplate>(`/api/NotificationTemplate/${id}`, { method: 'PUT', body });

/** POST /api/NotificationTemplate/{id}/test: the template sent as a test SMS (no `to`: the admin's own mobile). */
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
