/**
 * Property-based attack on every /api route (issue 7 §2): for each route the server registered, bodies,
 * path parameters and queries are generated from the route's own schema, mixed with hostile values
 * (integers past int4, 1e308, NUL, lone surrogates, impossible dates, deep nesting, long strings, wrong
 * types, other companies' ids; integers are sometimes real schedule items' ids, of the admin's company in
 * several statuses and of another; the job ids include an automatically created job tied to its item, for
 * DELETE /api/Jobs's cancellation), and sent as an admin and as a plumber. Two properties must hold for
 * every request: never a 5xx, and a 4xx writes nothing (a fingerprint of every table the API writes,
 * settings, templates, users' names and bases, sent SMS, schedule items' statuses and reasons, availability entries, unavailable
 * slots and calendar presence included, is the same before and after).
 *
 * The SMS provider's public callbacks are attacked with signed and unsigned form bodies, and the
 * owner's answer link with tokens of ours, bent, expired or for another purpose (the last describes).
 *
 * FUZZ_RUNS (per route and user, default 12) and FUZZ_SEED (a number) make a run longer or repeatable;
 * FUZZ_ROUTES (a regular expression over "METHOD /url") attacks only the routes it matches; a failure
 * prints the seed and the smallest request that broke a property.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import type { RegisteredRoute } from '../../server/app';
import { FIELD_PATH } from '../../src/domain/errorField';
import { startTestApp, tokenClaims } from '../helpers/app';
import { TWILIO_INBOUND_PATH, TWILIO_STATUS_PATH } from '../../server/sms/twilio';
import { OWNER_ANSWER_PURPOSE, ownerLinkSecret, signToken } from '../../server/security/ownerLink';
import { startTwilioFake, type TwilioFake } from './fakes/twilioFake';
import { ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../../src/domain/time/oslo';
import { ensureWeekSchedule, insertItems } from '../../server/repositories/scheduling';
import { tasks } from '../../server/db/schema';
import { createItemJob } from '../../server/services/scheduling/itemJobs';
import { createJob, plainSite, startDemo, type Demo, type Person } from './jobs-fixtures';
import { addPoints, companyOf, registrationOf } from './schedule-fixtures';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES, 'i') : null;

let demo: Demo;
const known = { jobIds: [] as string[], taskIds: [] as string[], otherJobIds: [] as string[], otherTaskIds: [] as string[], itemIds: [] as number[] };

/** Schedule items of a plumber's week four weeks ahead, one per status given, each with a contact mobile (and a property, when given). */
async function addItems(admin: Person, plumber: Person, statuses: number[], matrikkelenhetId?: string): Promise<number[]> {
  const { companyId } = await companyOf(demo, admin);
  const assignee = await registrationOf(demo, plumber);
  const points = await addPoints(demo, admin, statuses.length);
  const w = isoWeek(addDays(osloDay(new Date()), 28));
  const day = isoWeekDates(w.year, w.week)[2];
  return demo.t.database.db.transaction(async (tx) => {
    const { row } = await ensureWeekSchedule(tx, companyId, assignee, w.year, w.week);
    const made = await insertItems(tx, statuses.map((status, i) => ({
      scheduleId: row.id, companyId, meterPointId: points[i], objectId: null, objectType: 2, address: `Fuzzveien ${i + 1}`, agreementNo: 'AG',
      duration: 30, latitude: 59.9, longitude: 10.5, sequenceNumber: i + 1, isScheduled: true, scheduledDate: day, status,
      startTime: osloInstant(day, 8 * 60 + 30 * i), endTime: osloInstant(day, 8 * 60 + 30 * (i + 1)),
      contactInformation: { id: 0, scheduleItemId: 0, mobileNo: '91234567', contactPerson: { name: 'Eier' } }, matrikkelenhetId,
    })));
    return made.map((m) => m.id);
  });
}
let sent = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  const limits = { ...loadConfig().rateLimit, perIpPerMinute: 1e9, perUserPerMinute: 1e9, ownerAnswerPerIp: 1e9 };
  demo = await startDemo({ rateLimit: limits });
  for (let i = 0; i < 3; i++) {
    const mine = await createJob(demo, 'kari', 'ola');
    known.jobIds.push(mine.jobId);
    known.taskIds.push(mine.jobTasks[0].taskId);
    const theirs = await createJob(demo, 'lars', 'nora');
    known.otherJobIds.push(theirs.jobId);
    known.otherTaskIds.push(theirs.jobTasks[0].taskId);
  }
  const S = ScheduleItemStatus;
  known.itemIds.push(...await addItems('kari', 'ola', [S.Scheduled, S.Notified, S.Confirmed, S.NoReply]), ...await addItems('lars', 'nora', [S.Notified]));
  // An automatically created job (the system's job of Per's agreed item, itemJobs.ts): DELETE /api/Jobs's
  // cancellation fields (reason, sendSms, customText, templateKey…) meet a job they apply to.
  const [agreed] = await addItems('kari', 'per', [S.Confirmed], (await plainSite(demo)).nr);
  expect(await createItemJob(demo.t.app.context, (await companyOf(demo, 'kari')).companyId, agreed)).toBe('created');
  const [auto] = await demo.t.database.db.select({ id: tasks.id, jobId: tasks.jobId }).from(tasks).where(eq(tasks.scheduleItemId, agreed));
  known.jobIds.push(auto.jobId);
  known.taskIds.push(auto.id);
  known.itemIds.push(agreed);
}, 120_000);

afterAll(async () => {
  await demo?.close();
  console.log(`fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
});

async function fingerprint(): Promise<string> {
  const { rows } = await demo.t.database.db.execute(sql`select
    (select count(*) from jobs) as jobs, (select coalesce(max(change_seq), 0) from jobs) as seq, (select coalesce(sum(version), 0) from jobs) as versions,
    (select count(*) from tasks) as tasks, (select count(*) from users) as users, (select coalesce(sum(status), 0) from users) as statuses,
    (select md5(coalesce(string_agg(concat_ws('|', first_name, last_name, display_name, mobile, base_latitude, base_longitude), ',' order by id), '')) from users) as names,
    (select count(*) from media_assets) as media, (select coalesce(sum(version), 0) from media_assets) as media_versions,
    (select count(*) from idempotency_keys) as keys, (select count(*) from feed_tombstones) as tombstones,
    (select md5(coalesce(string_agg(concat_ws('|', id, company_id, registration_id, year, week_no, day_of_week, start_time, end_time, lunch_start_time, lunch_end_time), ',' order by id), '')) from working_hours) as hours,
    (select md5(coalesce(string_agg(concat_ws('|', id, date, holiday_type_id, start_time, end_time, reason), ',' order by id), '')) from company_holidays) as holidays,
    (select md5(coalesce(string_agg(concat_ws('|', id, setting_type_id, value), ',' order by id), '')) from company_settings) as settings,
    (select md5(coalesce(string_agg(concat_ws('|', company_id, data::text), ',' order by company_id), '')) from company_configurations) as configurations,
    (select md5(coalesce(string_agg(concat_ws('|', id, key, title, name, text, is_example), ',' order by id), '')) from notification_templates) as templates,
    (select count(*) from notification_template_contents) as contents, (select count(*) from sms_messages) as sms, (select count(*) from sms_replies) as replies,
    (select md5(coalesce(string_agg(concat_ws('|', id, status, cancellation_type_id, version), ',' order by id), '')) from schedule_items) as items,
    (select md5(coalesce(string_agg(concat_ws('|', id, company_id, registration_id, date, availability_type_id, start_time, end_time, reason), ',' order by id), '')) from plumber_availability) as availability,
    (select md5(coalesce(string_agg(concat_ws('|', id, company_id, schedule_id, date, start_time, end_time), ',' order by id), '')) from unavailable_time_slots) as unavailable,
    (select md5(coalesce(string_agg(concat_ws('|', view_id, company_id, viewer_registration_id, assignee_id, year, week_no, expires_at), ',' order by view_id), '')) from schedule_presence) as presence`);
  return JSON.stringify(rows[0]);
}

// --- values -----------------------------------------------------------------------------------------

/**
 * Numbers as text that are not plain decimal: non-finite ones passed the schema's bounds (Ajv skips
 * them) and reached PostgreSQL; the others are refused by choice, integers being plain digits only.
 */
function numberTexts(): string[] {
  return ['Infinity', '-Infinity', '1e309', '9'.repeat(400), '+5', '0x10', '2e0', ' 5', '5.0', '1_000'];
}

const hostileStrings = fc.constantFrom(
  '', ' ', 'x'.repeat(5000), 'a\u0000b', '\u0000', 'a\ud800b', '\udc00', '😀', '../../etc/passwd', "' OR 1=1 --", '%00', '<script>alert(1)</script>',
  '0', '-1', '1e308', 'NaN', 'null', 'true', '{}', '[]', '\n\r\t', 'Æøå', '%2e%2e%2f', '${jndi:ldap://x}',
);
const hostileNumbers = fc.constantFrom<unknown>(...numberTexts(), 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e20, 1e308, -1e308, 0, -1, 0.5, -0.5, 1e-300);
const hostileDates = fc.constantFrom('0000-01-01T00:00:00Z', '2027-02-30T10:00:00Z', '2027-06-01T10:00:60Z', '9999-12-31T23:59:59Z', '2099-06-01T10:00:00Z', 'yesterday', '2027-06-01', '1969-12-31T23:59:59Z');
const wrongType = fc.oneof(fc.constant(null), fc.boolean(), fc.constant({}), fc.constant([]), fc.constant([1, 'a']), hostileNumbers, hostileStrings);
const ids = () => fc.constantFrom(...known.jobIds, ...known.taskIds, ...known.otherJobIds, ...known.otherTaskIds, '00000000-0000-0000-0000-000000000000');
const deep = fc.integer({ min: 30, max: 40 }).map((n) => JSON.parse(`${'['.repeat(n)}1${']'.repeat(n)}`) as unknown);

type Schema = Record<string, unknown>;

/** An arbitrary for a JSON schema: mostly values it allows, sometimes values at or past its edges. */
function arb(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object' || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  const s = schema as Schema;
  const edge = <T>(valid: fc.Arbitrary<T>, hostile: fc.Arbitrary<unknown>) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostile }, { weight: 1, arbitrary: wrongType });
  if (s.const !== undefined) return edge(fc.constant(s.const), hostileStrings);
  // JSON text of a schema of its own (the assignment list's `filtered`): mostly that schema's values, as text.
  if (s.contentMediaType === 'application/json' && s.contentSchema) {
    return edge(arb(s.contentSchema, depth + 1).map((v) => JSON.stringify(v) ?? ''), fc.oneof(hostileStrings, fc.constant('{"a":'), deep.map((d) => JSON.stringify(d))));
  }
  if (Array.isArray(s.enum)) return edge(fc.constantFrom(...(s.enum as unknown[])), hostileStrings);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key])) return fc.oneof(...(s[key] as unknown[]).map((x) => arb(x, depth + 1)));
  }
  if (s.if && s.then) return fc.oneof(arb(s.then, depth + 1), arb(s.else ?? {}, depth + 1));
  const type = [s.type].flat()[0];
  switch (type) {
    case 'string': {
      if (s.format === 'uuid') return edge(fc.oneof(ids(), fc.uuid()), hostileStrings);
      if (s.format === 'date-time') return edge(fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString()), hostileDates);
      if (typeof s.pattern === 'string') return edge(fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= 200), hostileStrings);
      return edge(fc.string({ maxLength: Math.min(Number(s.maxLength ?? 40), 60) }), hostileStrings);
    }
    case 'integer': {
      const min = Math.max(Number(s.minimum ?? -1000), -1e6);
      const max = Math.min(Number(s.maximum ?? 1000), 1e6);
      const items = known.itemIds.filter((id) => id >= min && id <= max);
      const valid = fc.integer({ min: Math.min(min, max), max });
      return edge(items.length ? fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...items) }) : valid, hostileNumbers);
    }
    case 'number': {
      // Within the schema's bounds as often as anywhere (a plumber's base lies in Norway: 57–72, 4–32), so valid values get through too.
      const any = fc.double({ min: -1e7, max: 1e7, noNaN: true });
      const bounded = typeof s.minimum === 'number' && typeof s.maximum === 'number';
      return edge(bounded ? fc.oneof(fc.double({ min: Number(s.minimum), max: Number(s.maximum), noNaN: true }), any) : any, hostileNumbers);
    }
    case 'boolean':
      return edge(fc.boolean(), fc.constantFrom('true', 1, 0));
    case 'null':
      return fc.constant(null);
    case 'array':
      return edge(fc.array(arb(s.items, depth + 1), { maxLength: 3 }), fc.oneof(deep, fc.constant(Array(2000).fill(1))));
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const keys = Object.keys(props);
      if (keys.length === 0) return edge(fc.object({ maxDepth: 2 }), fc.oneof(deep.map((d) => ({ x: d })), fc.constant({ '\u0000': 1 })));
      const required = new Set((s.required as string[] | undefined) ?? []);
      const record = fc.record(Object.fromEntries(keys.map((k) => [k, arb(props[k], depth + 1)])), { requiredKeys: keys.filter((k) => required.has(k) || Math.random() < 0.5) });
      return edge(record, fc.constantFrom({ unknownField: 1 }, { __proto__: { admin: true } }, { constructor: { prototype: 1 } }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Percent-encodes like encodeURIComponent, but sends a lone surrogate as the invalid UTF-8 it would be. */
function encodeLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}

/** The route's path with its parameters filled from the params schema. */
function pathOf(route: RegisteredRoute, params: Record<string, unknown>): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => encodeLoose(String(params[name] ?? 'x')));
}

function queryOf(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    for (const one of [v].flat()) q.append(k, typeof one === 'object' ? JSON.stringify(one) : String(one));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

async function request(p: Person, method: string, path: string, body: unknown) {
  const token = await demo.token(p);
  const hasBody = body !== undefined && method !== 'GET';
  const res = await fetch(`${demo.t.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  sent++;
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  return { status: res.status, text };
}

/** A value a parameter's schema takes, so a request fails on the one parameter under test only. */
function plainValue(schema: Schema): string {
  if (schema.const !== undefined) return String(schema.const);
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  const type = [schema.type].flat()[0];
  if (type === 'integer' || type === 'number') return String(Math.max(1, Number(schema.minimum ?? 1)));
  if (schema.format === 'uuid') return known.jobIds[0];
  if (schema.format === 'date-time') return '2027-01-01T00:00:00Z';
  if (typeof schema.pattern === 'string') return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 1 })[0];
  return 'x';
}

describe('numbers as text in every path and query parameter', () => {
  it('answers 400 naming the parameter for non-finite and non-decimal numbers, on every route', async () => {
    const routes = demo.t.app.routeTable.filter((r) => /^\/api\//i.test(r.url) && !r.public && r.method !== 'HEAD');
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const schema = (route.schema ?? {}) as Schema;
      const params = ((schema.params as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;
      const query = ((schema.querystring as Schema | undefined)?.properties ?? {}) as Record<string, Schema>;
      const numeric = (s: Schema) => [s.type].flat().some((t) => t === 'integer' || t === 'number');
      const targets = [
        ...Object.keys(params).filter((n) => numeric(params[n])).map((name) => ({ part: 'params', name })),
        ...Object.keys(query).filter((n) => numeric(query[n])).map((name) => ({ part: 'querystring', name })),
      ];
      for (const { part, name } of targets) {
        for (const text of numberTexts()) {
          const path = route.url.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(part === 'params' && p === name ? text : plainValue(params[p] ?? {})));
          const required = ((schema.querystring as Schema | undefined)?.required ?? []) as string[];
          const q = new URLSearchParams(required.filter((r) => r !== name).map((r) => [r, plainValue(query[r])]));
          if (part === 'querystring') q.set(name, text);
          const res = await request('kari', route.method, q.size ? `${path}?${q}` : path, route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
          checked++;
          const named = res.text.includes(`${part}/${name}`);
          // The router refuses a path parameter past 100 characters before any schema (414).
          if (res.status === 414 && part === 'params' && text.length > 100) continue;
          if (res.status !== 400 || (!named && !/"body/.test(res.text))) wrong.push(`${route.method} ${route.url} ${part}/${name}=${JSON.stringify(text)} -> ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  }, 300_000);
});

describe('every /api route, attacked from its own schema', () => {
  it('knows the routes it attacks', () => {
    const routes = demo.t.app.routeTable.filter((r) => /^\/api\//i.test(r.url) && !r.public && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
  });

  // One property per route, so a failure names the route; the routes are read when the tests run.
  const people: Person[] = ['kari', 'ola'];
  it('never answers 5xx, and writes nothing on a 4xx', async () => {
    const routes = demo.t.app.routeTable.filter((r) => /^\/api\//i.test(r.url) && !r.public && r.method !== 'HEAD' && (!ONLY || ONLY.test(`${r.method} ${r.url}`)));
    const failures: string[] = [];
    for (const route of routes) {
      const schema = (route.schema ?? {}) as Schema;
      const input = fc.record({
        who: fc.constantFrom(...people),
        params: arb(schema.params ?? { type: 'object', properties: {} }),
        query: arb(schema.querystring ?? { type: 'object', properties: {} }),
        body: schema.body ? arb(schema.body) : fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
      });
      try {
        await fc.assert(fc.asyncProperty(input, async ({ who, params, query, body }) => {
          const path = pathOf(route, (params && typeof params === 'object' ? params : {}) as Record<string, unknown>) + queryOf(query);
          const before = await fingerprint();
          const res = await request(who, route.method, path, body);
          if (res.status >= 500) throw new Error(`${route.method} ${path} as ${who} -> ${res.status} ${res.text.slice(0, 200)}`);
          if (res.status >= 400 && (await fingerprint()) !== before) throw new Error(`${route.method} ${path} as ${who} -> ${res.status} but the database changed`);
          // Issue 14 §2: every 400 names its field in the one style, as `field` and first in the message.
          if (res.status === 400) {
            const { field, message } = JSON.parse(res.text) as { field?: string; message: string };
            if (!FIELD_PATH.test(field ?? '') || !message.startsWith(`${field} `)) throw new Error(`${route.method} ${path} as ${who} -> 400 naming no field in the one style: ${res.text.slice(0, 200)}`);
          }
        }), { numRuns: RUNS, seed: SEED, endOnFailure: true });
      } catch (err) {
        const message = (err as Error).message;
        const cause = ((err as { cause?: Error }).cause?.message ?? message.split('\n')[0]).slice(0, 400);
        const seed = /seed: (-?\d+), path: "([^"]*)"/.exec(message);
        failures.push(`${route.method} ${route.url}: ${cause} (FUZZ_SEED=${seed?.[1]}, path ${seed?.[2]})`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * RUNS * 0.9);
  }, 600_000);
});

/**
 * The SMS provider's public doors (routes/smsProvider.ts), served with SMS_PROVIDER=twilio only: a
 * server of their own, its Twilio a local fake whose helper library signs. Form bodies of the fields
 * Twilio sends, mixed with hostile names and values, signed right, signed wrong or not at all: never a
 * 5xx; anything not signed right is 403 and writes nothing; a signed 4xx writes nothing and names its
 * field in the one style.
 */
describe('the SMS provider\'s public callbacks, attacked', () => {
  let provider: Awaited<ReturnType<typeof startTestApp>>;
  let fake: TwilioFake;
  beforeAll(async () => {
    fake = await startTwilioFake();
    provider = await startTestApp({
      config: (baseUrl) => ({
        sms: { provider: 'twilio', twilio: { accountSid: fake.accountSid, authToken: fake.authToken, from: '+4759440000', apiBase: fake.url, publicBaseUrl: baseUrl } },
        rateLimit: { ...loadConfig().rateLimit, perIpPerMinute: 1e9, providerRefusalsPerIp: 1e9 },
      }),
    });
  }, 120_000);
  afterAll(async () => {
    await provider?.close();
    await fake?.close();
  });

  const written = async () => JSON.stringify((await provider.database.db.execute(sql`select
    (select md5(coalesce(string_agg(concat_ws('|', id, status, provider_ref, error), ',' order by id), '')) from sms_messages) as messages,
    (select count(*) from sms_replies) as replies, (select count(*) from twilio_messages) as claims`)).rows[0]);

  const sids = fc.oneof(fc.stringMatching(/^SM[0-9a-f]{32}$/), fc.constantFrom('SM', `SM${'0'.repeat(31)}`, `MM${'F'.repeat(32)}`));
  const values: Record<string, fc.Arbitrary<string>> = {
    MessageSid: sids,
    MessageStatus: fc.constantFrom('queued', 'sent', 'delivered', 'undelivered', 'failed', 'read', 'canceled', 'x'.repeat(40)),
    ErrorCode: fc.constantFrom('30003', '21211', '', '-1', '1e9', '９'),
    From: fc.constantFrom('+4791234567', '+4759440000', 'Rør AS', '12345', '+47 912 34 567', ''),
    To: fc.constantFrom('+4759440000', '+1'),
    Body: fc.oneof(fc.constantFrom('JA', 'nei takk', 'Ja 1234', '', '😀', 'x'.repeat(1601)), fc.string({ maxLength: 200 })),
    AccountSid: fc.constantFrom(`AC${'0'.repeat(32)}`),
  };
  const form = fc.tuple(
    fc.record(values, { requiredKeys: [] }),
    fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'a.b', 'x y', '', 'Body[]', 'MediaUrl0'), fc.string({ maxLength: 8 })), hostileStrings, { maxKeys: 3 }),
  ).map(([known, extra]) => Object.fromEntries(Object.entries({ ...extra, ...known }).filter((e): e is [string, string] => typeof e[1] === 'string')));

  it('never answers 5xx; unsigned or wrongly signed is 403 with nothing written; a signed 4xx writes nothing and names its field', async () => {
    const failures: string[] = [];
    for (const path of [TWILIO_STATUS_PATH, TWILIO_INBOUND_PATH]) {
      const url = `${provider.baseUrl}${path}`;
      const input = fc.record({ params: form, signing: fc.constantFrom('right', 'right', 'right', 'none', 'wrong', 'other URL', 'other values') });
      try {
        await fc.assert(fc.asyncProperty(input, async ({ params, signing }) => {
          const before = await written();
          const signature = signing === 'none' ? null : signing === 'wrong' ? 'AAAA' : signing === 'other values' ? fake.sign(url, { ...params, Extra: '1' }) : undefined;
          const res = await fake.post(url, params, { signature, signedUrl: signing === 'other URL' ? `${url}/` : undefined });
          sent++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const what = `${path} ${signing} ${JSON.stringify(params).slice(0, 200)} -> ${res.status} ${res.text.slice(0, 200)}`;
          if (res.status >= 500) throw new Error(what);
          if (signing !== 'right' && res.status !== 403) throw new Error(`not refused: ${what}`);
          if (res.status >= 400 && (await written()) !== before) throw new Error(`written on a refusal: ${what}`);
          if (res.status === 400) {
            const { field, message } = JSON.parse(res.text) as { field?: string; message: string };
            if (!FIELD_PATH.test(field ?? '') || !message.startsWith(`${field} `)) throw new Error(`400 naming no field in the one style: ${what}`);
          }
        }), { numRuns: RUNS * 8, seed: SEED, endOnFailure: true });
      } catch (err) {
        failures.push(`${path}: ${((err as { cause?: Error }).cause?.message ?? (err as Error).message.split('\n')[0]).slice(0, 500)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

/**
 * The owner's answer link (routes/ownerAnswer.ts), public: tokens of ours for real items (the admin's
 * company's in several statuses and another company's; none was sent a notice, so no answer applies),
 * ours but expired, made for another purpose or bent, and hostile strings; bodies mostly answers,
 * sometimes hostile. Never a 5xx; a 4xx writes nothing (nor does an answer to an item never noticed);
 * a token that is not ours and valid is never answered 200.
 */
describe('the owner\'s answer link, attacked', () => {
  it('never answers 5xx, writes nothing, and opens nothing without a valid token', async () => {
    if (ONLY && !ONLY.test('POST /api/ownerAnswer/:token')) return;
    const secret = await ownerLinkSecret(demo.t.database.db);
    const later = Math.floor(Date.now() / 1000) + 60 * 86_400;
    const valid = known.itemIds.map((id) => signToken(secret, OWNER_ANSWER_PURPOSE, id, later));
    const bent = Buffer.from(valid[1], 'base64url');
    bent[9] ^= 0x40;
    const invalid = [
      signToken(secret, OWNER_ANSWER_PURPOSE, known.itemIds[1], 1000), signToken(secret, 'owner-answer ', known.itemIds[1], later),
      signToken(Buffer.alloc(32), OWNER_ANSWER_PURPOSE, known.itemIds[1], later), bent.toString('base64url'), `${valid[1]}=`, valid[1].toLowerCase(),
    ];
    const token = fc.oneof(fc.constantFrom(...valid), fc.constantFrom(...invalid), hostileStrings, fc.string({ maxLength: 80 }));
    const body = fc.oneof({ weight: 3, arbitrary: fc.record({ answer: fc.constantFrom('yes', 'no') }) }, { weight: 1, arbitrary: fc.record({ answer: wrongType }) },
      { weight: 1, arbitrary: fc.record({ answer: fc.constant('yes'), scheduleItemId: hostileNumbers }) }, { weight: 1, arbitrary: wrongType }, { weight: 1, arbitrary: deep });
    const input = fc.record({ token, body, method: fc.constantFrom('GET', 'POST') });
    await fc.assert(fc.asyncProperty(input, async ({ token: t, body: b, method }) => {
      const before = await fingerprint();
      let segment: string;
      try {
        segment = encodeURIComponent(t);
      } catch {
        // A lone surrogate has no UTF-8: sent as the bytes a careless client would send for it.
        segment = encodeURIComponent(t.replace(/[\ud800-\udfff]/g, '')) + '%ED%B0%80';
      }
      const res = await fetch(`${demo.t.baseUrl}/api/ownerAnswer/${segment}`, method === 'GET' ? {} : {
        method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) ?? 'null',
      });
      const text = await res.text();
      sent++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const what = `${method} ${JSON.stringify(t).slice(0, 100)} ${JSON.stringify(b)?.slice(0, 100)} -> ${res.status} ${text.slice(0, 200)}`;
      if (res.status >= 500) throw new Error(what);
      if ((await fingerprint()) !== before) throw new Error(`written: ${what}`);
      if (res.status === 200 && !valid.includes(t)) throw new Error(`opened without a valid token: ${what}`);
      if (res.status >= 400 && /Svarveien|Fuzzveien|"date"/.test(text)) throw new Error(`a refusal that names an item: ${what}`);
    }), { numRuns: RUNS * 10, seed: SEED, endOnFailure: true });
  }, 300_000);
});
