/**
 * Users (spec 1 §7) as Plumber objects (id = registration id). GET /api/Users for a plumber lists
 * only themselves (so "My profile" can find its own id); count and status changes are admin only.
 * GET /api/Users/count answers a bare number.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { UserStatus } from '../../src/domain/enums';
import { mutation } from './mutation';
import { changeUserStatusCommand, countUsers, getUser, listUsers, updateUserInformationCommand, type UserFilter } from '../services/users';
import { errors, IdParam, mutationErrors, PlumberSchema, UserInformationBody, UsersQuery, UserStatusBody } from './schemas';

const tags = ['Users'];

const filterOf = (q: Static<typeof UsersQuery>): UserFilter => ({ userStatus: q.userStatus ?? q.UserStatus, roleId: q.RoleId ?? q.roleId });

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/Users', { schema: { tags, querystring: UsersQuery, response: { 200: Type.Array(PlumberSchema), ...errors } } },
    (req) => listUsers(app.context.db, req.user, filterOf(req.query)));
  r.get('/Users/count', { schema: { tags, querystring: UsersQuery, response: { 200: Type.Integer(), ...errors } } },
    (req) => countUsers(app.context.db, req.user, filterOf(req.query)));
  r.get('/Users/:id', { schema: { tags, params: IdParam, response: { 200: PlumberSchema, ...errors } } },
    (req) => getUser(app.context.db, req.user, req.params.id));
  r.put('/Users', { schema: { tags, body: UserStatusBody, response: { 200: PlumberSchema, ...mutationErrors } } }, async (req, reply) => {
    await mutation(req, reply, changeUserStatusCommand, req.body);
    // After the commit: a user who may no longer sign in loses their open hub connections too.
    if (reply.statusCode === 200 && (req.body.status === UserStatus.Deactivated || req.body.status === UserStatus.Rejected)) {
      await app.hub.disconnectUser(req.body.id);
    }
  });
  r.put('/Users/userinformation', { schema: { tags, body: UserInformationBody, response: { 200: PlumberSchema, ...mutationErrors } } }, (req, reply) => mutation(req, reply, updateUserInformationCommand, req.body));
}
