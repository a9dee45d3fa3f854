/** POST /api/NotificationTemplate: a custom template made from a sample (spec 3 §7); answers the template created. */
import { apiFetch } from '../../../../data/transport';
import type { CreateTemplateRequest, NotificationTemplate } from '../../../../domain/schemas/templates';

export const createTemplate = (body: CreateTemplateRequest) =>
  apiFetch<NotificationTemplate>('/api/NotificationTemplate', { method: 'POST', body });
