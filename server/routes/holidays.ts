/** The company holiday calendar (spec 3 §7): /api/CompanyHolidayConfiguration. */
import type { FastifyInstance } from 'fastify';

export async function holidayRoutes(_app: FastifyInstance) {}
