/** The company holiday calendar (spec 3 §7): /api/CompanyHolidayConfiguration. Shapes: src/domain/schemas/holidays.ts. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HolidayDeleteResult, HolidayList, HolidaySchema, HolidayYearParam, NewHolidayList } from '../../src/domain/schemas/holidays';
import { addHolidaysCommand, deleteHolidayCommand, holidaysOfYear, saveYearCommand, upcomingHolidays } from '../services/holidays';
import { mutation } from './mutation';
import { errors, IdParam, mutationErrors } from './schemas';

const tags = ['Holidays'];
const Holidays = Type.Array(HolidaySchema);
const base = '/CompanyHolidayConfiguration';

export async function holidayRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(`${base}/holidays`, { schema: { tags, response: { 200: Holidays, ...errors } } },
    (req) => upcomingHolidays(app.context.db, req.user));

  r.get(`${base}/year/:year`, { schema: { tags, params: HolidayYearParam, response: { 200: Holidays, ...errors } } },
    (req) => holidaysOfYear(app.context.db, req.user, req.params.year));

  r.post(base, { schema: { tags, body: NewHolidayList, response: { 201: Holidays, ...mutationErrors } } }, (req, reply) => mutation(req, reply, addHolidaysCommand, req.body));

  r.put(`${base}/year/:year`, { schema: { tags, params: HolidayYearParam, body: HolidayList, response: { 200: Holidays, ...mutationErrors } } }, (req, reply) => mutation(req, reply, saveYearCommand, { year: req.params.year, list: req.body }));

  r.delete(`${base}/:id`, { schema: { tags, params: IdParam, response: { 200: HolidayDeleteResult, ...mutationErrors } } }, (req, reply) => mutation(req, reply, deleteHolidayCommand, req.params.id));
}
