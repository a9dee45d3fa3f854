/** The planning map's marker colours (spec 2 §2.1, §4) and scheduling mode's status filter. */
import { describe, expect, it } from 'vitest';
import { MARKER_COLORS, markerStyle } from '../../src/features/schedule/map/markerStyle';
import { pointBounds, pointCentre, statusFilterKey, visiblePoints } from '../../src/features/schedule/map/statusFilter';
import { AssignmentItemStatus, NO_STATUS_FILTER_KEY, ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { listItem } from './planning-map-fixtures';

describe('markerStyle', () => {
  const free = listItem(1, 59.9, 10.5);

  it('colours a planning point by selection, selectability and assignment item status', () => {
    expect(markerStyle(free, 'planning', false, true)).toEqual({ fill: MARKER_COLORS.notSelected, ring: false });
    expect(markerStyle(free, 'planning', true, true)).toEqual({ fill: MARKER_COLORS.selected, ring: true });
    expect(markerStyle(free, 'planning', false, false).fill).toBe(MARKER_COLORS.disabled);
    const other = listItem(2, 59.9, 10.5, { assignmentItemStatus: AssignmentItemStatus.PlannedItemsInOtherSchedules });
    expect(markerStyle(other, 'planning', false, true).fill).toBe(MARKER_COLORS.disabled);
    const planned = listItem(3, 59.9, 10.5, { assignmentItemStatus: AssignmentItemStatus.Planned });
    expect(markerStyle(planned, 'planning', false, true).fill).toBe(MARKER_COLORS.planned);
  });

  it('keeps the colour of a cancelled or obstacle item, selected or disabled, and rings it when selected', () => {
    const cancelled = listItem(4, 59.9, 10.5, { scheduleItemStatus: ScheduleItemStatus.Cancelled, cancellationTypeColorStatus: 'Cancelled' });
    const failure = listItem(5, 59.9, 10.5, { scheduleItemStatus: ScheduleItemStatus.Cancelled, cancellationTypeColorStatus: 'Failure' });
    const obstacle = listItem(6, 59.9, 10.5, { scheduleItemStatus: ScheduleItemStatus.Obstacle });
    for (const mode of ['planning', 'scheduling'] as const) {
      expect(markerStyle(cancelled, mode, false, false)).toEqual({ fill: MARKER_COLORS.cancelled, ring: false });
      expect(markerStyle(failure, mode, true, true)).toEqual({ fill: MARKER_COLORS.failure, ring: true });
      expect(markerStyle(obstacle, mode, false, true).fill).toBe(MARKER_COLORS.obstacle);
    }
  });

  it('colours a scheduling point by its card colour group', () => {
    const at = (status: number) => markerStyle(listItem(7, 59.9, 10.5, { scheduleItemStatus: status }), 'scheduling', false, true).fill;
    expect(at(ScheduleItemStatus.Scheduled)).toBe(MARKER_COLORS.scheduled);
    expect(at(ScheduleItemStatus.JobCreated)).toBe(MARKER_COLORS.confirmed);
    expect(at(ScheduleItemStatus.NoReply)).toBe(MARKER_COLORS.waiting);
    expect(at(ScheduleItemStatus.Notified)).toBe(MARKER_COLORS.notified);
    expect(at(ScheduleItemStatus.SmsApiFailed)).toBe(MARKER_COLORS.failure);
  });
});

describe('status filter', () => {
  const points = [
    listItem(1, 59, 10, { scheduleItemStatus: ScheduleItemStatus.Scheduled }),
    listItem(2, 60, 11, { scheduleItemStatus: ScheduleItemStatus.Notified }),
    listItem(3, 59.5, 12),
  ];

  it('counts an item with no status under key 8', () => {
    expect(statusFilterKey(points[2])).toBe(NO_STATUS_FILTER_KEY);
  });

  it('shows every point with All, else those of the chosen statuses', () => {
    expect(visiblePoints(points, 'all')).toBe(points);
    expect(visiblePoints(points, new Set([ScheduleItemStatus.Notified, NO_STATUS_FILTER_KEY])).map((p) => p.waterMeterPointId)).toEqual([2, 3]);
    expect(visiblePoints(points, new Set())).toEqual([]);
  });

  it('bounds the points it is given, none when there are none', () => {
    expect(pointBounds(points)).toEqual([[59, 10], [60, 12]]);
    expect(pointBounds([])).toBeNull();
  });

  it('centres on where most points are (the medians), not between two far-apart places', () => {
    const at = (lat: number, lng: number, id: number) => ({ ...points[0], waterMeterPointId: id, lat, lng });
    // Four in Bærum, one in Trysil, one without coordinates: the middle of the bounds would be near Hamar.
    const spread = [at(59.9, 10.5, 1), at(59.91, 10.52, 2), at(59.92, 10.55, 3), at(59.93, 10.6, 4), at(61.3, 12.27, 5), at(Number.NaN, 10, 6)];
    expect(pointCentre(spread)).toEqual([59.92, 10.55]);
    expect(pointCentre([at(Number.NaN, Number.NaN, 7)])).toBeNull();
  });
});
