/**
 * Building blocks of the API's schemas: nullable, ids, date-times, free JSON objects, coordinates and
 * the path parameters every area uses. The client imports these modules with `import type` only (or
 * from a lazily loaded chunk): TypeBox stays out of the shell.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * T or null. A scalar takes null into its own type list ({ type: ['string', 'null'] }) rather than
 * anyOf [T, null]: the server's Ajv coerces types (server/app.ts), and in an anyOf it would try the
 * scalar first and turn null into "" (string) or 0 (number), which is not what was sent.
 */
export function Nullable<T extends TSchema>(t: T): TUnsafe<Static<T> | null> {
  const type = (t as { type?: unknown }).type;
  if (typeof type === 'string' && SCALAR_TYPES.has(type)) return Type.Unsafe<Static<T> | null>({ ...t, type: [type, 'null'] });
  return Type.Unsafe<Static<T> | null>(Type.Union([t, Type.Null()]));
}
export const Uuid = Type.String({ format: 'uuid' });
export const DateTime = Type.String({ format: 'date-time' });
/** A JSON object kept as given (task form objects). */
export const JsonObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });
/** An id of a bigint column (cadastre units, addresses, buildings): JavaScript's safe integers. */
export const BigId = (opts: { minimum?: number; description?: string } = {}) => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...opts });
export const MatrikkelNummer = Type.String({ pattern: '^\\d{22}$', description: '22 digits: kommune gnr bnr fnr snr' });

/** Optimistic concurrency (ours): when given and the job's version differs, 409 with `current`. */
export const ExpectedVersion = Type.Optional(Type.Integer({ minimum: 1 }));

/** x/y in the EPSG system `srs` (25832/25833/25835), or srs 0 when x is longitude and y latitude. */
export const LocationSchema = Type.Object({ x: Type.Number(), y: Type.Number(), srs: Type.Integer() });
export type Location = Static<typeof LocationSchema>;

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** An id path parameter of a bigint column (properties, housing units, water meters). */
export const BigIdParam = Type.Object({ id: BigId() });
export const UuidParam = Type.Object({ id: Uuid });
export const NrParam = Type.Object({ nr: Type.String({ minLength: 1, maxLength: 40 }) });
