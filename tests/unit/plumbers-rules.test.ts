import { describe, expect, it } from 'vitest';
import { UserStatus } from '../../src/domain/enums';
import {
  ACTION_TARGET_STATUS, applyStatusChange, cardActions, cardOpensDetails, cardShowsEmail, detailsActions,
  plumbersForFilter, STATUS_FILTERS,
} from '../../src/features/plumbers/plumberRules';

const p = (id: number, userStatus: number) => ({ id, userStatus, isActive: userStatus === UserStatus.Activated });
const list = [p(1, UserStatus.Activated), p(2, UserStatus.Pending), p(3, UserStatus.Rejected), p(4, UserStatus.Pending), p(5, UserStatus.Deactivated)];

describe('plumber list', () => {
  it('offers the five filters in order', () => {
    expect(STATUS_FILTERS.map((f) => f.status)).toEqual([0, 1, 2, 3, 4]);
  });
  it('puts pending plumbers first in Default, then all the others in their order', () => {
    expect(plumbersForFilter(list, UserStatus.Default).map((x) => x.id)).toEqual([2, 4, 1, 3, 5]);
  });
  it('shows only the chosen status otherwise', () => {
    expect(plumbersForFilter(list, UserStatus.Pending).map((x) => x.id)).toEqual([2, 4]);
    expect(plumbersForFilter(list, UserStatus.Deactivated).map((x) => x.id)).toEqual([5]);
  });
  it('gives pending cards Approve/Reject, rejected ones Reapprove, with e-mail', () => {
    expect(cardActions(p(1, UserStatus.Pending))).toEqual(['approve', 'reject']);
    expect(cardActions(p(1, UserStatus.Rejected))).toEqual(['reapprove']);
    expect(cardActions(p(1, UserStatus.Activated))).toEqual([]);
    expect([1, 2, 3, 4].map((s) => cardShowsEmail(p(1, s)))).toEqual([true, false, true, false]);
  });
  it('opens details from approved and deactivated cards only', () => {
    expect([1, 2, 3, 4].map((s) => cardOpensDetails(p(1, s)))).toEqual([false, true, false, true]);
  });
});

describe('status transitions (spec 1 §4)', () => {
  it('asks the API for the right status', () => {
    expect(ACTION_TARGET_STATUS).toEqual({ approve: 2, reject: 3, activate: 2, deactivate: 4, reapprove: 2 });
  });
  it('offers activate/deactivate on the details page by status', () => {
    expect(detailsActions(p(1, UserStatus.Activated))).toEqual(['deactivate']);
    expect(detailsActions(p(1, UserStatus.Deactivated))).toEqual(['activate']);
  });
  it('updates the local list; a rejected plumber shows as Deactivated', () => {
    const approved = applyStatusChange(list, 2, 'approve');
    expect(approved.find((x) => x.id === 2)).toEqual({ id: 2, userStatus: UserStatus.Activated, isActive: true });
    const rejected = applyStatusChange(list, 4, 'reject');
    expect(rejected.find((x) => x.id === 4)?.userStatus).toBe(UserStatus.Deactivated);
    expect(applyStatusChange(list, 1, 'deactivate').find((x) => x.id === 1)).toEqual({ id: 1, userStatus: 4, isActive: false });
    expect(list[1].userStatus).toBe(UserStatus.Pending);
  });
  it('drops an approved plumber from the New filter', () => {
    expect(plumbersForFilter(applyStatusChange(list, 2, 'approve'), UserStatus.Pending).map((x) => x.id)).toEqual([4]);
  });
});

describe('registration notices', () => {
  it('counts registrations until My plumbers is seen, and moves the reload counters', async () => {
    const { getPlumberNotices, markRegistrationsSeen, plumberStatusChanged, publishRegistration } = await import('../../src/features/plumbers/notifications');
    const start = getPlumberNotices();
    publishRegistration();
    publishRegistration();
    expect(getPlumberNotices()).toMatchObject({ unseen: start.unseen + 2, registrations: start.registrations + 2, changes: start.changes });
    plumberStatusChanged();
    expect(getPlumberNotices().changes).toBe(start.changes + 1);
    markRegistrationsSeen();
    expect(getPlumberNotices()).toMatchObject({ unseen: 0, registrations: start.registrations + 2 });
  });
});
