/**
 * The assignment list's answer for the planning map bench: `count` points around Sandvika, seeded,
 * with what the map shows differently: every 25th point one of several meters at one building (a
 * spot shared by 2–6 points), statuses of other schedules, cancelled and obstacle items.
 */
import type { AssignmentListItem } from '../src/domain/schemas/scheduling';
import { AssignmentItemStatus, ScheduleItemStatus } from '../src/domain/scheduling/enums';
import { mulberry32 } from '../server/db/random';

export function benchPoints(count: number, seed = 7): AssignmentListItem[] {
  // mulberry32, as the demo data: the LCG in floating point this used before repeated itself after
  // about 10,500 draws, so 50,000 points lay on about 10,500 spots (5 per spot), which clustering
  // and the spiral treat very differently from 50,000 real addresses.
  const rnd = mulberry32(seed);
  const points: AssignmentListItem[] = [];
  while (points.length < count) {
    const id = points.length + 1;
    const lat = 59.7 + rnd() * 0.5;
    const lng = 10.2 + rnd() * 0.9;
    const meters = id % 25 === 0 ? 2 + Math.floor(rnd() * 5) : 1;
    for (let m = 0; m < meters && points.length < count; m++) {
      const n = points.length + 1;
      const other = n % 17 === 0;
      points.push({
        waterMeterPointId: n, waterMeterId: n, agreementNo: `A-${n}`, assignmentType: 1 + (n % 3), priority: 1, lat, lng,
        address: `Benkeveien ${id}`, buildingNo: String(id), matrikkelenhetNr: `3024-${id}`,
        assignmentItemStatus: other ? AssignmentItemStatus.PlannedItemsInOtherSchedules : AssignmentItemStatus.NotSelected,
        ...(n % 97 === 0 ? { scheduleItemStatus: ScheduleItemStatus.Cancelled, cancellationTypeColorStatus: 'Cancelled' as const } : {}),
        ...(n % 89 === 0 ? { scheduleItemStatus: ScheduleItemStatus.Obstacle } : {}),
        isSelected: false, isDisabled: other,
      });
    }
  }
  return points;
}

export const benchAnswer = (count: number): string => JSON.stringify(benchPoints(count));
