/**
 * Submit as deviation from the error-handling page (POST /api/ErroneousScheduleItem/{id}/deviation; the
 * rules: src/domain/schemas/erroneous.ts DeviationSubmitSchema). Online only, an office action. The body
 * is checked against the server's own schema before it goes (loaded on demand), and carries an
 * Idempotency-Key, so a request repeated after a lost answer makes one job.
 */
import { apiFetch } from '../../../data/transport';
import type { DeviationSubmit, DeviationSubmitResult } from '../../../domain/schemas/erroneous';
import { requestProblem } from './requestProblem';

export async function submitDeviation(itemId: number, body: DeviationSubmit, idempotencyKey: string): Promise<DeviationSubmitResult> {
  const problem = await requestProblem(async () => (await import('../../../domain/schemas/erroneous')).DeviationSubmitSchema, body);
  if (problem) throw problem;
  return apiFetch<DeviationSubmitResult>(`/api/ErroneousScheduleItem/${itemId}/deviation`, { method: 'POST', body, idempotencyKey });
}
