/**
 * Who the dashboard's plumber filter offers: the people jobs can be assigned to or were assigned to.
 * Active users (plumbers and admins: an admin may take a job himself) and deactivated ones, whose
 * past jobs still count in a past range; never pending or rejected registrations, who were never
 * let in and so hold no jobs. Sorted by first name, as the spec's assignee lists are.
 */
import type { Plumber } from '../../domain/api';
import { UserStatus } from '../../domain/enums';

export interface PlumberOption {
  id: number;
  name: string;
  deactivated: boolean;
}

export function plumberFilterOptions(users: readonly Plumber[]): PlumberOption[] {
  return users
    .filter((u) => u.userStatus === UserStatus.Activated || u.userStatus === UserStatus.Deactivated)
    .map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim(), deactivated: u.userStatus === UserStatus.Deactivated }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nb') || a.id - b.id);
}
