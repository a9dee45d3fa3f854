/**
 * Jobs at the spec's paths (spec 1 §7). Shapes decided here (the spec shows none):
 * - POST /api/Jobs answers 200 with the new job id as a JSON string.
 * - PUT /api/Jobs answers the updated job for update, note and completion, and the updated jobs
 *   (array) for reassignment.
 * - DELETE /api/Jobs answers { deletedJobIds }, and for cancelled automatically created jobs also
 *   their cancelled schedule items and the SMS sent or not (DeletedJobsSchema).
 * - POST /api/jobs/task/{taskId} (save draft when the body's isDraft is true, else send report)
 *   answers the updated job.
 * - GET /api/Jobs takes the list filters and returns every matching job (no paging).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { JOB_LIST_PAGE_SIZE } from '../../src/domain/constants';
import { mutation } from './mutation';
import { allJobs, getJob, jobsPage, plumberJobCounts } from '../services/jobs/read';
import { saveTaskReportCommand } from '../services/jobs/report';
import { createJobCommand, deleteJobsCommand, putJobsCommand } from '../services/jobs/mutations';
import {
  ALL_JOBS_PAGE_MAX, AllJobsQuery, CreateJobBody, DeleteJobsBody, DeletedJobsSchema, errors, IdParam, JobListQuery, JobSchema, JobsPageSchema, mutationErrors, PlumberJobCountsSchema,
  PutJobsBody, TaskReportBody, Uuid, UuidParam,
} from './schemas';

const tags = ['Jobs'];
/** A reassignment's answer (PUT /api/Jobs with jobsList): one schema object, so its serializer is compiled once. */
const JobListSchema = Type.Array(JobSchema);

export async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/Jobs/GetJobsPage', { schema: { tags, querystring: JobListQuery, response: { 200: JobsPageSchema, ...errors } } }, (req) => {
    const { pageNumber = 1, pageSize = JOB_LIST_PAGE_SIZE, ...filter } = req.query;
    return jobsPage(app.context.db, req.user, filter, pageNumber, pageSize);
  });

  r.get('/Jobs', { schema: { tags, querystring: AllJobsQuery, response: { 200: Type.Array(JobSchema), ...errors } } },
    (req) => allJobs(app.context.db, req.user, req.query, req.query.pageNumber ?? 1, req.query.pageSize ?? ALL_JOBS_PAGE_MAX));

  r.get('/jobs/:id', { schema: { tags, params: UuidParam, response: { 200: JobSchema, ...errors } } },
    (req) => getJob(app.context.db, req.user, req.params.id));

  r.get('/Jobs/details/plumber/:id', { schema: { tags, params: IdParam, response: { 200: PlumberJobCountsSchema, ...errors } } },
    (req) => plumberJobCounts(app.context.db, req.user, req.params.id));

  r.post('/Jobs', { schema: { tags, body: CreateJobBody, response: { 200: Uuid, ...mutationErrors } } }, (req, reply) => mutation(req, reply, createJobCommand, req.body));

  r.put('/Jobs', {
    schema: { tags, body: PutJobsBody, response: { 200: Type.Union([JobSchema, JobListSchema]), ...mutationErrors } },
  }, (req, reply) => mutation(req, reply, putJobsCommand, req.body, {
    // One job, or the list a reassignment answers: serialized by its own shape, not by validating
    // it against the union's shapes in turn (Ajv on every answer, in every end-of-day note, and
    // the validators compiled on a server's first answer, during that sync).
    serializeSuccess: (rep, answer) => rep.serializeInput(answer as Record<string, unknown>, (Array.isArray(answer) ? JobListSchema : JobSchema) as unknown as Record<string, unknown>),
  }));

  r.delete('/Jobs', {
    schema: { tags, body: DeleteJobsBody, response: { 200: DeletedJobsSchema, ...mutationErrors } },
  }, (req, reply) => mutation(req, reply, deleteJobsCommand, req.body));

  r.post('/jobs/task/:taskId', {
    schema: { tags, params: Type.Object({ taskId: Uuid }), body: TaskReportBody, response: { 200: JobSchema, ...mutationErrors } },
  }, (req, reply) => mutation(req, reply, saveTaskReportCommand, { taskId: req.params.taskId, body: req.body }));
}
