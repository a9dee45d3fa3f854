/** SMS templates (spec 3 §7): /api/NotificationTemplate, /api/NotificationTemplateContent, /api/MergeField. */
import type { FastifyInstance } from 'fastify';

export async function templateRoutes(_app: FastifyInstance) {}
