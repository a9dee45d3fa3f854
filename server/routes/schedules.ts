/**
 * Schedules, their items and the batch (spec 2 §7). Shapes and the decisions the spec leaves open:
 * src/domain/schemas/scheduling.ts. Paths are matched case-insensitively (app.ts), so /api/Schedule
 * and /api/schedule are one route.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BatchJobQuery, BatchJobStateSchema, ScheduleCreateRequest, ScheduleDetailQuery, ScheduleIdParam, ScheduleItemDeleteResult,
  ScheduleItemIdsBody, ScheduleItemSchema, ScheduleItemUpdateBody, ScheduleQuery, SchedulerRequest, ScheduleSchema,
  ScheduleSummarySchema, ScheduleUpdateRequest, PlanningWeekQuery, WeekFactsSchema, SingleItemRequest, BlacklistQuery, BlacklistEntrySchema,
  ScheduleItemNoteBody,
} from '../../src/domain/schemas/scheduling';
import {
  activateScheduleCommand, createScheduleCommand, deleteScheduleItemsCommand, planningWeek, plumberSchedules, schedulePlanningWeek, scheduleBatchState, scheduleById,
  updateScheduleCommand, updateScheduleItemsCommand, weekSchedule,
} from '../services/scheduling/schedules';
import { submitScheduleCommand } from '../services/scheduling/submit';
import { dropItemCommand, saveItemNoteCommand, scheduleBlacklist } from '../services/scheduling/singleItem';
import { mySchedule } from '../services/scheduling/mySchedule';
import { MyScheduleQuery, MyScheduleSchema } from '../../src/domain/schemas/mySchedule';
import { mutation } from './mutation';
import { errors, mutationErrors } from './schemas';

const tags = ['Schedule'];

export async function scheduleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/Schedule', { schema: { tags, querystring: ScheduleQuery, response: { 200: ScheduleSchema, ...errors } } },
    (req) => weekSchedule(app.context.db, req.user, req.query.assigneeId, req.query.year, req.query.weekNo));

  r.get('/Schedule/mine', { schema: { tags, querystring: MyScheduleQuery, response: { 200: MyScheduleSchema, ...errors } } },
    (req) => mySchedule(app.context.db, req.user, req.query));

  r.get('/Schedule/planningWeek', { schema: { tags, querystring: PlanningWeekQuery, response: { 200: WeekFactsSchema, ...errors } } },
    (req) => planningWeek(app.context.db, req.user, req.query.assigneeId, req.query.year, req.query.weekNo));

  r.get('/Schedule/:id/planningWeek', { schema: { tags, params: ScheduleIdParam, response: { 200: WeekFactsSchema, ...errors } } },
    (req) => schedulePlanningWeek(app.context.db, req.user, req.params.id));

  r.post('/Schedule', { schema: { tags, body: ScheduleCreateRequest, response: { 200: ScheduleSchema, 201: ScheduleSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, createScheduleCommand, req.body));

  r.get('/Schedule/:id', { schema: { tags, params: ScheduleIdParam, querystring: ScheduleDetailQuery, response: { 200: ScheduleSchema, ...errors } } },
    (req) => scheduleById(app.context.db, req.user, req.params.id, req.query.detailedResponse ?? true));

  r.get('/schedule/plumber/:id', { schema: { tags, params: ScheduleIdParam, response: { 200: Type.Array(ScheduleSummarySchema), ...errors } } },
    (req) => plumberSchedules(app.context.db, req.user, req.params.id));

  r.put('/schedule/:id', { schema: { tags, params: ScheduleIdParam, body: ScheduleUpdateRequest, response: { 200: ScheduleSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, updateScheduleCommand, { id: req.params.id, body: req.body }));

  r.put('/schedule/:id/scheduleitems', {
    schema: { tags, params: ScheduleIdParam, body: ScheduleItemUpdateBody, response: { 200: Type.Array(ScheduleItemSchema), ...mutationErrors } },
  }, (req, reply) => mutation(req, reply, updateScheduleItemsCommand, { id: req.params.id, body: req.body }));

  r.post('/schedule/:id/activate', { schema: { tags, params: ScheduleIdParam, response: { 200: ScheduleSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, activateScheduleCommand, req.params.id));

  r.delete('/ScheduleItem/scheduleitemid/:id', { schema: { tags, params: ScheduleIdParam, response: { 200: ScheduleItemDeleteResult, ...mutationErrors } } }, (req, reply) => mutation(req, reply, deleteScheduleItemsCommand, [req.params.id]));

  r.delete('/ScheduleItem', { schema: { tags, body: ScheduleItemIdsBody, response: { 200: ScheduleItemDeleteResult, ...mutationErrors } } }, (req, reply) => mutation(req, reply, deleteScheduleItemsCommand, req.body));

  r.post('/Scheduler', { schema: { tags, body: SchedulerRequest, response: { 202: BatchJobStateSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, submitScheduleCommand, req.body));

  r.get('/ScheduleItemBatchJob', { schema: { tags, querystring: BatchJobQuery, response: { 200: BatchJobStateSchema, ...errors } } },
    (req) => scheduleBatchState(app.context.db, req.user, req.query.scheduleId, req.query.year, req.query.weekNumber));

  r.post('/Scheduler/singleitem', { schema: { tags, body: SingleItemRequest, response: { 200: ScheduleItemSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, dropItemCommand, req.body));

  r.get('/ScheduleBlacklist', { schema: { tags, querystring: BlacklistQuery, response: { 200: Type.Array(BlacklistEntrySchema), ...errors } } },
    (req) => scheduleBlacklist(app.context.db, req.user, req.query));

  r.put('/scheduleitem/:id', { schema: { tags, params: ScheduleIdParam, body: ScheduleItemNoteBody, response: { 200: ScheduleItemSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, saveItemNoteCommand, { id: req.params.id, body: req.body }));
}
