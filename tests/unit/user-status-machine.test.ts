/** One status machine: the server allows exactly the changes the plumber screens offer (spec 1 §4). */
import { describe, expect, it } from 'vitest';
import { UserStatus } from '../../src/domain/enums';
import { canChangeUserStatus, userStatusActions } from '../../src/domain/users/status';
import { ACTION_TARGET_STATUS, detailsActions } from '../../src/features/plumbers/plumberRules';

const ALL = [UserStatus.Default, UserStatus.Pending, UserStatus.Activated, UserStatus.Rejected, UserStatus.Deactivated];

describe('user status machine', () => {
  it('allows the spec\'s changes and no other', () => {
    const allowed = ALL.flatMap((from) => ALL.filter((to) => canChangeUserStatus(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual([
      `${UserStatus.Pending}->${UserStatus.Activated}`, `${UserStatus.Pending}->${UserStatus.Rejected}`,
      `${UserStatus.Activated}->${UserStatus.Deactivated}`, `${UserStatus.Deactivated}->${UserStatus.Activated}`,
      `${UserStatus.Rejected}->${UserStatus.Activated}`,
    ].sort());
  });

  it('every action the details page offers is a change the server allows, and vice versa', () => {
    for (const from of ALL) {
      const offered = detailsActions({ userStatus: from }).map((a) => ACTION_TARGET_STATUS[a]).sort();
      expect(offered).toEqual(ALL.filter((to) => canChangeUserStatus(from, to)).sort());
      expect(detailsActions({ userStatus: from })).toEqual(userStatusActions(from));
    }
  });
});
