/**
 * Cancel from the calendar (spec 2 §3 Cancel request, §4 Cancel, §7 PUT
 * /api/ScheduleItem/CancelledScheduleItem/; rules: src/domain/schemas/cancellation.ts) and the reasons
 * (the CancellationType lookup in the replica); the template it prefills the SMS with is
 * src/data/cancelTemplate.ts's. Online only: an office screen, like Send notice. The
 * request is checked against the server's own schema before it goes (loaded on demand, as the outbox's
 * checks are), and carries an Idempotency-Key, so a request repeated after a lost answer cancels once.
 */
import { useLookup } from '../../../data/sync';
import { apiFetch } from '../../../data/transport';
import { CancellationReason } from '../../../domain/enums';
import type { CancelRequest, CancelResult } from '../../../domain/schemas/cancellation';
import { requestProblem } from './requestProblem';

export interface CancellationTypeItem { id: number; name: string; cancellationClass?: 'Cancelled' | 'Failure' }

const REASONS: CancellationTypeItem[] = Object.entries(CancellationReason).map(([name, id]) => ({ id, name }));

/** The reasons (spec 2 §4): the replica's list, or the spec's own while the replica has none yet. */
export function useCancellationTypes(): CancellationTypeItem[] {
  const listed = useLookup<CancellationTypeItem>('CancellationType');
  return listed?.length ? listed : REASONS;
}

export async function cancelScheduleItems(body: CancelRequest, idempotencyKey: string): Promise<CancelResult> {
  const problem = await requestProblem(async () => (await import('../../../domain/schemas/cancellation')).CancelRequestSchema, body);
  if (problem) throw problem;
  return apiFetch<CancelResult>('/api/ScheduleItem/CancelledScheduleItem/', { method: 'PUT', body, idempotencyKey });
}
