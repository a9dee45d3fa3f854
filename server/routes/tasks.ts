/** Tasks: add (answers the new task), update (the updated task), delete (TaskDeleteResult). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { runMutation } from './mutation';
import { jobsLockOf } from '../services/jobs/mutationChecks';
import { addTask, deleteTask, updateTask } from '../services/jobs/tasks';
import { AddTaskBody, DeleteTaskBody, mutationErrors, TaskDeleteResultSchema, TaskSchema, UpdateTaskBody } from './schemas';

const tags = ['Tasks'];

export async function taskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post('/Tasks', { schema: { tags, body: AddTaskBody, response: { 200: TaskSchema, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 200, body: await addTask(w, req.user, req.body) }), { lockFirst: jobsLockOf(req.user) });
  });
  r.put('/Tasks', { schema: { tags, body: UpdateTaskBody, response: { 200: TaskSchema, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 200, body: await updateTask(w, req.user, req.body) }), { lockFirst: jobsLockOf(req.user) });
  });
  r.delete('/Tasks', { schema: { tags, body: DeleteTaskBody, response: { 200: TaskDeleteResultSchema, ...mutationErrors } } }, async (req, reply) => {
    await runMutation(req, reply, async (w) => ({ status: 200, body: await deleteTask(w, req.user, req.body) }), { lockFirst: jobsLockOf(req.user) });
  });
}
