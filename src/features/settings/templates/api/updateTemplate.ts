/**
 * PUT /api/NotificationTemplate/{id} (spec 3 §7): a custom template's text, or a template put in use
 * (isExample, which also takes it from the type's other templates); answers the template saved.
 */
import { apiFetch } from '../../../../data/transport';
import { ownWrite } from '../../../../data/useLiveReload';
import type { NotificationTemplate, UpdateTemplateRequest } from '../../../../domain/schemas/templates';

export const updateTemplate = (id: number, body: UpdateTemplateRequest) =>
  ownWrite(apiFetch<NotificationTemplate>(`/api/NotificationTemplate/${id}`, { method: 'PUT', body }));
