/**
 * A card dropped on the calendar (src/domain/scheduling/drop.ts), rule by rule (spec 2 §4 Dragging,
 * §5 Dropping), on a hand-made week: the demo hours (07:00–15:30, lunch 11:30–12:00), Monday
 * 2027-03-01. Expected minutes are written out by hand; the drive is computed here from the
 * haversine formula and the week's travel model (1.3 road factor at 50 km/h), not by the code under test.
 */
import { describe, expect, it } from 'vitest';
import { blacklistBlocks, judgeDrop, type DroppedItem } from '../../src/domain/scheduling/drop';
import type { WeekFacts } from '../../src/domain/scheduling/freeWeek';
import { AvailabilityType, ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { isoWeekDates, osloInstant } from '../../src/domain/time/oslo';
import type { DayHours } from '../../src/domain/settings/dayHours';
import { HolidayType } from '../../src/domain/settings/holidays';

const DEMO: DayHours = { startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' };
const OFF: DayHours = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };
const dates = isoWeekDates(2027, 9);
const MON = dates[0];
const TUE = dates[1];
const h = (hh: number, mm = 0) => hh * 60 + mm;
/** A moment long before the week: nothing in it is past. */
const BEFORE = { date: '2027-01-04', minute: 0 };

const week = (over: Partial<WeekFacts> = {}): WeekFacts => ({
  year: 2027, weekNo: 9, dates, days: dates.map((date, i) => ({ date, hours: i < 5 ? DEMO : OFF })),
  holidays: [], availability: [], unavailable: [], laid: [], intervalMinutes: 0, hasHours: true, ...over,
});
const card = (over: Partial<DroppedItem> = {}): DroppedItem => ({ id: 7, status: ScheduleItemStatus.Scheduled, duration: 60, ...over });
const at = (date: string, minute: number) => ({ date, minute });

describe('judgeDrop', () => {
  it('lays a Scheduled card on free working time, from the drop for its duration', () => {
    expect(MON).toBe('2027-03-01');
    expect(judgeDrop(week(), card(), at(MON, h(8)), BEFORE)).toEqual({ ok: true, from: h(8), to: h(9) });
    // A new point from the map (id 0, no status) too.
    expect(judgeDrop(week(), card({ id: 0, status: null }), at(TUE, h(12)), BEFORE)).toEqual({ ok: true, from: h(12), to: h(13) });
  });

  it('moves only Scheduled and NotificationFailed cards', () => {
    const moves = Object.values(ScheduleItemStatus).filter((s) => judgeDrop(week(), card({ status: s }), at(MON, h(8)), BEFORE).ok);
    expect(moves.sort((a, b) => a - b)).toEqual([ScheduleItemStatus.Scheduled, ScheduleItemStatus.NotificationFailed]);
    const v = judgeDrop(week(), card({ status: ScheduleItemStatus.Notified }), at(MON, h(8)), BEFORE);
    expect(v).toMatchObject({ ok: false, refusal: 'StatusNotAllowed', errorKey: 'Scheduling.StatusNotAllowed' });
  });

  it('refuses a time with too little room: across lunch, past the day’s end, outside 06:00–18:00, outside the week, on a day off', () => {
    const refusal = (date: string, m: number, duration = 60) => {
      const v = judgeDrop(week(), card({ duration }), at(date, m), BEFORE);
      return v.ok ? 'ok' : v.refusal;
    };
    expect(refusal(MON, h(11))).toBe('NotEnoughSlotSpace'); // 11:00–12:00 crosses lunch 11:30
    expect(refusal(MON, h(10, 30))).toBe('ok'); // 10:30–11:30 ends as lunch begins
    expect(refusal(MON, h(15))).toBe('NotEnoughSlotSpace'); // ends 16:00, the day ends 15:30
    expect(refusal(MON, h(5, 30))).toBe('NotEnoughSlotSpace');
    expect(refusal(MON, h(17, 30))).toBe('NotEnoughSlotSpace');
    expect(refusal('2027-03-08', h(8))).toBe('NotEnoughSlotSpace');
    expect(refusal(dates[5], h(8))).toBe('NotEnoughSlotSpace'); // Saturday: no working hours
  });

  it('refuses the past with the modal’s key, by Oslo day and minute', () => {
    const now = { date: MON, minute: h(9) };
    expect(judgeDrop(week(), card(), at(MON, h(8)), now)).toMatchObject({ ok: false, refusal: 'InThePast', errorKey: 'Scheduling.InvalidScheduledDateInThePastMessage' });
    expect(judgeDrop(week(), card(), at(MON, h(9)), now).ok).toBe(true);
    expect(judgeDrop(week(), card(), at(TUE, h(7)), now).ok).toBe(true);
  });

  it('refuses a start on absent, unavailable or holiday time as DropToSkipDate; next to it is only short of room', () => {
    const absentMorning = week({ availability: [{ date: MON, availabilityType: AvailabilityType.Absent, startTime: '07:00', endTime: '11:30' }] });
    expect(judgeDrop(absentMorning, card(), at(MON, h(8)), BEFORE)).toMatchObject({ ok: false, refusal: 'DropToSkipDate', errorKey: 'Scheduling.DropToSkipDate' });
    expect(judgeDrop(absentMorning, card(), at(MON, h(12)), BEFORE).ok).toBe(true);
    // Starts free at 06:30 before the day's work, which the absence takes: short of room, not a skipped date.
    expect(judgeDrop(absentMorning, card(), at(MON, h(6, 30)), BEFORE)).toMatchObject({ refusal: 'NotEnoughSlotSpace' });
    const slot = week({ unavailable: [{ date: TUE, startTime: '09:00', endTime: '10:00' }] });
    expect(judgeDrop(slot, card(), at(TUE, h(9, 30)), BEFORE)).toMatchObject({ refusal: 'DropToSkipDate' });
    expect(judgeDrop(slot, card(), at(TUE, h(8, 30)), BEFORE)).toMatchObject({ refusal: 'NotEnoughSlotSpace' });
    const holiday = week({ holidays: [{ date: TUE, holidayTypeId: HolidayType.FullDay, startTime: '00:00', endTime: '23:59' }] });
    expect(judgeDrop(holiday, card(), at(TUE, h(8)), BEFORE)).toMatchObject({ refusal: 'DropToSkipDate' });
  });

  it('counts extended time as free', () => {
    const extended = week({ availability: [{ date: MON, availabilityType: AvailabilityType.Extended, startTime: '15:30', endTime: '17:30' }] });
    expect(judgeDrop(extended, card(), at(MON, h(16)), BEFORE).ok).toBe(true);
    expect(judgeDrop(week(), card(), at(MON, h(16)), BEFORE).ok).toBe(false);
  });

  it('keeps the interval, or the longer drive, from the stop before and to the stop after', () => {
    // Two stops 10 km apart (north–south): 10 km × 1.3 at 50 km/h = 15.6 → 16 minutes of driving.
    const km10 = 10 / 111.195; // degrees of latitude
    const before = { id: 1, date: MON, from: h(8), to: h(9), status: ScheduleItemStatus.Scheduled, lat: 59.9, lng: 10.7 };
    const travel = { roadFactor: 1.3, speedKmh: 50 };
    const f = week({ laid: [before], intervalMinutes: 10, travel });
    const here = { lat: 59.9 + km10, lng: 10.7 };
    const v = (m: number, over: Partial<DroppedItem> = {}) => judgeDrop(f, card({ ...here, ...over }), at(MON, m), BEFORE);
    expect(v(h(9, 15)).ok).toBe(false); // 15 minutes after: short of the 16-minute drive
    expect(v(h(9, 16)).ok).toBe(true);
    // Without a position the interval (10) counts.
    expect(v(h(9, 10), { lat: null, lng: null }).ok).toBe(true);
    expect(v(h(9, 9), { lat: null, lng: null }).ok).toBe(false);
    // Before it: the drive to it.
    expect(judgeDrop(week({ laid: [{ ...before, from: h(10), to: h(11) }], intervalMinutes: 10, travel }), card(here), at(MON, h(8, 44)), BEFORE).ok).toBe(true);
    expect(judgeDrop(week({ laid: [{ ...before, from: h(10), to: h(11) }], intervalMinutes: 10, travel }), card(here), at(MON, h(8, 45)), BEFORE).ok).toBe(false);
    // Overlapping it: refused, naming it.
    expect(v(h(8, 30))).toMatchObject({ ok: false, refusal: 'NotEnoughSlotSpace' });
  });

  it('reaches the day’s first stop from the base and leaves every stop the drive back, as the batch lays a day', () => {
    // The base 10 km south of the stop: 16 minutes of driving each way (counted here, as above).
    const km10 = 10 / 111.195;
    const travel = { roadFactor: 1.3, speedKmh: 50 };
    const base = { lat: 59.9 - km10, lng: 10.7 };
    const here = { lat: 59.9, lng: 10.7 };
    const f = week({ base, travel });
    const v = (facts: WeekFacts, m: number, over: Partial<DroppedItem> = {}) => judgeDrop(facts, card({ ...here, ...over }), at(MON, m), BEFORE);
    expect(v(f, h(7, 15))).toMatchObject({ ok: false, refusal: 'NotEnoughSlotSpace' }); // the day starts 07:00
    expect(v(f, h(7, 16)).ok).toBe(true);
    expect(v(f, h(14, 14)).ok).toBe(true); // ends 15:14, 16 minutes before 15:30
    expect(v(f, h(14, 15))).toMatchObject({ ok: false, refusal: 'NotEnoughSlotSpace' });
    // Not the first stop: the stop before it is where the drive starts, not the base.
    const before = { id: 1, date: MON, from: h(7), to: h(7, 5), status: ScheduleItemStatus.Scheduled, lat: 59.9, lng: 10.7 };
    expect(v(week({ base, travel, laid: [before], intervalMinutes: 5 }), h(7, 10)).ok).toBe(true);
    // Without a position, or without a base, nothing is driven.
    expect(v(f, h(7), { lat: null, lng: null }).ok).toBe(true);
    expect(v(week({ travel }), h(7)).ok).toBe(true);
  });

  it('never stands in its own way: a card moved within its own time', () => {
    const self = { id: 7, date: MON, from: h(8), to: h(9), status: ScheduleItemStatus.Scheduled };
    expect(judgeDrop(week({ laid: [self] }), card(), at(MON, h(8, 30)), BEFORE).ok).toBe(true);
    // A new card (id 0) is never taken for a laid one.
    expect(judgeDrop(week({ laid: [{ ...self, id: 0 }] }), card({ id: 0, status: null }), at(MON, h(8, 30)), BEFORE).ok).toBe(false);
  });
});

describe('blacklistBlocks (spec 2 §5: an entry whose notification end falls on the item’s end day)', () => {
  it('blocks the same Oslo day only, judged in Oslo whatever the instant’s zone', () => {
    const end = osloInstant(MON, h(10));
    expect(blacklistBlocks([{ notificationTimeEnd: osloInstant(MON, h(14)).toISOString() }], end)).toBe(true);
    expect(blacklistBlocks([{ notificationTimeEnd: osloInstant(TUE, h(0, 30)).toISOString() }], end)).toBe(false);
    // 23:30 UTC on Monday is 00:30 on Tuesday in Oslo (CET, UTC+1).
    expect(blacklistBlocks([{ notificationTimeEnd: `${MON}T23:30:00Z` }], end)).toBe(false);
    expect(blacklistBlocks([{ notificationTimeEnd: `${MON}T22:30:00Z` }], end)).toBe(true);
    expect(blacklistBlocks([], end)).toBe(false);
  });
});
