/**
 * Twilio's callbacks (sms/twilio.ts), public doors with no sign-in: Twilio proves each request with
 * X-Twilio-Signature (Twilio's "Webhooks security"; verifyTwilioSignature), and one without a valid
 * signature is answered 403 with nothing read or written. Served only when SMS_PROVIDER=twilio;
 * otherwise these paths are not routes at all (404).
 *
 * - POST /api/sms/provider/twilio/status: a message's status changed (MessageSid, MessageStatus,
 *   ErrorCode). A final one moves the message (services/sms.ts recordReport, once: a repeated or late
 *   callback changes nothing). 204.
 * - POST /api/sms/provider/twilio/inbound: an owner answered (MessageSid, From, To, Body): the reply is
 *   recorded and applied once per MessageSid (services/smsReplies.ts receiveReply, spec 2 §4). An empty
 *   TwiML <Response/> (text/xml), so Twilio sends no answer of its own.
 *
 * Bodies are form-encoded (the only form Twilio posts them in), at most 16 KB, each field bounded by
 * the route's schema. The signature is checked over the URL Twilio was given (PUBLIC_BASE_URL and the
 * path as requested; never the Host or X-Forwarded-Host a request claims), before the schema is. Besides
 * the per-address limit every request counts against (security/rateLimit.ts), an address that sent
 * RATE_LIMIT_PROVIDER_REFUSALS_PER_IP unsigned or wrongly signed requests in 15 minutes is answered 429
 * until the window ends. Phone numbers and texts are never logged.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { TwilioConfig } from '../config';
import { errorBody } from '../http/errors';
import { InputError } from '../security/input';
import { consume, peek, tooMany } from '../security/rateLimit';
import { isStorableText } from '../security/text';
import { recordReport } from '../services/sms';
import { receiveReply } from '../services/smsReplies';
import { TWILIO_INBOUND_PATH, TWILIO_STATUS_PATH, twilioReport, verifyTwilioSignature } from '../sms/twilio';
import { ErrorBody } from './schemas';

const FORM = 'application/x-www-form-urlencoded';
const BODY_LIMIT = 16 * 1024;
const REFUSALS_WINDOW_MS = 15 * 60_000;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const E164 = /^\+[1-9][0-9]{6,14}$/;
const MAX_VALUE = 2000;
const MAX_REPEATS = 10;
const MAX_FIELDS = 100;

const tags = ['SMS provider (Twilio callbacks)'];
/** Every other parameter Twilio sends (AccountSid, ApiVersion, SmsSid, NumSegments, FromCity…), bounded. */
const OtherParam = Type.Union([Type.String({ maxLength: MAX_VALUE }), Type.Array(Type.String({ maxLength: MAX_VALUE }), { maxItems: MAX_REPEATS })]);
const MessageSid = Type.String({ pattern: '^(SM|MM)[0-9a-fA-F]{32}$', description: 'Twilio\'s id of the message' });

const StatusCallbackBody = Type.Object({
  MessageSid,
  MessageStatus: Type.String({ maxLength: 32, description: 'queued, sending, sent, delivered, undelivered, failed…' }),
  ErrorCode: Type.Optional(Type.String({ maxLength: 10, pattern: '^[0-9]*$' })),
}, { additionalProperties: OtherParam, maxProperties: MAX_FIELDS });

const InboundBody = Type.Object({
  MessageSid,
  From: Type.String({ minLength: 1, maxLength: 32 }),
  To: Type.String({ minLength: 1, maxLength: 32 }),
  Body: Type.String({ maxLength: 1600 }),
}, { additionalProperties: OtherParam, maxProperties: MAX_FIELDS });

/** A form body as Fastify hands it on: each name once, a name given more than once with all its values. */
type FormBody = Record<string, string | string[]>;

function parseForm(text: string): FormBody {
  const out: FormBody = Object.create(null) as FormBody;
  for (const [name, value] of new URLSearchParams(text)) {
    const had = out[name];
    out[name] = had === undefined ? value : [had, value].flat();
  }
  return out;
}

function pairsOf(body: unknown): [string, string][] {
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body as FormBody).flatMap(([name, v]) => [v].flat().map((one): [string, string] => [name, one]));
}

/** A name fit to be a field path (src/domain/errorField.ts), else the body as a whole. */
const fieldOf = (name: string) => (/^[A-Za-z0-9_]{1,64}$/.test(name) ? `body/${name}` : 'body');

export async function smsProviderRoutes(app: FastifyInstance) {
  const { config, db } = app.context;
  if (config.sms.provider !== 'twilio') return;
  const twilio: TwilioConfig = config.sms.twilio;
  const maxRefusals = config.rateLimit.providerRefusalsPerIp;
  const refusalsKey = (req: FastifyRequest) => `provider-refused:${req.ip}`;

  const refuse = async (req: FastifyRequest, reply: FastifyReply, why: string) => {
    try {
      await consume(db, refusalsKey(req), REFUSALS_WINDOW_MS);
    } catch (err) {
      req.log.warn({ err }, 'provider refusal not counted');
    }
    req.log.warn({ route: req.routeOptions.url }, `Twilio callback refused: ${why}`);
    return reply.code(403).send(errorBody(403, 'The request does not carry a valid X-Twilio-Signature'));
  };

  // Only what Twilio posts, at most 16 KB; read as text, so the signature covers exactly what was sent.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, parseForm(body as string)));

  // Before the body is read: an address past its refusals waits; a request with no signature is refused.
  app.addHook('onRequest', async (req, reply) => {
    const refused = await peek(db, refusalsKey(req)).catch(() => 0);
    if (refused >= maxRefusals) return tooMany(reply, maxRefusals, { count: refused + 1, ttlMs: REFUSALS_WINDOW_MS });
    if (!req.headers['x-twilio-signature']) return refuse(req, reply, 'no signature');
    const type = req.headers['content-type'];
    if (type !== undefined && type.split(';')[0].trim().toLowerCase() !== FORM) {
      return reply.code(415).send(errorBody(415, `Twilio posts ${FORM}`));
    }
  });

  // The signature before the schema: a request Twilio did not sign learns nothing of what we expect.
  app.addHook('preValidation', async (req, reply) => {
    const header = req.headers['x-twilio-signature'];
    const pairs = pairsOf(req.body);
    if (!verifyTwilioSignature(twilio.authToken, typeof header === 'string' ? header : undefined, `${twilio.publicBaseUrl}${req.url}`, pairs)) {
      return refuse(req, reply, 'wrong signature');
    }
    // The schema bounds every field too; these name a field whatever its name (the schema's errors name it as given).
    const names = new Map<string, number>();
    for (const [name, value] of pairs) {
      if (!isStorableText(name) || !isStorableText(value)) throw new InputError(fieldOf(name), 'must not contain NUL or unpaired surrogate characters');
      if (value.length > MAX_VALUE) throw new InputError(fieldOf(name), `must not be longer than ${MAX_VALUE} characters`);
      names.set(name, (names.get(name) ?? 0) + 1);
      if (names.get(name)! > MAX_REPEATS) throw new InputError(fieldOf(name), `must not be given more than ${MAX_REPEATS} times`);
    }
    if (names.size > MAX_FIELDS) throw new InputError('body', `must not have more than ${MAX_FIELDS} fields`);
  });

  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const refusals = { 400: ErrorBody, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody };

  r.post(TWILIO_STATUS_PATH.replace(/^\/api/, ''), {
    config: { public: true },
    schema: {
      tags, consumes: [FORM], security: [], body: StatusCallbackBody,
      response: { 204: Type.Null({ description: 'Recorded (or nothing to record)' }), ...refusals },
    },
  }, async (req, reply) => {
    const code = req.body.ErrorCode ? Number(req.body.ErrorCode) : null;
    const report = twilioReport(req.body.MessageStatus, code);
    if (report.state !== 'pending') await recordReport(app.context, req.body.MessageSid, report);
    return reply.code(204).send(null);
  });

  r.post(TWILIO_INBOUND_PATH.replace(/^\/api/, ''), {
    config: { public: true },
    schema: {
      tags, consumes: [FORM], security: [], body: InboundBody,
      response: { 200: { description: 'An empty TwiML answer: Twilio sends nothing back', content: { 'text/xml': { schema: Type.String() } } }, ...refusals },
    },
  }, async (req, reply) => {
    const { MessageSid: providerMessageId, From: from, To: to, Body: text } = req.body;
    // A message from a sender that is no phone number (a carrier's short code) answers no notice.
    if (E164.test(from)) await receiveReply(app.context, { providerMessageId, from, to, text, receivedAt: new Date() });
    else req.log.info({ providerMessageId }, 'Twilio inbound message from a sender that is not a phone number: not read as a reply');
    return reply.code(200).type('text/xml; charset=utf-8').send(EMPTY_TWIML);
  });
}
