/** POST /api/NotificationTemplate: a custom template made from a sample (spec 3 §7); answers the template created. */
import { apiFetch } from '../../../../data/transport';
import { ownWrite } from '../../../../data/useLiveReload';
import type { CreateTemplateRequest, NotificationTemplate } from '../../../../domain/schemas/templates';

export const createTemplate = (body: CreateTemplateRequest) =>
  ownWrite(apiFetch<NotificationTemplate>('/api/NotificationTemplate', { method: 'POST', body }));
