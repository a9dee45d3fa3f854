/** The batch's layout (src/domain/scheduling/layout.ts): free time, order, interval, next week, durations. */
import { describe, expect, it } from 'vitest';
import { freeTime, layOut, layWeek, type LayoutItem } from '../../src/domain/scheduling/layout';
import { weekFreeTime } from '../../src/domain/scheduling/hours';
import { AvailabilityType } from '../../src/domain/scheduling/enums';
import { HolidayType } from '../../src/domain/settings/holidays';
import { osloInstant, osloDayMinute } from '../../src/domain/time/oslo';
import { DEFAULT_TRAVEL, haversineKm, routeKm, shortestLoop, travelMinutes } from '../../src/domain/scheduling/routeOrder';

/** The spacing of a layout with this job interval and the default drive. */
const gaps = (intervalMinutes: number) => ({ intervalMinutes, travel: DEFAULT_TRAVEL });

const dates = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
const next = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13'];
const hours = (d: string[]) => d.map((date, i) => ({
  date, hours: i < 5 ? { startTime: '08:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '16:00' } : { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null },
}));
const items = (n: number, duration = 60): LayoutItem[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, duration }));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const at = (r: { date: string; from: number; to: number }) => `${r.date} ${hhmm(r.from)}-${hhmm(r.to)}`;

describe('laying a week', () => {
  it('fills the day in order, never over lunch, and goes on the next day', () => {
    const { placed, rest } = layWeek(weekFreeTime(hours(dates)), items(9), gaps(0));
    expect(rest).toEqual([]);
    expect(placed.map(at)).toEqual([
      '2026-11-30 08:00-09:00', '2026-11-30 09:00-10:00', '2026-11-30 10:00-11:00', '2026-11-30 12:00-13:00',
      '2026-11-30 13:00-14:00', '2026-11-30 14:00-15:00', '2026-11-30 15:00-16:00', '2026-12-01 08:00-09:00', '2026-12-01 09:00-10:00',
    ]);
  });

  it('keeps the job interval between jobs', () => {
    const { placed } = layWeek(weekFreeTime(hours(dates)), items(4, 45), gaps(15));
    expect(placed.map(at)).toEqual(['2026-11-30 08:00-08:45', '2026-11-30 09:00-09:45', '2026-11-30 10:00-10:45', '2026-11-30 12:00-12:45']);
  });

  it('each item takes its own duration (override or the job type\'s), and a long one waits for a span it fits', () => {
    const list: LayoutItem[] = [{ id: 1, duration: 180 }, { id: 2, duration: 90 }, { id: 3, duration: 240 }];
    // 4 h fits neither the rest of Monday nor Tuesday morning (08:00–11:30): Tuesday afternoon.
    expect(layWeek(weekFreeTime(hours(dates)), list, gaps(0)).placed.map(at)).toEqual([
      '2026-11-30 08:00-11:00', '2026-11-30 12:00-13:30', '2026-12-01 12:00-16:00',
    ]);
  });

  it('holidays (full and half day), absence and extended time shape the free time', () => {
    const holidays = [
      { date: '2026-11-30', holidayTypeId: HolidayType.FullDay, startTime: '06:00', endTime: '18:00' },
      { date: '2026-12-01', holidayTypeId: HolidayType.HalfDay, startTime: '06:00', endTime: '12:00' },
    ];
    const availability = [
      { date: '2026-12-01', availabilityType: AvailabilityType.Absent, startTime: '12:00', endTime: '14:00' },
      { date: '2026-12-01', availabilityType: AvailabilityType.Extended, startTime: '16:00', endTime: '18:00' },
    ];
    const { placed } = layWeek(weekFreeTime(hours(dates), holidays, availability), items(5, 60), gaps(0));
    expect(placed.map(at)).toEqual([
      '2026-12-01 14:00-15:00', '2026-12-01 15:00-16:00', '2026-12-01 16:00-17:00', '2026-12-01 17:00-18:00', '2026-12-02 08:00-09:00',
    ]);
  });

  it('takes out unavailable slots, kept items widened by the interval, and the time before the start', () => {
    const free = freeTime(weekFreeTime(hours(dates)), [
      { date: '2026-11-30', from: 9 * 60, to: 10 * 60 },
      { date: '2026-12-01', from: 8 * 60, to: 11 * 60 + 30 },
    ], 15, { date: '2026-11-30', minute: 8 * 60 + 30 });
    expect(free[0].spans).toEqual([[8 * 60 + 30, 8 * 60 + 45], [10 * 60 + 15, 11 * 60 + 30], [12 * 60, 16 * 60]]);
    expect(free[1].spans).toEqual([[12 * 60, 16 * 60]]);
    expect(freeTime(weekFreeTime(hours(dates)), [], 0, { date: '2026-12-02', minute: 0 }).slice(0, 2).every((d) => !d.spans.length)).toBe(true);
  });
});

describe('laying across weeks', () => {
  it('continues into the next week when the first is full, and leaves what fits nowhere', () => {
    const weeks = [weekFreeTime(hours(dates)), weekFreeTime(hours(next))];
    const r = layOut(weeks, items(40, 60), { intervalMinutes: 0, keepSelectionOrder: true });
    expect(r.placed.filter((p) => p.week === 0)).toHaveLength(35);
    expect(r.placed.filter((p) => p.week === 1)).toHaveLength(5);
    expect(r.placed[35]).toMatchObject({ date: '2026-12-07', from: 480 });
    expect(r.weeksUsed).toBe(2);
    const one = layOut([weeks[0]], items(40, 60), { intervalMinutes: 0 });
    expect(one.rest.map((i) => i.id)).toEqual([36, 37, 38, 39, 40]);
    expect(one.weeksUsed).toBe(1);
  });

  it('orders each day\'s stops by distance and counts the kilometres both ways', () => {
    // Four stops on a line, selected zig-zag: 0, 3, 1, 2 km east of a point.
    const line = [0, 3, 1, 2].map((km, i) => ({ id: i + 1, duration: 60, lat: 59.9, lng: 10.7 + km / 55.8 }));
    const r = layOut([weekFreeTime(hours(dates))], line, { intervalMinutes: 0 });
    expect(r.placed.map((p) => p.id)).toEqual([1, 3, 4, 2]);
    expect(r.placed.map(at)[0]).toBe('2026-11-30 08:00-09:00');
    expect(r.kilometresInSelectionOrder).toBeCloseTo(3 + 2 + 1, 1);
    expect(r.kilometres).toBeCloseTo(3, 1);
    const kept = layOut([weekFreeTime(hours(dates))], line, { intervalMinutes: 0, keepSelectionOrder: true });
    expect(kept.placed.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(kept.kilometres).toBeCloseTo(kept.kilometresInSelectionOrder, 6);
  });

  it('when the shorter order does not fit around lunch, its reverse (as short) is tried before the selection order', () => {
    // Shortest order 2, 4, 1, 3 puts 180 min after 60 and 120 is left without room; 3, 1, 4, 2 fits.
    const list = [
      { id: 1, duration: 120, lat: 59.9, lng: 10.72 }, { id: 2, duration: 60, lat: 59.9, lng: 10.74 },
      { id: 3, duration: 45, lat: 59.9, lng: 10.7 }, { id: 4, duration: 180, lat: 59.9, lng: 10.74 },
    ];
    const r = layOut([weekFreeTime(hours(dates.slice(0, 1)))], list, { intervalMinutes: 0 });
    expect(r.placed.map((p) => p.id)).toEqual([3, 1, 4, 2]);
    expect(r.kilometres).toBeLessThan(r.kilometresInSelectionOrder);
  });

  it('a day whose shorter order would not fit keeps the order laid', () => {
    // 3 h then 30 min then 4 h fill 08:00–11:00, 11:00–11:30, 12:00–16:00 (all stops within a few hundred
    // metres, so the interval is the gap); any other order of the day leaves one out.
    const list = [
      { id: 1, duration: 180, lat: 59.9, lng: 10.7 }, { id: 2, duration: 30, lat: 59.9, lng: 10.701 }, { id: 3, duration: 240, lat: 59.9, lng: 10.7005 },
    ];
    const r = layOut([weekFreeTime(hours(dates.slice(0, 1)))], list, { intervalMinutes: 0 });
    expect(r.rest).toEqual([]);
    expect(r.placed.map(at)).toEqual(['2026-11-30 08:00-11:00', '2026-11-30 11:00-11:30', '2026-11-30 12:00-16:00']);
  });

  it('counts the driving between stops as time: a stop 11 km on starts after the drive, not after the interval', () => {
    // 11.1 km apart: 11.1 × 1.3 / 40 km/h ≈ 22 minutes, more than the 15-minute interval.
    const list = [{ id: 1, duration: 60, lat: 59.9, lng: 10.7 }, { id: 2, duration: 60, lat: 59.9, lng: 10.9 }];
    const km = haversineKm(list[0], list[1]);
    expect(travelMinutes(km)).toBeGreaterThan(15);
    const r = layOut([weekFreeTime(hours(dates))], list, { intervalMinutes: 15, keepSelectionOrder: true });
    expect(r.placed[1].from - r.placed[0].to).toBe(travelMinutes(km));
    // Close stops keep the interval.
    const near = layOut([weekFreeTime(hours(dates))], [list[0], { ...list[1], lng: 10.701 }], { intervalMinutes: 15, keepSelectionOrder: true });
    expect(near.placed[1].from - near.placed[0].to).toBe(15);
  });

  it("counts the drive with the company's road factor and speed: twice the road at half the speed takes four times as long", () => {
    const list = [{ id: 1, duration: 60, lat: 59.9, lng: 10.7 }, { id: 2, duration: 60, lat: 59.9, lng: 10.9 }];
    const km = haversineKm(list[0], list[1]);
    const slow = { roadFactor: DEFAULT_TRAVEL.roadFactor * 2, speedKmh: DEFAULT_TRAVEL.speedKmh / 2 };
    const r = layOut([weekFreeTime(hours(dates))], list, { intervalMinutes: 15, keepSelectionOrder: true, travel: slow });
    expect(r.placed[1].from - r.placed[0].to).toBe(travelMinutes(km, slow));
    expect(travelMinutes(km, slow)).toBe(Math.round((km * DEFAULT_TRAVEL.roadFactor * 4 / DEFAULT_TRAVEL.speedKmh) * 60));
    // A day that fits with the default drives does not with slow ones: the last stop goes to the next day.
    const day = [0, 1, 2, 3, 4].map((i) => ({ id: i + 1, duration: 60, lat: 59.9, lng: 10.7 + (i % 2) * 0.2 }));
    const oneDay = [weekFreeTime(hours(dates.slice(0, 1)))];
    expect(layOut(oneDay, day, { intervalMinutes: 15, keepSelectionOrder: true }).rest).toEqual([]);
    expect(layOut(oneDay, day, { intervalMinutes: 15, keepSelectionOrder: true, travel: slow }).rest.length).toBeGreaterThan(0);
  });

  it('groups days by place: stops of two towns selected in turn are laid town by town, a long drive ends the day', () => {
    // Ten stops in Bærum and ten in Trysil (about 190 km apart), selected alternately, 60 minutes each.
    const baerum = Array.from({ length: 10 }, (_, i) => ({ id: 2 * i + 1, duration: 60, lat: 59.89 + (i % 3) * 0.004, lng: 10.52 + i * 0.003 }));
    const trysil = Array.from({ length: 10 }, (_, i) => ({ id: 2 * i + 2, duration: 60, lat: 61.31 + (i % 3) * 0.004, lng: 12.26 + i * 0.003 }));
    const mixed = baerum.flatMap((b, i) => [b, trysil[i]]);
    const town = (id: number) => (id % 2 ? 'B' : 'T');
    const r = layOut([weekFreeTime(hours(dates))], mixed, { intervalMinutes: 15 });
    expect(r.rest).toEqual([]);
    for (const d of new Set(r.placed.map((p) => p.date))) {
      expect(new Set(r.placed.filter((p) => p.date === d).map((p) => town(p.id))).size, d).toBe(1);
    }
    expect(r.kilometres).toBeLessThan(10);
    // The selection order, driven as laid: every day mixes the towns, so it drives far more, and
    // with the drives counted it does not even fit the week.
    const kept = layOut([weekFreeTime(hours(dates))], mixed, { intervalMinutes: 15, keepSelectionOrder: true });
    expect(kept.rest.length).toBeGreaterThan(0);
    expect(r.kilometresInSelectionOrder).toBeGreaterThan(10 * r.kilometres);
  });

  it('a plan started mid-week begins at its start: the days from the start are filled in order, none after them opened', () => {
    // Started Wednesday 13:00: the afternoon holds two or three of these stops, Thursday the rest.
    // Cutting them over Thursday and Friday would drive no more, but leaves the chosen start empty.
    const town = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, duration: 60, lat: 59.89 + (i % 4) * 0.01, lng: 10.52 + Math.floor(i / 4) * 0.02 }));
    const free = freeTime(weekFreeTime(hours(dates)), [], 15, { date: '2026-12-02', minute: 13 * 60 });
    const r = layOut([free], town, { intervalMinutes: 15 });
    expect(r.rest).toEqual([]);
    const days = [...new Set(r.placed.map((p) => p.date))].sort();
    expect(days).toEqual(['2026-12-02', '2026-12-03']);
    expect(Math.min(...r.placed.filter((p) => p.date === '2026-12-02').map((p) => p.from))).toBeLessThan(14 * 60);
  });
});

describe('the base and the register priority', () => {
  // A base about 10 km north of a cluster of stops in Bærum: 20 minutes' drive with the default model.
  const base = { lat: 59.98, lng: 10.52 };
  const cluster = (n: number, duration = 60, from = 1) => Array.from({ length: n }, (_, i) => ({ id: from + i, duration, lat: 59.89 + (i % 3) * 0.001, lng: 10.52 + i * 0.001 }));

  it('a day starts with the drive from the base and ends in time to drive back; its kilometres count both drives', () => {
    const stops = cluster(7);
    const drive = travelMinutes(haversineKm(base, stops[0]));
    expect(drive).toBeGreaterThanOrEqual(19);
    const r = layOut([weekFreeTime(hours(dates))], stops, { intervalMinutes: 0, base });
    expect(r.rest).toEqual([]);
    const monday = r.placed.filter((p) => p.date === dates[0]).sort((a, b) => a.from - b.from);
    const driveOf = (id: number) => travelMinutes(haversineKm(base, stops.find((s) => s.id === id)!));
    expect(monday[0].from).toBe(8 * 60 + driveOf(monday[0].id));
    // 08:00–16:00 less lunch holds 7 hours, but the drives there and back take 40 minutes: 6 fit on Monday.
    expect(monday.length).toBe(6);
    expect(monday[monday.length - 1].to).toBeLessThanOrEqual(16 * 60 - driveOf(monday[monday.length - 1].id));
    const withoutBase = layOut([weekFreeTime(hours(dates))], stops, { intervalMinutes: 0 });
    expect(withoutBase.placed.filter((p) => p.date === dates[0]).length).toBe(7);
    // Two days, each there and back (about 10 km each way), on top of the paths between the stops.
    expect(r.kilometres - withoutBase.kilometres).toBeGreaterThan(2 * 2 * 9.5);
    expect(r.days.reduce((sum, d) => sum + d.km, 0)).toBeCloseTo(r.kilometres, 6);
  });

  it('a day that starts and ends at the base is ordered as a loop: out along the street and back, never longer than the order given', () => {
    for (let seed = 1; seed <= 30; seed++) {
      let x = seed;
      const rnd = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const pts = Array.from({ length: 3 + (seed % 8) }, () => ({ lat: 59.85 + rnd() * 0.1, lng: 10.4 + rnd() * 0.2 }));
      const order = shortestLoop(base, pts);
      expect([...order].sort((a, b) => a - b)).toEqual(pts.map((_, i) => i));
      expect(routeKm(order.map((i) => pts[i]), base)).toBeLessThanOrEqual(routeKm(pts, base) + 1e-9);
    }
    // Stops along one line north of the base: the loop goes out and comes back, twice the farthest.
    const line = [3, 1, 4, 2].map((k) => ({ lat: 59.98 + k * 0.01, lng: 10.52 }));
    const loop = shortestLoop(base, line).map((i) => line[i]);
    expect(routeKm(loop, base)).toBeCloseTo(2 * haversineKm(base, line[2]), 6);
  });

  it('higher priorities are laid first and what the week cannot hold is of the lowest priority', () => {
    // Seven stops fit a day; one day of free time, ten stops: three of them, all of priority 0, are left.
    const oneDay = [weekFreeTime(hours(dates.slice(0, 1)))];
    const stops = cluster(10).map((s, i) => ({ ...s, priority: i % 3 === 0 ? 0 : i % 3 === 1 ? 2 : 1 }));
    const r = layOut(oneDay, stops, { intervalMinutes: 0 });
    expect(r.rest.length).toBe(3);
    expect(r.rest.every((s) => !s.priority)).toBe(true);
    // Over a week the priority-2 stops come first in the day.
    const week = layOut([weekFreeTime(hours(dates))], cluster(14).map((s, i) => ({ ...s, priority: i < 7 ? 0 : 3 })), { intervalMinutes: 0 });
    const firstDay = week.placed.filter((p) => p.date === dates[0]).map((p) => p.id);
    expect(firstDay.sort((a, b) => a - b)).toEqual([8, 9, 10, 11, 12, 13, 14]);
    // Keeping the selection order leaves priority alone.
    const kept = layOut(oneDay, stops, { intervalMinutes: 0, keepSelectionOrder: true });
    expect(kept.rest.map((s) => s.id)).toEqual([8, 9, 10]);
  });
});

describe('Oslo times', () => {
  it('converts wall-clock minutes to instants in winter and summer', () => {
    expect(osloInstant('2026-12-01', 8 * 60).toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(osloInstant('2026-06-01', 8 * 60).toISOString()).toBe('2026-06-01T06:00:00.000Z');
    expect(osloDayMinute(new Date('2026-06-01T06:00:00Z'))).toEqual({ date: '2026-06-01', minute: 480 });
  });
});
