/**
 * Send notice from the calendar (spec 2 §4, §7 POST /api/Schedule/SendNotification; rules:
 * src/domain/schemas/notices.ts), and the notice templates it may use (GET /api/NotificationTemplate:
 * the company's example first, then its other own appointment notices, then the sample). Online only: an office screen.
 */
import { useLiveRead } from '../../../data/liveRead';
import { apiFetch } from '../../../data/transport';
import { NotificationTemplateType } from '../../../domain/settings/company';
import type { NotificationRequest, NotificationResult } from '../../../domain/schemas/notices';
import type { NotificationTemplate } from '../../../domain/schemas/templates';

export function useNoticeTemplates(enabled: boolean) {
  return useLiveRead(enabled ? ['noticeTemplates'] : null, async (signal) => {
    const all = await apiFetch<NotificationTemplate[]>('/api/NotificationTemplate', { signal });
    return all.filter((t) => t.notificationTypeId === NotificationTemplateType.AppointmentNotice)
      .sort((a, b) => Number(b.isExample) - Number(a.isExample) || Number(a.isSampleTemplate) - Number(b.isSampleTemplate) || a.id - b.id);
  });
}

export function sendNotices(body: NotificationRequest): Promise<NotificationResult> {
  return apiFetch<NotificationResult>('/api/Schedule/SendNotification', { method: 'POST', body });
}
