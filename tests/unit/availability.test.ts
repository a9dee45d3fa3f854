/**
 * Availability rules (src/domain/scheduling/availability.ts; spec 2 §4, §5, §9, spec 3 §5): each rule
 * of one entry, the overlap rule, the calendar's edit as calls (the four cases of spec 2 §4 and ours),
 * and which laid items are left outside the plumber's time.
 */
import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_DAYS_AHEAD, availabilityEditCalls, availabilityRequest, checkAvailability, checkAvailabilityDate, checkAvailabilityTimes,
  checkAvailabilityType, itemsOutsideTime, overlapOf, overlapWithin, type AvailabilityEntryLike,
} from '../../src/domain/scheduling/availability';
import { AvailabilityType } from '../../src/domain/scheduling/enums';
import type { WeekFacts } from '../../src/domain/scheduling/freeWeek';
import { HolidayType } from '../../src/domain/settings/holidays';
import { isoWeekDates } from '../../src/domain/time/oslo';

const TODAY = '2027-03-10';
const entry = (over: Partial<Parameters<typeof checkAvailability>[0]> = {}) =>
  ({ date: '2027-03-11', availabilityTypeId: AvailabilityType.Absent, startTime: '08:00', endTime: '10:00', ...over });

describe('one entry', () => {
  it('takes Available, Absent and Extended; refuses Unavailable, Lunch and unknown types on the type field', () => {
    for (const t of [1, 3, 4]) expect(checkAvailabilityType(t)).toBeNull();
    for (const t of [0, 2, 5, 6]) expect(checkAvailabilityType(t)).toMatchObject({ field: 'availabilityTypeId', errorKey: 'Scheduling.AvailabilityTypeNotCreatable' });
  });

  it('takes a real day from today (Oslo, given) up to the bound ahead', () => {
    expect(checkAvailabilityDate(TODAY, TODAY)).toBeNull();
    expect(checkAvailabilityDate('2029-03-09', TODAY)).toBeNull(); // 730 days ahead
    expect(checkAvailabilityDate(null, TODAY)?.problem).toBe('DateRequired');
    expect(checkAvailabilityDate('2027-02-29', TODAY)?.problem).toBe('InvalidDate');
    expect(checkAvailabilityDate('2027-13-01', TODAY)?.problem).toBe('InvalidDate');
    expect(checkAvailabilityDate('2027-03-09', TODAY)).toMatchObject({ field: 'date', problem: 'PastDate', errorKey: 'Scheduling.AvailabilityPastDate' });
    expect(AVAILABILITY_DAYS_AHEAD).toBe(730);
    expect(checkAvailabilityDate('2029-03-10', TODAY)?.problem).toBe('TooFarAhead');
  });

  it('takes times on quarters within 06:00–18:00 with the end later than the start', () => {
    expect(checkAvailabilityTimes('06:00', '18:00')).toBeNull();
    expect(checkAvailabilityTimes('07:15', '07:30')).toBeNull();
    expect(checkAvailabilityTimes(null, '10:00')).toMatchObject({ field: 'startTime', problem: 'TimeRequired' });
    expect(checkAvailabilityTimes('08:00', '')).toMatchObject({ field: 'endTime', problem: 'TimeRequired' });
    expect(checkAvailabilityTimes('8:00', '10:00')).toMatchObject({ field: 'startTime', problem: 'InvalidTimeFormat' });
    expect(checkAvailabilityTimes('08:00', '24:00')).toMatchObject({ field: 'endTime', problem: 'InvalidTimeFormat' });
    expect(checkAvailabilityTimes('08:10', '10:00')).toMatchObject({ field: 'startTime', problem: 'TimeStep', errorKey: 'Scheduling.AvailabilityTimeStep' });
    expect(checkAvailabilityTimes('08:00', '10:05')).toMatchObject({ field: 'endTime', problem: 'TimeStep' });
    expect(checkAvailabilityTimes('05:45', '10:00')).toMatchObject({ field: 'startTime', problem: 'OutsideWindow' });
    expect(checkAvailabilityTimes('17:00', '18:15')).toMatchObject({ field: 'endTime', problem: 'OutsideWindow' });
    const backwards = checkAvailabilityTimes('10:00', '08:00');
    expect(backwards).toMatchObject({ field: 'endTime', problem: 'InvalidTime', errorKey: 'Scheduling.AvailabilityInvalidTime' });
    expect(backwards?.text).toBe('Invalid time: to must be later than from');
    expect(checkAvailabilityTimes('10:00', '10:00')?.problem).toBe('InvalidTime');
  });

  it('checks in the modal\'s order: type, date, start, end', () => {
    expect(checkAvailability(entry(), TODAY)).toBeNull();
    expect(checkAvailability(entry({ availabilityTypeId: 2, date: 'x', startTime: 'x' }), TODAY)?.field).toBe('availabilityTypeId');
    expect(checkAvailability(entry({ date: '2027-03-01', startTime: 'x' }), TODAY)?.field).toBe('date');
    expect(checkAvailability(entry({ startTime: '08:01', endTime: '07:00' }), TODAY)?.field).toBe('startTime');
    expect(checkAvailability(entry({ endTime: '07:00' }), TODAY)?.field).toBe('endTime');
  });
});

describe('overlap', () => {
  const day = '2027-03-11';
  const others = [{ id: 1, date: day, startTime: '08:00', endTime: '10:00' }, { id: 2, date: '2027-03-12', startTime: '06:00', endTime: '18:00' }];

  it('finds an entry of the same day whose span meets inside; touching is not overlapping', () => {
    expect(overlapOf({ date: day, startTime: '09:45', endTime: '11:00' }, others)?.id).toBe(1);
    expect(overlapOf({ date: day, startTime: '07:00', endTime: '08:15' }, others)?.id).toBe(1);
    expect(overlapOf({ date: day, startTime: '06:00', endTime: '18:00' }, others)?.id).toBe(1);
    expect(overlapOf({ date: day, startTime: '10:00', endTime: '11:00' }, others)).toBeUndefined();
    expect(overlapOf({ date: day, startTime: '06:00', endTime: '08:00' }, others)).toBeUndefined();
    expect(overlapOf({ date: '2027-03-13', startTime: '08:00', endTime: '10:00' }, others)).toBeUndefined();
  });

  it('finds two spans of one call that overlap, only among those of one owner', () => {
    const spans = [
      { date: day, startTime: '08:00', endTime: '09:00', owner: 1 },
      { date: day, startTime: '08:30', endTime: '09:30', owner: 2 },
      { date: day, startTime: '09:00', endTime: '10:00', owner: 1 },
      { date: day, startTime: '09:15', endTime: '09:45', owner: 1 },
    ];
    expect(overlapWithin(spans)).toEqual([0, 1]);
    expect(overlapWithin(spans, (a, b) => spans[a].owner === spans[b].owner)).toEqual([2, 3]);
    expect(overlapWithin(spans.slice(0, 3), (a, b) => spans[a].owner === spans[b].owner)).toBeUndefined();
  });
});

describe('the calendar\'s availability edit (spec 2 §4) as calls', () => {
  const day = '2027-03-11';
  const plumber = 42;
  const absent: AvailabilityEntryLike = { id: 10, date: day, availabilityTypeId: AvailabilityType.Absent, startTime: '08:00', endTime: '10:00' };
  const available: AvailabilityEntryLike = { id: 11, date: day, availabilityTypeId: AvailabilityType.Available, startTime: '15:30', endTime: '16:30' };
  const available2: AvailabilityEntryLike = { id: 12, date: day, availabilityTypeId: AvailabilityType.Available, startTime: '16:30', endTime: '17:30' };
  const extended: AvailabilityEntryLike = { id: 13, date: day, availabilityTypeId: AvailabilityType.Extended, startTime: '06:00', endTime: '07:00' };
  const elsewhere: AvailabilityEntryLike = { id: 14, date: '2027-03-12', availabilityTypeId: AvailabilityType.Available, startTime: '15:30', endTime: '17:30' };
  const entries = [absent, available, available2, extended, elsewhere];
  const next = (availabilityTypeId: number, startTime: string, endTime: string) => ({ date: day, availabilityTypeId, startTime, endTime });

  it('type unchanged and absent: updates the slot', () => {
    const n = next(AvailabilityType.Absent, '08:00', '11:00');
    expect(availabilityEditCalls({ slot: absent, next: n, userRegistrationId: plumber, entries })).toEqual([{ kind: 'update', id: 10, body: n }]);
  });

  it('type unchanged and available: deletes the slot and creates the available time in bulk', () => {
    const n = next(AvailabilityType.Available, '15:30', '17:00');
    expect(availabilityEditCalls({ slot: available, next: n, userRegistrationId: plumber, entries })).toEqual([
      { kind: 'delete', id: 11 }, { kind: 'createBulk', body: [{ ...n, userRegistrationId: plumber }] },
    ]);
  });

  it('available to absent: deletes in bulk the available slots in the range (and the slot), then creates the absence', () => {
    const n = next(AvailabilityType.Absent, '16:00', '18:00');
    expect(availabilityEditCalls({ slot: available, next: n, userRegistrationId: plumber, entries })).toEqual([
      { kind: 'deleteIds', ids: [11, 12] }, { kind: 'create', body: { ...n, userRegistrationId: plumber } },
    ]);
    // Extended time in the range goes too (the absence may not overlap it); other days' entries stay.
    const early = next(AvailabilityType.Absent, '06:00', '16:00');
    expect(availabilityEditCalls({ slot: available, next: early, userRegistrationId: plumber, entries })[0]).toEqual({ kind: 'deleteIds', ids: [11, 13] });
  });

  it('absent to available: deletes the slot', () => {
    const n = next(AvailabilityType.Available, '08:00', '10:00');
    expect(availabilityEditCalls({ slot: absent, next: n, userRegistrationId: plumber, entries })).toEqual([{ kind: 'delete', id: 10 }]);
  });

  it('ours: absent to extended also creates the extended time; a free slot creates', () => {
    const ext = next(AvailabilityType.Extended, '16:00', '18:00');
    expect(availabilityEditCalls({ slot: absent, next: ext, userRegistrationId: plumber, entries })).toEqual([
      { kind: 'delete', id: 10 }, { kind: 'createBulk', body: [{ ...ext, userRegistrationId: plumber }] },
    ]);
    expect(availabilityEditCalls({ slot: null, next: ext, userRegistrationId: plumber, entries: [] })).toEqual([
      { kind: 'createBulk', body: [{ ...ext, userRegistrationId: plumber }] },
    ]);
    const off = next(AvailabilityType.Absent, '12:00', '14:00');
    expect(availabilityEditCalls({ slot: null, next: off, userRegistrationId: plumber, entries })).toEqual([{ kind: 'create', body: { ...off, userRegistrationId: plumber } }]);
  });

  it('turns each call into its request at the spec\'s paths', () => {
    const n = next(AvailabilityType.Absent, '08:00', '11:00');
    expect(availabilityRequest({ kind: 'update', id: 10, body: n })).toEqual({ method: 'PUT', path: '/api/PlumberAvailabilitySetting/10', body: n });
    expect(availabilityRequest({ kind: 'delete', id: 10 })).toEqual({ method: 'DELETE', path: '/api/PlumberAvailabilitySetting/10' });
    expect(availabilityRequest({ kind: 'deleteIds', ids: [1, 2] })).toEqual({ method: 'DELETE', path: '/api/PlumberAvailabilitySetting/ids', body: [1, 2] });
    const c = { ...n, userRegistrationId: 1 };
    expect(availabilityRequest({ kind: 'create', body: c })).toEqual({ method: 'POST', path: '/api/PlumberAvailabilitySetting', body: c });
    expect(availabilityRequest({ kind: 'createBulk', body: [c] })).toEqual({ method: 'POST', path: '/api/PlumberAvailabilitySetting/bulk', body: [c] });
  });
});

describe('items left outside the plumber\'s time', () => {
  const dates = isoWeekDates(2027, 10); // Monday 2027-03-08
  const [mon, tue, wed] = dates;
  const DEMO = { startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' };
  const OFF = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };
  const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const item = (id: number, date: string, from: string, to: string) => ({ id, date, from: m(from), to: m(to), status: 1 });
  const facts = (over: Partial<WeekFacts>): WeekFacts => ({
    year: 2027, weekNo: 10, dates, days: dates.map((date, i) => ({ date, hours: i < 5 ? DEMO : OFF })), holidays: [], availability: [], unavailable: [], laid: [],
    intervalMinutes: 0, hasHours: true, ...over,
  });

  it('lists items under an absence, on the days asked only, by start', () => {
    const laid = [item(1, mon, '08:00', '09:00'), item(2, mon, '12:00', '13:00'), item(3, tue, '08:00', '09:00'), item(4, mon, '07:00', '08:00')];
    const f = facts({ laid, availability: [{ date: mon, availabilityType: AvailabilityType.Absent, startTime: '07:30', endTime: '12:30' }, { date: tue, availabilityType: AvailabilityType.Absent, startTime: '06:00', endTime: '18:00' }] });
    expect(itemsOutsideTime(f, [mon]).map((i) => i.id)).toEqual([4, 1, 2]);
    expect(itemsOutsideTime(f, [mon, tue]).map((i) => i.id)).toEqual([4, 1, 2, 3]);
    expect(itemsOutsideTime(f, [wed])).toEqual([]);
  });

  it('counts extended and available time as the plumber\'s, lunch, holidays and unavailable slots not', () => {
    const laid = [item(1, mon, '15:30', '16:30'), item(2, tue, '11:30', '12:00'), item(3, wed, '09:00', '10:00'), item(4, mon, '10:00', '11:00'), item(5, dates[3], '06:00', '07:00')];
    const bare = facts({ laid, holidays: [{ date: wed, holidayTypeId: HolidayType.FullDay, startTime: '06:00', endTime: '18:00' }], unavailable: [{ date: mon, startTime: '10:30', endTime: '11:00' }] });
    expect(itemsOutsideTime(bare, dates).map((i) => i.id)).toEqual([4, 1, 2, 3, 5]);
    const extended = facts({
      ...bare,
      availability: [
        { date: mon, availabilityType: AvailabilityType.Extended, startTime: '15:30', endTime: '17:00' },
        { date: dates[3], availabilityType: AvailabilityType.Available, startTime: '06:00', endTime: '07:00' },
      ],
    });
    expect(itemsOutsideTime(extended, dates).map((i) => i.id)).toEqual([4, 2, 3]);
  });
});
