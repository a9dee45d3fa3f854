/** PUT /api/Users: approve, reject, activate, deactivate or reapprove a plumber (spec 1 §7). */
import { apiFetch } from '../../../data/transport';
import type { Plumber } from '../../../domain/api';

export function updatePlumberStatus(id: number, status: number): Promise<Plumber> {
  return apiFetch<Plumber>('/api/Users', { method: 'PUT', body: { id, status } });
}
