/**
 * The owner's answer link (services/ownerAnswer.ts; shapes: src/domain/schemas/ownerAnswer.ts), public
 * doors with no sign-in:
 * - GET /api/ownerAnswer/{token}: the appointment the token names (only what its notice said).
 * - POST /api/ownerAnswer/{token} { answer: 'yes' | 'no' }: the owner's answer, applied once.
 *
 * Before anything else every request counts against its address (RATE_LIMIT_OWNER_ANSWER_PER_IP per
 * 15 minutes, whatever the outcome; past it 429). The token is checked (security/ownerLink.ts) before
 * the database is asked about any item: not ours, bent, or made for another purpose → 404; ours but
 * past the appointment's start → 410; both with a body that names nothing. The path holds the token:
 * the request log writes it redacted (context.ts redactUrl), and nothing here logs it.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { errorBody } from '../http/errors';
import { consume, tooMany } from '../security/rateLimit';
import { OWNER_ANSWER_PURPOSE, ownerLinkSecret, verifyToken } from '../security/ownerLink';
import { answerByLink, ownerAppointment } from '../services/ownerAnswer';
import { OwnerAnswerBodySchema, OwnerAnswerResultSchema, OwnerAnswerTokenParam, OwnerAppointmentSchema } from '../../src/domain/schemas/ownerAnswer';
import { ErrorBody } from './schemas';

const WINDOW_MS = 15 * 60_000;
const tags = ['Owner answer link'];
const NOT_VALID = errorBody(404, 'This link is not valid');
const EXPIRED = errorBody(410, 'This link has expired');

export async function ownerAnswerRoutes(app: FastifyInstance) {
  const { db, config } = app.context;
  const max = config.rateLimit.ownerAnswerPerIp;

  app.addHook('onRequest', async (req, reply) => {
    const state = await consume(db, `owner-answer:${req.ip}`, WINDOW_MS).catch((err: unknown) => {
      req.log.warn({ err }, 'owner answer rate limit not counted');
      return null;
    });
    if (state && state.count > max) return tooMany(reply, max, state);
  });

  /** The item id of a valid token, or the refusal's status and body. */
  const check = async (token: string): Promise<{ itemId: number } | { status: number; body: typeof NOT_VALID }> => {
    const verdict = verifyToken(await ownerLinkSecret(db), OWNER_ANSWER_PURPOSE, token);
    if (verdict.ok) return { itemId: verdict.itemId };
    return verdict.reason === 'expired' ? { status: 410, body: EXPIRED } : { status: 404, body: NOT_VALID };
  };

  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const refusals = { 400: ErrorBody, 404: ErrorBody, 410: ErrorBody, 429: ErrorBody };

  r.get('/ownerAnswer/:token', {
    config: { public: true },
    schema: { tags, security: [], params: OwnerAnswerTokenParam, response: { 200: OwnerAppointmentSchema, ...refusals } },
  }, async (req, reply) => {
    const token = await check(req.params.token);
    if (!('itemId' in token)) return reply.code(token.status).send(token.body);
    const appointment = await ownerAppointment(db, token.itemId);
    if (!appointment) return reply.code(404).send(NOT_VALID);
    return reply.header('cache-control', 'no-store').send(appointment);
  });

  r.post('/ownerAnswer/:token', {
    config: { public: true },
    schema: { tags, security: [], params: OwnerAnswerTokenParam, body: OwnerAnswerBodySchema, response: { 200: OwnerAnswerResultSchema, ...refusals } },
  }, async (req, reply) => {
    const token = await check(req.params.token);
    if (!('itemId' in token)) return reply.code(token.status).send(token.body);
    const result = await answerByLink(app.context, token.itemId, req.body.answer);
    if (!result) return reply.code(404).send(NOT_VALID);
    return reply.header('cache-control', 'no-store').send(result);
  });
}
