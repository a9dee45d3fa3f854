/**
 * The bounds every request schema gets where its author gave none (issue 7 §2): integers within
 * PostgreSQL's int4, finite numbers, string and array lengths. The server applies them to every /api
 * route (server/security/input.ts); the device applies them to the same schemas before queueing a
 * command, so it refuses exactly what the server would.
 */
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
 * A copy of a request schema with the bounds it lacks. An integer without a maximum is an int4
 * (ids, counts); bigint columns (cadastre ids) say so with their own maximum (schemas/common.ts BigId).
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

