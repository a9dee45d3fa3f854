/** The company holiday calendar (spec 3 §7): /api/CompanyHolidayConfiguration. Shapes: src/domain/schemas/holidays.ts. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HolidayDeleteResult, HolidayList, HolidaySchema, HolidayYearParam, NewHolidayList } from '../../src/domain/schemas/holidays';
import { addHolidays, deleteHoliday, holidaysOfYear, saveYear, upcomingHolidays } from '../services/holidays';
import { runMutation } from './mutation';
import { errors, IdParam, mutationErrors } from './schemas';

const tags = ['Holidays'];
const Holidays = Type.Array(HolidaySchema);
const base = '/CompanyHolidayConfiguration';

export async function holidayRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(`${base}/holidays`, { schema: { tags, response: { 200: Holidays, ...errors } } },
    (req) => upcomingHolidays(app.db, req.user));

  r.get(`${base}/year/:year`, { schema: { tags, params: HolidayYearParam, response: { 200: Holidays, ...errors } } },
    (req) => holidaysOfYear(app.db, req.user, req.params.year));

  r.post(base, { schema: { tags, body: NewHolidayList, response: { 201: Holidays, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 201, body: await addHolidays(w, req.user, req.body) }));
  });

  r.put(`${base}/year/:year`, { schema: { tags, params: HolidayYearParam, body: HolidayList, response: { 200: Holidays, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 200, body: await saveYear(w, req.user, req.params.year, req.body) }));
  });

  r.delete(`${base}/:id`, { schema: { tags, params: IdParam, response: { 200: HolidayDeleteResult, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 200, body: { id: await deleteHoliday(w, req.user, req.params.id) } }));
  });
}
