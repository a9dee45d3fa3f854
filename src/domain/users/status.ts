/**
 * The plumber (user) status machine of spec 1 §4, shared by the screens that offer the actions
 * (src/features/plumbers) and the server that allows the change (server/services/users.ts).
 */
import { UserStatus } from '../enums';

export type UserStatusAction = 'approve' | 'reject' | 'activate' | 'deactivate' | 'reapprove';

/** Status each action moves the user to. */
export const USER_STATUS_ACTION_TARGET: Record<UserStatusAction, number> = {
  approve: UserStatus.Activated,
  reject: UserStatus.Rejected,
  activate: UserStatus.Activated,
  deactivate: UserStatus.Deactivated,
  reapprove: UserStatus.Activated,
};

/** Actions open from each status: approve or reject a pending user, deactivate an active one, activate or reapprove. */
const ACTIONS_FROM: Partial<Record<number, readonly UserStatusAction[]>> = {
  [UserStatus.Pending]: ['approve', 'reject'],
  [UserStatus.Activated]: ['deactivate'],
  [UserStatus.Deactivated]: ['activate'],
  [UserStatus.Rejected]: ['reapprove'],
};

export function userStatusActions(from: number): UserStatusAction[] {
  return [...(ACTIONS_FROM[from] ?? [])];
}

/** True when some action open from `from` leads to `to`. */
export function canChangeUserStatus(from: number, to: number): boolean {
  return userStatusActions(from).some((a) => USER_STATUS_ACTION_TARGET[a] === to);
}
