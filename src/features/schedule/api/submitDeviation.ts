/**
 * Submit as deviation from the error-handling page (POST /api/ErroneousScheduleItem/{id}/deviation; the
 * rules: src/domain/schemas/erroneous.ts DeviationSubmitSchema). Online only, an office action. The body
 * is checked against the server's own schema before it goes (loaded on demand), and carries an
 * Idempotency-Key, so a request repeated after a lost answer makes one job.
 */
import { ApiError, apiFetch } from '../../../data/transport';
import type { DeviationSubmit, DeviationSubmitResult } from '../../../domain/schemas/erroneous';

async function requestProblem(body: DeviationSubmit): Promise<ApiError | null> {
  const [{ Compile }, { DeviationSubmitSchema }, { harden }] = await Promise.all([
    import('typebox/compile'), import('../../../domain/schemas/erroneous'), import('../../../domain/schemaBounds'),
  ]);
  const check = Compile(harden(DeviationSubmitSchema) as typeof DeviationSubmitSchema);
  if (check.Check(body)) return null;
  const [first] = [...check.Errors(body)];
  const field = `body${first?.instancePath ?? ''}`;
  return new ApiError(`${field} ${first?.message ?? 'is not valid'}`, 400, { statusCode: 400, field, message: `${field} ${first?.message ?? 'is not valid'}` });
}

export async function submitDeviation(itemId: number, body: DeviationSubmit, idempotencyKey: string): Promise<DeviationSubmitResult> {
  const problem = await requestProblem(body);
  if (problem) throw problem;
  return apiFetch<DeviationSubmitResult>(`/api/ErroneousScheduleItem/${itemId}/deviation`, { method: 'POST', body, idempotencyKey });
}
