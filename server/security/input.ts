/**
 * Bad input is a 400 that names the field, never a 500 and never half a write. Three
 * layers, for every /api route whatever its author remembered:
 * - every request schema gets bounds it lacks: integers within PostgreSQL's int4 (ids, counts) or
 *   bigint where a route says so, finite numbers, string and array lengths, and a real date-time
 *   check (year 0000, second 60 and 30 February pass the RFC 3339 pattern but not PostgreSQL);
 * - JSON bodies are parsed with a depth limit, and no text anywhere (body, query, path) may hold NUL
 *   or half of a UTF-16 surrogate pair (PostgreSQL refuses the one, drivers mangle the other);
 * - the body size is capped (Fastify's bodyLimit, set in app.ts).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRoute } from '../http/paths';
import { harden } from '../../src/domain/schemaBounds';
import { isStorableText } from './text';
import { RuleError } from '../http/errors';

/** JSON nesting deeper than this is no form of ours. */
export const MAX_JSON_DEPTH = 32;
export const MAX_QUERY_VALUE = 2000;

export const DATE_TIME_FORMAT = 'date-time';
/** Dates the product deals in: from the last century to well past the date picker's bound. */
const EARLIEST_YEAR = 1900;
const LATEST_YEAR = 2100;

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** An RFC 3339 date-time that is a real instant both JavaScript and PostgreSQL read the same way. */
export function isRealDateTime(value: string): boolean {
  const m = RFC3339.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return false;
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return false;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return false;
  return !Number.isNaN(Date.parse(value));
}

/** A 400 naming the field in the one style (src/domain/errorField.ts), like every other refusal. */
export class InputError extends RuleError {}

export function checkText(value: string, field: string): void {
  if (!isStorableText(value)) throw new InputError(field, 'must not contain NUL or unpaired surrogate characters');
}

/** Walks parsed JSON without recursion (a hostile body cannot blow the stack), checking depth and text. */
export function checkJson(root: unknown, field = 'body'): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: field, depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      checkText(value, path);
    } else if (value !== null && typeof value === 'object') {
      if (depth >= MAX_JSON_DEPTH) throw new InputError(path, `is nested deeper than ${MAX_JSON_DEPTH} levels`);
      if (Array.isArray(value)) {
        value.forEach((v, i) => stack.push({ value: v, path: `${path}/${i}`, depth: depth + 1 }));
      } else {
        for (const [k, v] of Object.entries(value)) {
          if (!isStorableText(k)) throw new InputError(path, 'has a property name with NUL or unpaired surrogate characters');
          stack.push({ value: v, path: `${path}/${k}`, depth: depth + 1 });
        }
      }
    }
  }
}

/**
 * After validation: no number a request carries is Infinity or NaN. Ajv's coercion turns the text
 * "Infinity" into Infinity inside a list of numbers, where no bound catches it before PostgreSQL does.
 */
export function checkFinite(root: unknown, field: string): void {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: field }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'number' && !Number.isFinite(value)) throw new InputError(path, 'must be a finite number');
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (Array.isArray(value)) value.forEach((v, i) => stack.push({ value: v, path: `${path}/${i}` }));
    else for (const [k, v] of Object.entries(value)) stack.push({ value: v, path: `${path}/${k}` });
  }
}

/** Depth of JSON text, counted over brackets outside strings, before it is parsed at all. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

const REQUEST_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

function checkRequestText(req: FastifyRequest) {
  for (const [part, values] of [['querystring', req.query], ['params', req.params]] as const) {
    if (!values || typeof values !== 'object') continue;
    for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
      for (const v of [value].flat()) {
        if (typeof v !== 'string') continue;
        checkText(v, `${part}/${name}`);
        if (v.length > MAX_QUERY_VALUE) throw new InputError(`${part}/${name}`, `must not be longer than ${MAX_QUERY_VALUE} characters`);
      }
    }
  }
}

async function inputPlugin(app: FastifyInstance) {
  // Every /api route's request schemas get their missing bounds before Fastify compiles them.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiRoute(route.url) || !route.schema) return;
    const schema = route.schema as Record<string, unknown>;
    for (const part of REQUEST_PARTS) if (schema[part]) schema[part] = harden(schema[part]);
  });

  // JSON with a depth limit checked on the text (before JSON.parse builds it), then every string.
  app.removeContentTypeParser('application/json');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    // A request no route serves is answered 404 whatever it carries: its body is not read.
    if (req.is404) return done(null, undefined);
    if (jsonDepth(text) > MAX_JSON_DEPTH) return done(new InputError('body', `is nested deeper than ${MAX_JSON_DEPTH} levels`));
    parseJson(req, text, (err, value) => {
      if (err) return done(err);
      try {
        checkJson(value);
      } catch (e) {
        return done(e as Error);
      }
      done(null, value);
    });
  });

  app.addHook('preValidation', async (req) => {
    if (isApiRoute(req.routeOptions.url)) checkRequestText(req);
  });
  app.addHook('preHandler', async (req) => {
    if (!isApiRoute(req.routeOptions.url)) return;
    checkFinite(req.body, 'body');
    checkFinite(req.query, 'querystring');
    checkFinite(req.params, 'params');
  });
}

export const inputBoundsPlugin = fp(inputPlugin, { name: 'meterwork-input' });

/** For Ajv's onCreate (after ajv-formats): 'date-time' means a real instant PostgreSQL and JavaScript agree on. */
export function realDateTimes(ajv: { addFormat(name: string, format: { type: 'string'; validate: (v: string) => boolean }): unknown }): void {
  ajv.addFormat(DATE_TIME_FORMAT, { type: 'string', validate: isRealDateTime });
}
