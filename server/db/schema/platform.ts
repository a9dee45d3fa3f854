/** What the platform keeps: idempotent answers, the identity provider's storage and keys, list fingerprints, rate counters. Part of the database schema (index.ts). */
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './org';

/** Stored answers to mutating requests, keyed by the client's Idempotency-Key (per user). */
export const idempotencyKeys = pgTable('idempotency_keys', {
  userId: uuid('user_id').notNull(),
  key: text('key').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code').notNull(),
  response: jsonb('response'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] })]);

/** oidc-provider's storage (sessions, grants, codes, tokens), so nothing lives in process memory. */
export const oidcPayloads = pgTable('oidc_payloads', {
  id: text('id').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  grantId: text('grant_id'),
  userCode: text('user_code'),
  uid: text('uid'),
  expiresAt: ts('expires_at'),
  consumedAt: ts('consumed_at'),
}, (t) => [primaryKey({ columns: [t.type, t.id] }), index('oidc_grant').on(t.grantId), index('oidc_uid').on(t.uid)]);

/** The provider's signing keys (JWKS), generated once per database. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  jwk: jsonb('jwk').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every server process (server/security/rateLimit.ts): one row per key
 * and window. UNLOGGED: losing the counts in a PostgreSQL crash only forgives a few requests.
 */
/**
 * One row per statement that changed what a company's assignment list is read from (meter points,
 * schedule items, schedules, an assignee's name), written by triggers (migration 0014); the list's
 * fingerprint is the sum of the company's weights. The daily clean-up folds old rows into one.
 */
export const listChanges = pgTable('list_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  companyId: uuid('company_id').notNull(),
  weight: bigint('weight', { mode: 'number' }).notNull().default(1),
  // The migration's index also INCLUDEs weight (drizzle cannot say so), so the sum is read from the index.
}, (t) => [index('list_changes_company').on(t.companyId)]);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
}, (t) => [index('rate_limits_reset').on(t.resetAt)]);
