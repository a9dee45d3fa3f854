/** Plumber status rules of spec 1 §2 ("My plumbers") and §4 ("Plumber (user) status"). */
import type { Plumber } from '../../domain/api';
import { UserStatus } from '../../domain/enums';
import { USER_STATUS_ACTION_TARGET, userStatusActions, type UserStatusAction } from '../../domain/users/status';

export type PlumberAction = UserStatusAction;

/** Status each action asks the API for (PUT /api/Users {id, status}). */
export const ACTION_TARGET_STATUS = USER_STATUS_ACTION_TARGET;

/** i18n keys (plumbers namespace): the confirmation question and the success snackbar. */
export const ACTION_TEXTS: Record<PlumberAction, { label: string; confirm: string; success: string }> = {
  approve: { label: 'Approve', confirm: 'ConfirmApprove', success: 'SuccessfullApprovalMessage' },
  reject: { label: 'Reject', confirm: 'ConfirmReject', success: 'SuccessfullRejectionMessage' },
  activate: { label: 'Activate', confirm: 'ConfirmActivate', success: 'UserSuccessfullyActivatedMessage' },
  deactivate: { label: 'Deactivate', confirm: 'ConfirmDeactivate', success: 'UserSuccessfullyDeactivatedMessage' },
  reapprove: { label: 'Reapprove', confirm: 'ConfirmReapprove', success: 'SuccessfullApprovalMessage' },
};

/** Filter choices of the status dropdown, in the spec's order. */
export const STATUS_FILTERS = [
  { status: UserStatus.Default, labelKey: 'FilterDefault' },
  { status: UserStatus.Pending, labelKey: 'FilterNew' },
  { status: UserStatus.Activated, labelKey: 'FilterApproved' },
  { status: UserStatus.Rejected, labelKey: 'FilterRejected' },
  { status: UserStatus.Deactivated, labelKey: 'FilterDeactivated' },
] as const;

/** Actions offered on a list card: Approve/Reject on pending cards, Reapprove on rejected ones. */
export function cardActions(plumber: Pick<Plumber, 'userStatus'>): PlumberAction[] {
  if (plumber.userStatus === UserStatus.Pending) return ['approve', 'reject'];
  if (plumber.userStatus === UserStatus.Rejected) return ['reapprove'];
  return [];
}

/** Actions on the details page: activate or deactivate (and reapprove for a rejected plumber). */
export function detailsActions(plumber: Pick<Plumber, 'userStatus'>): PlumberAction[] {
  return userStatusActions(plumber.userStatus);
}

/** A pending or rejected card also shows the e-mail address. */
export function cardShowsEmail(plumber: Pick<Plumber, 'userStatus'>): boolean {
  return plumber.userStatus === UserStatus.Pending || plumber.userStatus === UserStatus.Rejected;
}

/** Approved and deactivated cards open the plumber details. */
export function cardOpensDetails(plumber: Pick<Plumber, 'userStatus'>): boolean {
  return plumber.userStatus === UserStatus.Activated || plumber.userStatus === UserStatus.Deactivated;
}

/** What the list shows for a filter: Default puts pending plumbers first, then all the others. */
export function plumbersForFilter<P extends Pick<Plumber, 'userStatus'>>(plumbers: P[], filter: number): P[] {
  if (filter !== UserStatus.Default) return plumbers.filter((p) => p.userStatus === filter);
  const pending = plumbers.filter((p) => p.userStatus === UserStatus.Pending);
  const others = plumbers.filter((p) => p.userStatus !== UserStatus.Pending);
  return [...pending, ...others];
}

/**
 * The list after an action succeeded. Spec 1 §4: after a reject the local list shows the plumber as
 * Deactivated (the server holds Rejected; the next load shows that).
 */
export function applyStatusChange<P extends Pick<Plumber, 'id' | 'userStatus' | 'isActive'>>(
  plumbers: P[],
  id: number,
  action: PlumberAction,
): P[] {
  const status = action === 'reject' ? UserStatus.Deactivated : ACTION_TARGET_STATUS[action];
  return plumbers.map((p) => (p.id === id ? { ...p, userStatus: status, isActive: status === UserStatus.Activated } : p));
}

export function plumberName(p: Pick<Plumber, 'firstName' | 'lastName'>): string {
  return `${p.firstName} ${p.lastName}`.trim();
}
