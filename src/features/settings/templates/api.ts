/** The SMS template calls of spec 3 §7 (shapes: src/domain/schemas/templates.ts). */
import { apiFetch } from '../../../data/transport';
import type { CreateTemplateRequest, MergeFieldDto, NotificationTemplate, UpdateTemplateRequest } from '../../../domain/schemas/templates';

export const fetchTemplates = (signal: AbortSignal) => apiFetch<NotificationTemplate[]>('/api/NotificationTemplate', { signal });

export const fetchMergeFields = (type: number, signal: AbortSignal) =>
  apiFetch<MergeFieldDto[]>(`/api/MergeField/notificationType/${type}`, { signal });

export const createTemplate = (body: CreateTemplateRequest) =>
  apiFetch<NotificationTemplate>('/api/NotificationTemplate', { method: 'POST', body });

export const updateTemplate = (id: number, body: UpdateTemplateRequest) =>
  apiFetch<NotificationTemplate>(`/api/NotificationTemplate/${id}`, { method: 'PUT', body });
