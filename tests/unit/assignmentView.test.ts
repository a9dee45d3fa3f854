import { describe, expect, it } from 'vitest';
import { seenFromSchedule } from '../../src/domain/scheduling/assignmentView';
import type { AssignmentListItem } from '../../src/domain/schemas/scheduling';

const point = (id: number, extra: Partial<AssignmentListItem> = {}): AssignmentListItem => ({
  waterMeterPointId: id, agreementNo: `A-${id}`, assignmentType: 1, priority: 0, lat: 59.9, lng: 10.7, address: `Vei ${id}`,
  assignmentItemStatus: 0, isSelected: false, isDisabled: false, ...extra,
});
const other = (id: number, scheduleId: number, scheduleItemId: number) =>
  point(id, { scheduleId, scheduleItemId, assignmentItemStatus: 2, isSelected: true, isDisabled: true, scheduleItemStatus: 1 });

describe('seenFromSchedule', () => {
  const list = [point(1), other(2, 10, 100), other(3, 10, 101), other(4, 11, 102), other(5, 10, 103),
    point(6, { scheduleId: 10, scheduleItemId: 104, scheduleItemStatus: 7 })];
  const schedule = { id: 10, scheduleItems: [{ id: 100, isScheduled: true }, { id: 101, isScheduled: false }] };

  it("turns the schedule's own live points into Scheduled (laid) or Planned, and leaves every other point as it was", () => {
    const seen = seenFromSchedule(list, schedule);
    expect(seen.map((a) => [a.assignmentItemStatus, a.isSelected, a.isDisabled])).toEqual([
      [0, false, false], [4, true, true], [3, true, false], [2, true, true],
      // An item the schedule's read does not have yet (read before it was added) counts as not laid.
      [3, true, false],
      // A cancelled item of the schedule is no live item: not selected, as the server says.
      [0, false, false],
    ]);
    expect(seen[0]).toBe(list[0]);
    expect(seen[3]).toBe(list[3]);
    expect(list[1].assignmentItemStatus).toBe(2);
  });

  it('answers the list itself when none of its points is the schedule\'s', () => {
    expect(seenFromSchedule(list, { id: 99, scheduleItems: [] })).toBe(list);
  });
});
