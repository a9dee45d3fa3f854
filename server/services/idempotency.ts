/**
 * Idempotent mutations (DESIGN.md "Outbox"). A mutating request may carry an Idempotency-Key; the
 * work runs in one transaction that also stores {status, response} under (user, key). A repeat of
 * the key by the same user gets the stored answer and changes nothing; the same key on a different
 * request gets 422. A per-key advisory lock makes a concurrent duplicate wait for the first and then
 * read its stored answer. Failed requests (4xx) roll back and store nothing, so retrying a key whose
 * first attempt failed runs the work again.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from './errors';
import { changesOf, type Tx } from './tx';
import { publishChanges } from './notify';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 200;

export interface MutationResult {
  status: number;
  body: unknown;
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256').update(JSON.stringify([request.method, request.url, request.body ?? null])).digest('hex');
}

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined) return null;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new HttpError(400, `Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  return key;
}

/**
 * Runs `work` in a transaction, idempotently when the request has a key, and sends its result.
 * `contentHash` stands for a body Fastify did not parse (a multipart upload: its fields and file hash);
 * `afterCommit` runs once the transaction has committed, before the answer goes out.
 */
export async function runMutation(
  request: FastifyRequest, reply: FastifyReply, work: (tx: Tx) => Promise<MutationResult>, contentHash?: string, afterCommit?: () => Promise<void>,
): Promise<void> {
  const key = keyOf(request);
  const userId = request.user.userId;
  let changed: ReturnType<typeof changesOf> = [];
  const result = await request.server.db.transaction(async (tx) => {
    const run = async () => {
      const out = await work(tx);
      changed = changesOf(tx);
      return out;
    };
    if (!key) return { ...(await run()), replayed: false };
    const hash = contentHash ? createHash('sha256').update(JSON.stringify([request.method, request.url, contentHash])).digest('hex') : requestHash(request);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`idem:${userId}:${key}`}, 0))`);
    const [stored] = await tx.select().from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))).limit(1);
    if (stored) {
      if (stored.requestHash !== hash) {
        throw new HttpError(422, `Idempotency-Key "${key}" was already used for a different request (${stored.method} ${stored.path})`);
      }
      return { status: stored.statusCode, body: stored.response, replayed: true };
    }
    const out = await run();
    await tx.insert(idempotencyKeys).values({
      userId, key, method: request.method, path: request.url.split('?')[0], requestHash: hash,
      statusCode: out.status, response: out.body as Record<string, unknown>,
    });
    return { ...out, replayed: false };
  });
  await afterCommit?.();
  // Published from what the mutation changed, after its commit (a replay changed nothing).
  if (changed.length) await publishChanges(request, changed);
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  reply.code(result.status).send(result.body);
}
