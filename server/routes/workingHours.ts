/** Working hours (spec 3 §7): /api/WorkingHoursSetting. */
import type { FastifyInstance } from 'fastify';

export async function workingHoursRoutes(_app: FastifyInstance) {}
