/**
 * A route's mutation: the request's Idempotency-Key and content hash in, the unit of work's result
 * out as the answer (services/unitOfWork.ts does the rest, for routes and workers alike).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
