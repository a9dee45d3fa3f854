/**
 * Where an item left on absent time goes (src/domain/scheduling/firstFree.ts, issue 26 §3): the first
 * calendar slot from its own start on that judgeDrop accepts, items one after the other. A hand-made
 * week with the demo hours (07:00–15:30, lunch 11:30–12:00, weekend off), Monday 2027-03-01; the
 * expected starts are worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import type { DroppedItem } from '../../src/domain/scheduling/drop';
import { AvailabilityType, ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { firstFreeSlot, withItemAt } from '../../src/domain/scheduling/firstFree';
import type { LaidItem, WeekFacts } from '../../src/domain/scheduling/freeWeek';
import type { DayHours } from '../../src/domain/settings/dayHours';
import { isoWeekDates } from '../../src/domain/time/oslo';

const DEMO: DayHours = { startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' };
const OFF: DayHours = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };
const dates = isoWeekDates(2027, 9);
const [MON, TUE, WED, , FRI] = dates;
const h = (hh: number, mm = 0) => hh * 60 + mm;
const at = (date: string, minute: number) => ({ date, minute });
/** A moment long before the week: nothing in it is past. */
const BEFORE = at('2027-01-04', 0);

const absent = (date: string, startTime: string, endTime: string) => ({ date, availabilityType: AvailabilityType.Absent, startTime, endTime });
const laid = (id: number, date: string, from: number, to: number, status: number = ScheduleItemStatus.Scheduled): LaidItem => ({ id, date, from, to, status });
const week = (over: Partial<WeekFacts> = {}): WeekFacts => ({
  year: 2027, weekNo: 9, dates, days: dates.map((date, i) => ({ date, hours: i < 5 ? DEMO : OFF })),
  holidays: [], availability: [], unavailable: [], laid: [], intervalMinutes: 0, hasHours: true, ...over,
});
const asDropped = (x: LaidItem): DroppedItem => ({ id: x.id, status: x.status, duration: x.to - x.from });

describe('firstFreeSlot', () => {
  it('moves an item to later the same day: the first slot after the absence', () => {
    expect(MON).toBe('2027-03-01');
    // Tuesday absent 08:00–12:00 (lunch 11:30–12:00 lies inside it); the 45-minute item at 10:00 lies on it.
    const item = laid(7, TUE, h(10), h(10, 45));
    const f = week({ availability: [absent(TUE, '08:00', '12:00')], laid: [item] });
    // 10:00, 10:30, 11:00 and 11:30 start on absent time; 12:00–12:45 is free working time.
    expect(firstFreeSlot(f, asDropped(item), at(TUE, h(10)), BEFORE)).toEqual(at(TUE, h(12)));
  });

  it('keeps the interval to an item already there, on the 30-minute slots', () => {
    const item = laid(7, TUE, h(10), h(10, 45));
    const f = week({ availability: [absent(TUE, '08:00', '12:00')], laid: [item, laid(8, TUE, h(12), h(13))], intervalMinutes: 15 });
    // 12:00 and 12:30 meet item 8 (12:00–13:00); 13:00 is too close to its end (13:00 + 15 = 13:15); 13:30 is the first slot after.
    expect(firstFreeSlot(f, asDropped(item), at(TUE, h(10)), BEFORE)).toEqual(at(TUE, h(13, 30)));
  });

  it('moves an item to the next day when its day has no room left after it', () => {
    const item = laid(7, TUE, h(10), h(11));
    // Absent from 08:00 to the day's end: 07:00–08:00 is free but lies before the item's own time.
    const f = week({ availability: [absent(TUE, '08:00', '15:30')], laid: [item] });
    // Wednesday's first slots 06:00 and 06:30 lie before the working day; 07:00–08:00 is free.
    expect(firstFreeSlot(f, asDropped(item), at(TUE, h(10)), BEFORE)).toEqual(at(WED, h(7)));
  });

  it('answers null when no free time is left in the week', () => {
    const item = laid(7, FRI, h(10), h(11));
    // Friday absent all day; Saturday and Sunday have no working hours; the week ends there.
    const f = week({ availability: [absent(FRI, '07:00', '15:30')], laid: [item] });
    expect(firstFreeSlot(f, asDropped(item), at(FRI, h(10)), BEFORE)).toBeNull();
    // A 60-minute item at 14:30 on a free Friday: 14:30–15:30 fits, nothing later does.
    const late = laid(9, FRI, h(14, 30), h(15, 30));
    expect(firstFreeSlot(week({ laid: [late] }), asDropped(late), at(FRI, h(14, 30)), BEFORE)).toEqual(at(FRI, h(14, 30)));
    expect(firstFreeSlot(week({ laid: [late] }), asDropped(late), at(FRI, h(15)), BEFORE)).toBeNull();
  });

  it('never moves a Notified item (cancel instead), nor any other status that does not move', () => {
    const item = laid(7, TUE, h(10), h(10, 45), ScheduleItemStatus.Notified);
    const f = week({ availability: [absent(TUE, '08:00', '12:00')], laid: [item] });
    expect(firstFreeSlot(f, asDropped(item), at(TUE, h(10)), BEFORE)).toBeNull();
    for (const status of [ScheduleItemStatus.NotificationInProgress, ScheduleItemStatus.Confirmed, ScheduleItemStatus.JobCreated]) {
      expect(firstFreeSlot(f, { ...asDropped(item), status }, at(TUE, h(10)), BEFORE)).toBeNull();
    }
    // NotificationFailed moves like Scheduled.
    expect(firstFreeSlot(f, { ...asDropped(item), status: ScheduleItemStatus.NotificationFailed }, at(TUE, h(10)), BEFORE)).toEqual(at(TUE, h(12)));
  });

  it('never starts in the past: the first slot at or after now', () => {
    const item = laid(7, TUE, h(10), h(10, 45));
    const f = week({ availability: [absent(TUE, '08:00', '12:00')], laid: [item] });
    // Now is Tuesday 13:10: the slots 12:00 … 13:00 are past; 13:30 is the first to come.
    expect(firstFreeSlot(f, asDropped(item), at(TUE, h(10)), at(TUE, h(13, 10)))).toEqual(at(TUE, h(13, 30)));
    // Now is Tuesday 13:30 exactly: that slot itself.
    expect(firstFreeSlot(f, asDropped(item), at(TUE, h(10)), at(TUE, h(13, 30)))).toEqual(at(TUE, h(13, 30)));
    // Now is after the week: nothing.
    expect(firstFreeSlot(f, asDropped(item), at(TUE, h(10)), at('2027-03-08', 0))).toBeNull();
  });
});

describe('items moved one after the other', () => {
  it('judges the next item on a week that holds the ones already moved', () => {
    // Tuesday absent 08:00–12:00 over two items, 10:00–10:45 (7) and 11:00–11:30 (8); 15 minutes between jobs.
    const seven = laid(7, TUE, h(10), h(10, 45));
    const eight = laid(8, TUE, h(11), h(11, 30));
    let f = week({ availability: [absent(TUE, '08:00', '12:00')], laid: [seven, eight], intervalMinutes: 15 });
    // 7 first: 12:00 (8 still lies at 11:00–11:30: 11:30 + 15 = 11:45 leaves 12:00 clear).
    const seventh = firstFreeSlot(f, asDropped(seven), at(TUE, h(10)), BEFORE)!;
    expect(seventh).toEqual(at(TUE, h(12)));
    // Not counting 7's move, 8 would be sent to the same 12:00.
    expect(firstFreeSlot(f, asDropped(eight), at(TUE, h(11)), BEFORE)).toEqual(at(TUE, h(12)));
    f = withItemAt(f, asDropped(seven), seventh);
    expect(f.laid.filter((x) => x.id === 7)).toEqual([{ ...seven, from: h(12), to: h(12, 45), lat: undefined, lng: undefined }]);
    // Counting it: 12:00 and 12:30 meet 7 (12:00–12:45); 13:00 = 12:45 + 15 is the first slot clear of it.
    expect(firstFreeSlot(f, asDropped(eight), at(TUE, h(11)), BEFORE)).toEqual(at(TUE, h(13)));
  });
});
