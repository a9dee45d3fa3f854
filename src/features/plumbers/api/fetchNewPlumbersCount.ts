/** GET /api/Users/count?RoleId=1&UserStatus=1: plumbers waiting for approval (the menu's badge). */
import { apiFetch } from '../../../data/transport';
import { Role, UserStatus } from '../../../domain/enums';

export async function fetchNewPlumbersCount(signal?: AbortSignal): Promise<number> {
  const answer = await apiFetch<number | { count: number }>(
    `/api/Users/count?RoleId=${Role.Plumber}&UserStatus=${UserStatus.Pending}`,
    { signal },
  );
  return typeof answer === 'number' ? answer : answer.count;
}
