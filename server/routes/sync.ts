/** GET /api/sync/changes?since=<cursor>: the change feed (see services/sync.ts). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { changeFeed } from '../services/sync';
import { ChangeFeedQuery, ChangeFeedSchema, errors } from './schemas';

export async function syncRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get('/sync/changes', {
    schema: { tags: ['Sync'], querystring: ChangeFeedQuery, response: { 200: ChangeFeedSchema, ...errors } },
  }, (req) => changeFeed(app.context.db, req.user, req.query.since));
}
