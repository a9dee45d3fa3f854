/** Analytics (spec 3 §7): /api/Analytics. */
import type { FastifyInstance } from 'fastify';

export async function analyticsRoutes(_app: FastifyInstance) {}
