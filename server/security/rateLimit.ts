/**
 * Rate limits whose counts live in PostgreSQL (table rate_limits), so every server process behind a
 * load balancer sees the same numbers: every request per client address (this plugin's hook, first of
 * all hooks), signed-in API requests per user, sign-ins per account and address pair (and the spacing
 * of an attacked account's tries), registrations per address. (@fastify/rate-limit was tried: its hooks run per route, after the sign-in check, so a
 * flood of bad tokens went uncounted.)
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/index';
import { isSignedInRoute } from '../http/paths';

export interface LimitState {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

const CLEANUP_MS = 10 * 60 * 1000;

/**
 * The upsert that counts `by` requests (one unless said) for `key` in a fixed window of `windowMs`,
 * returning the count and the milliseconds left as `<as>_count` and `<as>_ttl_ms`. `after` names a
 * CTE of the same statement whose row must exist first: counts taken in one statement lock their
 * rows in that order.
 */
export function countSql(key: string, windowMs: number, as: string, after?: string, by = 1): SQL {
  const row = after
    ? sql`select ${key}, ${by}::int, now() + ${windowMs} * interval '1 millisecond' from ${sql.identifier(after)}`
    : sql`values (${key}, ${by}::int, now() + ${windowMs} * interval '1 millisecond')`;
  return sql`
    insert into rate_limits (key, count, reset_at) ${row}
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count as ${sql.identifier(`${as}_count`)}, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ${sql.identifier(`${as}_ttl_ms`)}`;
}

/**
 * Counts `by` requests against an address and a user in one statement (address first, as every
 * signed-in request counts them): the commands of a bundle (routes/bundle.ts), counted together.
 */
export async function consumeMany(db: Db, address: string, user: string, windowMs: number, by: number): Promise<{ address: LimitState; user: LimitState }> {
  const { rows } = await db.execute<{ address_count: number; address_ttl_ms: number; user_count: number; user_ttl_ms: number }>(sql`
    with address as (${countSql(address, windowMs, 'address', undefined, by)}),
    counted as (${countSql(user, windowMs, 'user', 'address', by)})
    select address_count, address_ttl_ms, user_count, user_ttl_ms from address cross join counted`);
  const [row] = rows;
  return { address: limitState(row.address_count, row.address_ttl_ms), user: limitState(row.user_count, row.user_ttl_ms) };
}

/** A count as countSql returned it. */
export function limitState(count: number | string, ttlMs: number | string): LimitState {
  return { count: Number(count), ttlMs: Math.max(0, Number(ttlMs)) };
}

/** Counts one request for `key` in a fixed window of `windowMs`; one atomic statement, safe in parallel. */
export async function consume(db: Db, key: string, windowMs: number): Promise<LimitState> {
  const { rows } = await db.execute<{ n_count: number; n_ttl_ms: number }>(countSql(key, windowMs, 'n'));
  return limitState(rows[0].n_count, rows[0].n_ttl_ms);
}

/** The count of `key` in its current window, without counting anything (0 when none is running). */
export async function peek(db: Db, key: string): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`select count from rate_limits where key = ${key} and reset_at > now()`);
  return rows.length ? Number(rows[0].count) : 0;
}

export type Slot = { ok: true; waitMs: number } | { ok: false; retryMs: number };

/**
 * Spaces requests for `key` `spacingMs` apart across every process: the caller waits `waitMs` for its
 * turn. When the turn is further away than `maxWaitMs` nothing is booked and the caller is refused.
 * rate_limits.reset_at holds the next free turn.
 */
export async function takeSlot(db: Db, key: string, spacingMs: number, maxWaitMs: number): Promise<Slot> {
  const { rows } = await db.execute<{ wait_ms: number }>(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + ${spacingMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = rate_limits.count + 1,
      reset_at = greatest(rate_limits.reset_at, now()) + ${spacingMs} * interval '1 millisecond'
    where rate_limits.reset_at <= now() + ${maxWaitMs} * interval '1 millisecond'
    returning greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000) - ${spacingMs})::int as wait_ms`);
  if (rows.length) return { ok: true, waitMs: Number(rows[0].wait_ms) };
  const { rows: next } = await db.execute<{ ms: number }>(sql`
    select ceil(extract(epoch from (reset_at - now())) * 1000)::int as ms from rate_limits where key = ${key}`);
  return { ok: false, retryMs: Math.max(1000, Number(next[0]?.ms ?? spacingMs) - maxWaitMs) };
}

/** Forgets a key, e.g. an address's failed sign-ins on an account once the right password came. */
export async function forget(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

export function retryAfterSeconds(state: Pick<LimitState, 'ttlMs'>): number {
  return Math.max(1, Math.ceil(state.ttlMs / 1000));
}

/** Sets the headers a limited answer carries (RFC 9110 Retry-After, and the draft RateLimit fields). */
export function limitHeaders(reply: FastifyReply, max: number, state: LimitState) {
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', Math.max(0, max - state.count));
  reply.header('x-ratelimit-reset', retryAfterSeconds(state));
  if (state.count > max) reply.header('retry-after', retryAfterSeconds(state));
}

/** 429 with Retry-After, in the API's error shape (spec 1 §8). */
export function tooMany(reply: FastifyReply, max: number, state: LimitState) {
  limitHeaders(reply, max, state);
  return reply.code(429).send({ statusCode: 429, error: 'Too Many Requests', message: `Too many requests: try again in ${retryAfterSeconds(state)} s` });
}

/** The key a client address is counted under. */
export const addressKey = (ip: string) => `ip:${ip}`;
export const userKey = (userId: string) => `user:${userId.toLowerCase()}`;
export const REQUEST_WINDOW_MS = 60_000;

/**
 * Counts a request against its client address; answers 429 (and returns true) past the limit. A
 * limit that cannot be counted (database gone) must not take the whole product down with it.
 */
export async function countAddress(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const max = app.context.config.rateLimit.perIpPerMinute;
  let state: LimitState;
  try {
    state = await consume(app.context.db, addressKey(req.ip), REQUEST_WINDOW_MS);
  } catch (err) {
    req.log.warn({ err }, 'rate limit not counted');
    return false;
  }
  if (state.count <= max) return false;
  void tooMany(reply, max, state);
  return true;
}

/**
 * Every request counts against its client address, before anything else is answered (sign-in
 * included, so a flood of bad tokens is limited too). Limits per user and per account are added
 * where the user or account is known (server/auth). A signed-in API route's request is counted by
 * the sign-in hook (server/auth/index.ts), in every outcome: with a valid token the address, the
 * user and the user's account are one statement (one round trip instead of three).
 */
async function rateLimits(app: FastifyInstance) {
  const { db } = app.context;
  app.addHook('onRequest', async (req, reply) => {
    if (isSignedInRoute(req)) return;
    if (await countAddress(app, req, reply)) return reply;
  });

  const cleanup = setInterval(() => {
    db.execute(sql`delete from rate_limits where reset_at < now()`).catch((err) => app.log.warn({ err }, 'rate-limit cleanup failed'));
  }, CLEANUP_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}

export const rateLimitPlugin = fp(rateLimits, { name: 'meterwork-rate-limit' });
