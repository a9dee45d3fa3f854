/** The completed-jobs status report (spec 3 §7): /api/Reports. */
import type { FastifyInstance } from 'fastify';

export async function reportRoutes(_app: FastifyInstance) {}
