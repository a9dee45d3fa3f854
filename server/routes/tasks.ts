/** Tasks: add (answers the new task), update (the updated task), delete (TaskDeleteResult). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { mutation } from './mutation';
import { addTaskCommand, deleteTaskCommand, updateTaskCommand } from '../services/jobs/tasks';
import { AddTaskBody, DeleteTaskBody, mutationErrors, TaskDeleteResultSchema, TaskSchema, UpdateTaskBody } from './schemas';

const tags = ['Tasks'];

export async function taskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post('/Tasks', { schema: { tags, body: AddTaskBody, response: { 200: TaskSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, addTaskCommand, req.body));
  r.put('/Tasks', { schema: { tags, body: UpdateTaskBody, response: { 200: TaskSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, updateTaskCommand, req.body));
  r.delete('/Tasks', { schema: { tags, body: DeleteTaskBody, response: { 200: TaskDeleteResultSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, deleteTaskCommand, req.body));
}
