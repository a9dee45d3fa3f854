/** Working hours (spec 3 §7): /api/WorkingHoursSetting. Shapes: src/domain/schemas/workingHours.ts. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  EmployeeWorkingDaySchema, WorkingHoursDeleteRequest, WorkingHoursDeleteResult, WorkingHoursFilterQuery,
  WorkingHoursSaveRequest, WorkingHoursSettingSchema,
} from '../../src/domain/schemas/workingHours';
import { badRequest } from '../http/errors';
import { mutation } from './mutation';
import { createHoursCommand, deleteHoursCommand, getCompanyHours, getEmployeeWeek, updateHoursCommand } from '../services/workingHours';
import { errors, mutationErrors } from './schemas';

const tags = ['WorkingHours'];
const Settings = Type.Array(WorkingHoursSettingSchema);
// The employee shape comes first: the serializer takes the first that fits, and a week's day (with
// its date) fits the company shape too.
const WeekOrSettings = Type.Union([Type.Array(EmployeeWorkingDaySchema), Settings]);

export async function workingHoursRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // One path, two questions (spec 3 §7): the company default by groupId, or an employee's ISO week.
  r.get('/WorkingHoursSetting/filter', {
    schema: { tags, querystring: WorkingHoursFilterQuery, response: { 200: WeekOrSettings, ...errors } },
  }, (req) => {
    const q = req.query;
    if (q.userRegistrationId !== undefined) {
      const year = q.Year ?? q.year;
      const weekNo = q.WeekNo ?? q.weekNo;
      if (year === undefined) throw badRequest('querystring/Year', 'is required with userRegistrationId');
      if (weekNo === undefined) throw badRequest('querystring/WeekNo', 'is required with userRegistrationId');
      return getEmployeeWeek(app.context.db, req.user, q.userRegistrationId, year, weekNo);
    }
    if (q.groupId === undefined) throw badRequest('querystring/groupId', 'or userRegistrationId with Year and WeekNo is required');
    return getCompanyHours(app.context.db, req.user, q.groupId);
  });

  r.post('/WorkingHoursSetting', { schema: { tags, body: WorkingHoursSaveRequest, response: { 201: WeekOrSettings, ...mutationErrors } } }, (req, reply) => mutation(req, reply, createHoursCommand, req.body));

  r.put('/WorkingHoursSetting', { schema: { tags, body: WorkingHoursSaveRequest, response: { 200: WeekOrSettings, ...mutationErrors } } }, (req, reply) => mutation(req, reply, updateHoursCommand, req.body));

  r.delete('/WorkingHoursSetting', { schema: { tags, body: WorkingHoursDeleteRequest, response: { 200: WorkingHoursDeleteResult, ...mutationErrors } } }, (req, reply) => mutation(req, reply, deleteHoursCommand, req.body));
}
