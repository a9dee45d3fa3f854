/**
 * The reads of a cancellation's SMS (spec 2 §3 "SMS sample template (Cancel)", §7), shared by the
 * calendar's cancel and the cancellation of an automatically created job (spec 1 §4): the company's
 * cancellation template rendered for a schedule item, its window one hour either side
 * (GET /api/Sms/template/Cancel?scheduleItemId=), and the item with its contact
 * (GET /api/ScheduleItem/{id}/templateKey/Cancel). Live reads: they need a connection; the last
 * answer is kept for the visit (liveRead.ts).
 */
import { useLiveRead } from './liveRead';
import { apiFetch } from './transport';
import { SAMPLE_TEMPLATE_KEYS, NotificationTemplateType } from '../domain/settings/company';
import type { ItemTemplate, SmsSampleTemplate } from '../domain/schemas/cancellation';

/** The sample's key that stands for the company's cancellation template. */
export const CANCEL_TEMPLATE_KEY = SAMPLE_TEMPLATE_KEYS[NotificationTemplateType.Cancellation];

/** The company's cancellation template rendered for the item. */
export function useCancelTemplate(scheduleItemId: number | null) {
  return useLiveRead(scheduleItemId === null ? null : ['cancelTemplate', scheduleItemId], (signal) =>
    apiFetch<SmsSampleTemplate>(`/api/Sms/template/${CANCEL_TEMPLATE_KEY}?scheduleItemId=${scheduleItemId}`, { signal }));
}

/** The item the cancellation is about (its time and its contact), with the template it would use. */
export function useCancelItem(scheduleItemId: number | null) {
  return useLiveRead(scheduleItemId === null ? null : ['cancelItem', scheduleItemId], (signal) =>
    apiFetch<ItemTemplate>(`/api/ScheduleItem/${scheduleItemId}/templateKey/${CANCEL_TEMPLATE_KEY}`, { signal }));
}
