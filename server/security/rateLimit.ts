/**
 * Rate limits whose counts live in PostgreSQL (table rate_limits), so every server process behind a
 * load balancer sees the same numbers: every request per client address (this plugin's hook, first of
 * all hooks), signed-in API requests per user, sign-ins per account and address pair (and the spacing
 * of an attacked account's tries), registrations per address. (@fastify/rate-limit was tried: its hooks run per route, after the sign-in check, so a
 * flood of bad tokens went uncounted.)
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index';

export interface LimitState {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

const CLEANUP_MS = 10 * 60 * 1000;

/** Counts one request for `key` in a fixed window of `windowMs`; one atomic statement, safe in parallel. */
export async function consume(db: Db, key: string, windowMs: number): Promise<LimitState> {
  const { rows } = await db.execute<{ count: number; ttl_ms: number }>(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl_ms`);
  return { count: Number(rows[0].count), ttlMs: Math.max(0, Number(rows[0].ttl_ms)) };
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

/**
 * Every request counts against its client address, before anything else runs (sign-in included,
 * so a flood of bad tokens is limited too). Limits per user and per account are added where the
 * user or account is known (server/auth).
 */
async function rateLimits(app: FastifyInstance) {
  const { config, db } = app;
  const max = config.rateLimit.perIpPerMinute;
  app.addHook('onRequest', async (req, reply) => {
    let state: LimitState;
    try {
      state = await consume(db, `ip:${req.ip}`, 60_000);
    } catch (err) {
      // A limit that cannot be counted (database gone) must not take the whole product down with it.
      req.log.warn({ err }, 'rate limit not counted');
      return;
    }
    if (state.count > max) return tooMany(reply, max, state);
  });

  const cleanup = setInterval(() => {
    db.execute(sql`delete from rate_limits where reset_at < now()`).catch((err) => app.log.warn({ err }, 'rate-limit cleanup failed'));
  }, CLEANUP_MS);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}

export const rateLimitPlugin = fp(rateLimits, { name: 'meterwork-rate-limit' });
