/**
 * The card's week (src/features/schedule/calendar/cardMenu.ts): which cards are flagged because their
 * status changed on the server since the admin loaded the week (spec 2 §4 batch job status), and when
 * the card menu offers the note (spec 2 §4 Notes) and Cancel (spec 2 §4 Cancel), for every status of the table.
 */
import { describe, expect, it } from 'vitest';
import { cancelOffered, changedStatuses, noteOffered } from '../../src/features/schedule/calendar/cardMenu';
import { ScheduleItemStatus as S } from '../../src/domain/scheduling/enums';

describe('changedStatuses', () => {
  it('flags an item whose status differs from the one seen; new and gone items are not flagged', () => {
    const seen = new Map([[1, S.Scheduled], [2, S.Notified], [3, S.Scheduled]]);
    const now = [{ id: 1, status: S.Scheduled }, { id: 2, status: S.Confirmed }, { id: 4, status: S.Notified }];
    expect([...changedStatuses(seen, now)]).toEqual([2]);
    expect(changedStatuses(new Map(), now).size).toBe(0);
  });
});

describe('noteOffered', () => {
  it('offers the note where one may be added, and where one exists to read', () => {
    const refused: number[] = [S.Confirmed, S.JobCreated, S.Cancelled, S.Rejected];
    for (const status of Object.values(S)) {
      expect(noteOffered({ status, notes: null }), `status ${status}`).toBe(!refused.includes(status));
      expect(noteOffered({ status, notes: 'Hund i hagen' }), `status ${status} with a note`).toBe(true);
    }
  });
});

describe('cancelOffered', () => {
  it('offers Cancel on a saved card except JobCreationFailed, Confirmed and JobCreated (spec 2 §4), and Cancelled (nothing to cancel)', () => {
    const refused: number[] = [S.JobCreationFailed, S.Confirmed, S.JobCreated, S.Cancelled];
    for (const status of Object.values(S)) expect(cancelOffered({ id: 5, status }), `status ${status}`).toBe(!refused.includes(status));
    expect(cancelOffered({ id: 0, status: S.Scheduled })).toBe(false);
  });
});
