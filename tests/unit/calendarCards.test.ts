/**
 * The calendar's cards (spec 2 §2.2, §4): the colour group of every status (itemStatus.ts cardColour)
 * and where a card lies (calendar/cardLayout.ts placeCards): its Oslo day and minutes, whatever the
 * device's zone, summer or winter time, and lanes where cards overlap.
 */
import { describe, expect, it } from 'vitest';
import { cardColour } from '../../src/domain/scheduling/itemStatus';
import { ScheduleItemStatus as S } from '../../src/domain/scheduling/enums';
import type { ScheduleItem } from '../../src/domain/schemas/scheduling';
import { placeCards } from '../../src/features/schedule/calendar/cardLayout';

describe('cardColour (spec 2 §4 card colour groups)', () => {
  it.each([
    [S.Scheduled, 'white'],
    [S.Confirmed, 'green'], [S.JobCreated, 'green'], [S.Obstacle, 'green'], [S.Deviation, 'green'],
    [S.NoReply, 'orange'], [S.Unknown, 'orange'], [S.Rejected, 'orange'],
    [S.Notified, 'grey'], [S.NotificationInProgress, 'grey'],
    [S.JobCreationFailed, 'red'], [S.NotificationFailed, 'red'], [S.SmsApiFailed, 'red'],
    [S.Cancelled, 'cancelled'],
  ])('status %i is %s', (status, colour) => {
    expect(cardColour(status)).toBe(colour);
  });
  it('gives every status of the spec a group, and an unknown number the plain white card', () => {
    for (const status of Object.values(S)) expect(cardColour(status)).toMatch(/^(white|green|orange|grey|red|cancelled)$/);
    expect(cardColour(99)).toBe('white');
    expect(cardColour(null)).toBe('white');
  });
});

const item = (id: number, start: string | null, end: string | null, extra: Partial<ScheduleItem> = {}): ScheduleItem => ({
  id, scheduleId: 1, status: S.Scheduled, notes: null, address: `Testveien ${id}`, objectType: 1, objectId: null, parentObjectId: id,
  agreementNo: null, scheduledDate: null, scheduleStartDateTime: start, scheduleEndDateTime: end, startTime: null, endTime: null,
  duration: 45, latitude: null, longitude: null, referenceNumber: null, contactInformation: null, matrikkelenhetId: null,
  sequenceNumber: id, isScheduled: true, cancellationTypeId: null, batchJobId: null, ...extra,
});

// Week 11 of 2026 (winter time, UTC+1) and week 27 of 2026 (summer time, UTC+2).
const WINTER = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15'];
const SUMMER = ['2026-06-29', '2026-06-30', '2026-07-01', '2026-07-02', '2026-07-03', '2026-07-04', '2026-07-05'];

describe('placeCards', () => {
  it('places a card by its Oslo wall time in winter and in summer', () => {
    const winter = placeCards([item(1, '2026-03-10T06:00:00.000Z', '2026-03-10T06:45:00.000Z')], WINTER);
    expect(winter.get('2026-03-10')).toMatchObject([{ from: 7 * 60, to: 7 * 60 + 45, lane: 0, lanes: 1 }]);
    const summer = placeCards([item(2, '2026-07-01T05:00:00.000Z', '2026-07-01T05:30:00.000Z')], SUMMER);
    expect(summer.get('2026-07-01')).toMatchObject([{ from: 7 * 60, to: 7 * 60 + 30 }]);
  });

  it('a card that starts late on an Oslo day stays on it though it is the next day in UTC+0 … and the reverse', () => {
    // 00:30 Oslo on Wednesday is 23:30 UTC on Tuesday.
    const cards = placeCards([item(3, '2026-03-10T23:30:00.000Z', '2026-03-11T00:00:00.000Z')], WINTER);
    expect(cards.get('2026-03-11')).toHaveLength(1);
    expect(cards.get('2026-03-10')).toHaveLength(0);
  });

  it('leaves out items without a time and items outside the week; the end falls back to the duration', () => {
    const cards = placeCards([
      item(4, null, null), item(5, '2026-03-20T08:00:00.000Z', null), item(6, '2026-03-12T08:00:00.000Z', null, { duration: 60 }),
    ], WINTER);
    expect([...cards.values()].flat().map((c) => [c.item.id, c.from, c.to])).toEqual([[6, 9 * 60, 10 * 60]]);
  });

  it('puts overlapping cards side by side and the rest full width', () => {
    const cards = placeCards([
      item(7, '2026-03-09T07:00:00.000Z', '2026-03-09T08:00:00.000Z', { status: S.Cancelled }),
      item(8, '2026-03-09T07:30:00.000Z', '2026-03-09T08:15:00.000Z'),
      item(9, '2026-03-09T07:00:00.000Z', '2026-03-09T07:30:00.000Z'),
      item(10, '2026-03-09T10:00:00.000Z', '2026-03-09T10:45:00.000Z'),
    ], WINTER).get('2026-03-09')!;
    const byId = new Map(cards.map((c) => [c.item.id, c]));
    expect(byId.get(7)).toMatchObject({ lane: 0, lanes: 2 });
    expect(byId.get(9)).toMatchObject({ lane: 1, lanes: 2 });
    expect(byId.get(8)).toMatchObject({ lane: 1, lanes: 2 });
    expect(byId.get(10)).toMatchObject({ lane: 0, lanes: 1 });
  });
});
