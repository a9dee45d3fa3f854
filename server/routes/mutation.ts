/**
 * A route's mutation: the request's Idempotency-Key and content hash in, the unit of work's result
 * out as the answer (services/unitOfWork.ts does the rest, for routes and workers alike). A route is
 * the declaration of its service's command (services/command.ts): `mutation(cmd, (req) => input)`
 * runs it with the lock and status the service's module declared.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Command } from '../services/command';
import { runIdempotent, type IdempotencyKey, type MutationResult, type Work } from '../services/unitOfWork';
import { HttpError } from '../http/errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 200;

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return null;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new HttpError(400, `Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  return key;
}

function idempotencyOf(request: FastifyRequest, contentHash?: string): IdempotencyKey | null {
  const key = keyOf(request);
  if (!key) return null;
  const content = contentHash ?? request.body ?? null;
  return {
    userId: request.user.userId, key, method: request.method, path: request.url.split('?')[0],
    requestHash: createHash('sha256').update(JSON.stringify([request.method, request.url, content])).digest('hex'),
  };
}

export interface MutationOptions {
  /** Stands for a body Fastify did not parse (a multipart upload: its fields and file hash). */
  contentHash?: string;
  /** Runs once the transaction has committed, before the answer goes out. */
  afterCommit?: () => Promise<void>;
  /** The advisory lock the work takes first (a job mutation: its company's), taken with the unit of work's first statement. */
  lockFirst?: string;
  /**
   * Writes a success's body (its JSON text) where the route's response schema would pick among
   * several shapes by validating the body against each (a union): the route knows which it is.
   */
  serializeSuccess?: (reply: FastifyReply, body: unknown) => string;
}

/** Runs `work` as the request's unit of work, idempotently when the request has a key, and sends its result. */
export async function runMutation(
  request: FastifyRequest, reply: FastifyReply, work: (w: Work) => Promise<MutationResult>, opts: MutationOptions = {},
): Promise<void> {
  const { contentHash, afterCommit, lockFirst, serializeSuccess } = opts;
  const result = await runIdempotent(request.server.context, idempotencyOf(request, contentHash), work, { afterCommit, lockFirst });
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  reply.code(result.status);
  if (serializeSuccess && result.status >= 200 && result.status < 300) {
    reply.type('application/json; charset=utf-8').send(serializeSuccess(reply, result.body));
  } else reply.send(result.body);
}

/** What a command's route may add (see MutationOptions); the lock is the command's. */
export type CommandRouteOptions = Omit<MutationOptions, 'lockFirst'>;

/**
 * Runs `cmd` (its service's declaration) on `input` as the request's mutation (runMutation): the
 * command's lock first, its status, its value (or the body it makes of it) as the answer. A route's
 * handler is one call: `(req, reply) => mutation(req, reply, createJobCommand, req.body)`.
 */
export async function mutation<I, R>(
  request: FastifyRequest, reply: FastifyReply, cmd: Command<I, R>, input: I, opts: CommandRouteOptions = {},
): Promise<void> {
  await runMutation(request, reply, async (w) => {
    const value = await cmd.run(w, request.user, input);
    return { status: typeof cmd.status === 'number' ? cmd.status : cmd.status(value), body: cmd.body ? cmd.body(value) : value };
  }, { ...opts, lockFirst: cmd.lock?.(request.user) });
}
