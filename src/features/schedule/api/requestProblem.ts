/**
 * What the server's schema refuses in an office request's body, as the server would answer it (400 naming
 * the field), or null: checked before the request goes. The compiler, the hardening and the schema are
 * loaded on demand, as the outbox's checks are.
 */
import type { TSchema } from 'typebox';
import { ApiError } from '../../../data/transport';

export async function requestProblem(loadSchema: () => Promise<TSchema>, body: unknown): Promise<ApiError | null> {
  const [{ Compile }, schema, { harden }] = await Promise.all([import('typebox/compile'), loadSchema(), import('../../../domain/schemaBounds')]);
  const check = Compile(harden(schema) as TSchema);
  if (check.Check(body)) return null;
  const [first] = [...check.Errors(body)];
  const field = `body${first?.instancePath ?? ''}`;
  const message = `${field} ${first?.message ?? 'is not valid'}`;
  return new ApiError(message, 400, { statusCode: 400, field, message });
}
