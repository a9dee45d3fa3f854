/** PUT /api/Users/userinformation: a plumber's names and phone (spec 1 §5 "Employee/plumber edit"). */
import { apiFetch } from '../../../data/transport';
import type { Plumber, UserInformationRequest } from '../../../domain/api';

export function updatePlumberInformation(body: UserInformationRequest): Promise<Plumber> {
  return apiFetch<Plumber>('/api/Users/userinformation', { method: 'PUT', body });
}
