/**
 * The bounds every request schema gets where its author gave none: integers within
 * PostgreSQL's int4, finite numbers, string and array lengths. The server applies them to every /api
 * route (server/security/input.ts); the device applies them to the same schemas before queueing a
 * command, so it refuses exactly what the server would.
 */
import type { FuncKeywordDefinition, SchemaValidateFunction } from 'ajv';

export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;
/** Strings without a length of their own: long enough for any note the product takes. */
export const DEFAULT_MAX_STRING = 4000;
/** Arrays without a size of their own. */
export const DEFAULT_MAX_ITEMS = 1000;
/** Numbers without bounds of their own (coordinates, readings): finite and far from float trouble. */
export const DEFAULT_MAX_NUMBER = 1e12;

type Schema = Record<string, unknown>;

/**
 * Numbers that arrive as text (path and query parameters, or a string in a body where a number goes)
 * are read only in plain decimal: an optional minus and digits, with a fraction for non-integers.
 * Ajv's type coercion would otherwise turn `Infinity`, `1e309`, `+5`, `0x10`, `2e0`, ` 5` and `5.0` into
 * numbers, and it skips minimum/maximum for a non-finite one, so Infinity reached PostgreSQL (a 500).
 * The keyword sits on the object holding such properties and runs before `properties` coerces them.
 */
export const NUMBER_TEXT_KEYWORD = 'x-numberText';
const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Which properties of an object schema take numbers, and whether whole ones. */
function numericProperties(properties: Schema): Record<string, 'integer' | 'number'> | undefined {
  const found: Record<string, 'integer' | 'number'> = {};
  for (const [name, raw] of Object.entries(properties)) {
    if (!raw || typeof raw !== 'object') continue;
    const p = raw as Schema;
    const own = [p.type].flat();
    const items = own.includes('array') && p.items && typeof p.items === 'object' ? [(p.items as Schema).type].flat() : [];
    const types = [...own, ...items];
    if (types.includes('string')) continue;
    if (types.includes('integer')) found[name] = 'integer';
    else if (types.includes('number')) found[name] = 'number';
  }
  return Object.keys(found).length ? found : undefined;
}

/** The problem with a number written as text, or undefined when it is plain, finite decimal. */
export function numberTextProblem(text: string, kind: 'integer' | 'number'): string | undefined {
  // An empty value is left to the schema (a nullable number reads it as null).
  if (text === '') return undefined;
  if (!(kind === 'integer' ? INTEGER_TEXT : DECIMAL_TEXT).test(text)) {
    return kind === 'integer' ? 'must be an integer in plain decimal digits' : 'must be a number in plain decimal digits';
  }
  if (!Number.isFinite(Number(text))) return 'must be a finite number';
  return undefined;
}

const validateNumberText: SchemaValidateFunction = (kinds: Record<string, 'integer' | 'number'>, data: Record<string, unknown>, _parent, cxt) => {
  for (const [name, kind] of Object.entries(kinds)) {
    for (const value of [data[name]].flat()) {
      if (typeof value !== 'string') continue;
      const problem = numberTextProblem(value, kind);
      if (problem) {
        validateNumberText.errors = [{ keyword: NUMBER_TEXT_KEYWORD, instancePath: `${cxt?.instancePath ?? ''}/${name}`, params: { kind }, message: problem }];
        return false;
      }
    }
  }
  return true;
};

/** For Ajv's addKeyword (server/app.ts): the keyword harden() puts on objects with numeric properties. */
export const numberTextKeyword: FuncKeywordDefinition = { keyword: NUMBER_TEXT_KEYWORD, type: 'object', schemaType: 'object', before: 'properties', errors: true, validate: validateNumberText };

/**
 * A copy of a request schema with the bounds it lacks. An integer without a maximum is an int4
 * (ids, counts); bigint columns (cadastre ids) say so with their own maximum (schemas/common.ts BigId).
 * An object with numeric properties gets the number-text keyword (plain decimal, finite).
 */
export function harden(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(harden);
  if (schema === null || typeof schema !== 'object') return schema;
  const s: Schema = { ...(schema as Schema) };
  for (const key of ['properties', 'patternProperties', 'definitions', '$defs']) {
    if (s[key] && typeof s[key] === 'object') {
      s[key] = Object.fromEntries(Object.entries(s[key] as Schema).map(([k, v]) => [k, harden(v)]));
    }
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains']) {
    if (s[key] && typeof s[key] === 'object') s[key] = harden(s[key]);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
    if (Array.isArray(s[key])) s[key] = (s[key] as unknown[]).map(harden);
  }
  const types = [s.type].flat();
  const numeric = s.properties && typeof s.properties === 'object' ? numericProperties(s.properties as Schema) : undefined;
  if (numeric) s[NUMBER_TEXT_KEYWORD] = numeric;
  if (types.includes('integer')) {
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = INT4_MIN;
    if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = INT4_MAX;
  } else if (types.includes('number')) {
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = -DEFAULT_MAX_NUMBER;
    if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = DEFAULT_MAX_NUMBER;
  }
  if (types.includes('string') && s.maxLength === undefined && s.const === undefined && s.enum === undefined) s.maxLength = DEFAULT_MAX_STRING;
  if (types.includes('array') && s.maxItems === undefined) s.maxItems = DEFAULT_MAX_ITEMS;
  return s;
}

