/** Company settings and configuration (spec 3 §7): /api/Setting, /api/CompanyConfiguration. */
import type { FastifyInstance } from 'fastify';

export async function companySettingRoutes(_app: FastifyInstance) {}
