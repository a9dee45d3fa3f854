/** GET /api/NotificationTemplate: the company's custom templates, then the samples, by type (spec 3 §7). */
import { useLiveRead } from '../../../../data/liveRead';
import { apiFetch } from '../../../../data/transport';
import type { NotificationTemplate } from '../../../../domain/schemas/templates';

export const fetchTemplates = (signal: AbortSignal) => apiFetch<NotificationTemplate[]>('/api/NotificationTemplate', { signal });

export function useTemplates(companyId: string | null) {
  return useLiveRead<NotificationTemplate[]>(companyId ? ['notificationTemplates', companyId] : null, fetchTemplates);
}

/** The server's order: custom before sample, then by notification type, then by id. */
const serverOrder = (a: NotificationTemplate, b: NotificationTemplate) =>
  Number(a.isSampleTemplate) - Number(b.isSampleTemplate) || a.notificationTypeId - b.notificationTypeId || a.id - b.id;

/**
 * The list after a save whose answer is the one template it changed (a text edited, a custom
 * template created): the list a read would give now, without reading it again.
 */
export function withSavedTemplate(list: readonly NotificationTemplate[], saved: NotificationTemplate): NotificationTemplate[] {
  return [...list.filter((x) => x.id !== saved.id), saved].sort(serverOrder);
}
