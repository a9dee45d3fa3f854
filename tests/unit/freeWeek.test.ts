/**
 * The capacity rule (src/domain/scheduling/freeWeek.ts): the available hours of every ISO week of
 * 2026–2028 under Norway's holidays (read by date, so week 53 of 2026 holds 1 January 2027), and,
 * as properties over random weeks, that "fits" is the batch's own layout (layout.ts layOut).
 * Expected figures are computed here with plain date and minute arithmetic, never with hours.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CancellationReason } from '../../src/domain/enums';
import { isoWeek, isoWeekDates, isoWeeksInYear } from '../../src/domain/time/oslo';
import { AvailabilityType, ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import { occupiesTime } from '../../src/domain/scheduling/itemStatus';
import {
  availableFrom, freeWeek, howManyMoreFit, planFit, workingWeek, type LaidItem, type PlanFit, type WeekFacts,
} from '../../src/domain/scheduling/freeWeek';
import type { AvailabilityLike, DayMinute, HolidayLike, Span, WeekDayHours } from '../../src/domain/scheduling/hours';
import { gapMinutes, layOut, type LayoutItem } from '../../src/domain/scheduling/layout';
import { haversineKm, travelMinutes } from '../../src/domain/scheduling/routeOrder';
import type { DayHours } from '../../src/domain/settings/dayHours';
import { easterSunday, HOLIDAY_DAY_END, HOLIDAY_DAY_START, HolidayType, norwegianPublicHolidays } from '../../src/domain/settings/holidays';

// ---- plain arithmetic, independent of the code under test ----

const pad = (n: number) => String(n).padStart(2, '0');
const hm = (m: number) => `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
const mins = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const DAY = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const plusDays = (date: string, n: number) => new Date(utc(date) + n * DAY).toISOString().slice(0, 10);
/** 0 Sunday … 6 Saturday. */
const weekdayOf = (date: string) => new Date(utc(date)).getUTCDay();

const OFF: DayHours = { startTime: null, lunchStartTime: null, lunchEndTime: null, endTime: null };
/** The demo company's hours: weekdays 07:00–15:30, lunch 11:30–12:00, weekend off. */
const DEMO: DayHours = { startTime: '07:00', lunchStartTime: '11:30', lunchEndTime: '12:00', endTime: '15:30' };
const DEMO_SPANS: [number, number][] = [[7 * 60, 11 * 60 + 30], [12 * 60, 15 * 60 + 30]];
const NOON = 12 * 60;

const demoDays = (dates: readonly string[]): WeekDayHours[] =>
  dates.map((date) => ({ date, hours: weekdayOf(date) >= 1 && weekdayOf(date) <= 5 ? DEMO : OFF }));

const fullDay = (date: string): HolidayLike => ({ date, holidayTypeId: HolidayType.FullDay, startTime: HOLIDAY_DAY_START, endTime: HOLIDAY_DAY_END });
const halfDayToNoon = (date: string): HolidayLike => ({ date, holidayTypeId: HolidayType.HalfDay, startTime: HOLIDAY_DAY_START, endTime: '12:00' });

/** A company calendar of `years`: Norway's public holidays as full days, 24 and 31 December as half days until 12:00. */
const calendarOf = (years: readonly number[]): HolidayLike[] => years.flatMap((y) => [
  ...norwegianPublicHolidays(y).map((h) => fullDay(h.date)),
  halfDayToNoon(`${y}-12-24`), halfDayToNoon(`${y}-12-31`),
]);

const facts = (year: number, weekNo: number, over: Partial<WeekFacts> = {}): WeekFacts => {
  const dates = isoWeekDates(year, weekNo);
  return {
    year, weekNo, dates, days: demoDays(dates), holidays: [], availability: [], unavailable: [], laid: [], intervalMinutes: 0, hasHours: true, ...over,
  };
};

describe('available hours of every ISO week of 2026–2028 (demo hours, Norwegian holidays by date)', () => {
  it('the calendar the figures rest on: ISO week counts, week dates, Easter', () => {
    expect([2026, 2027, 2028].map(isoWeeksInYear)).toEqual([53, 52, 52]);
    expect(isoWeekDates(2026, 53)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(isoWeekDates(2026, 1)[0]).toBe('2025-12-29');
    expect([2025, 2026, 2027, 2028, 2029].map(easterSunday)).toEqual(['2025-04-20', '2026-04-05', '2027-03-28', '2028-04-16', '2029-04-01']);
    for (const year of [2026, 2027, 2028]) {
      for (let w = 1; w <= isoWeeksInYear(year); w++) {
        const dates = isoWeekDates(year, w);
        expect(weekdayOf(dates[0])).toBe(1);
        expect(dates).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => plusDays(dates[0], i)));
        expect(isoWeek(dates[3])).toEqual({ year, week: w });
      }
      // Consecutive weeks: the next Monday is the Monday of week 1 of the next year.
      expect(plusDays(isoWeekDates(year, isoWeeksInYear(year))[0], 7)).toBe(isoWeekDates(year + 1, 1)[0]);
    }
  });

  it('availableFrom(Monday 00:00) equals the figure by hand for each of the 157 weeks', () => {
    const halfDayMinutes = DEMO_SPANS.reduce((s, [a, b]) => s + Math.max(0, b - Math.max(a, NOON)), 0);
    const fullMinutes = DEMO_SPANS.reduce((s, [a, b]) => s + b - a, 0);
    expect([fullMinutes, halfDayMinutes]).toEqual([480, 210]);
    const figures = new Map<string, number>();
    let weeks = 0;
    for (const year of [2026, 2027, 2028]) {
      for (let w = 1; w <= isoWeeksInYear(year); w++) {
        weeks++;
        const dates = isoWeekDates(year, w);
        // Holidays of every year the week's dates fall in, unfiltered: the rule must pick them by date.
        const years = [...new Set(dates.map((d) => Number(d.slice(0, 4))))];
        const holidays = calendarOf(years);
        const fullDates = new Set(years.flatMap((y) => norwegianPublicHolidays(y).map((h) => h.date)));
        const expected = dates.reduce((sum, date) => {
          const wd = weekdayOf(date);
          if (wd === 0 || wd === 6 || fullDates.has(date)) return sum;
          if (date.endsWith('-12-24') || date.endsWith('-12-31')) return sum + halfDayMinutes;
          return sum + fullMinutes;
        }, 0);
        const f = facts(year, w, { holidays });
        const got = availableFrom(f, { date: dates[0], minute: 0 });
        figures.set(`${year}-W${w}`, got);
        expect(got, `${year} week ${w} (${dates[0]}–${dates[6]})`).toBe(expected);
        // The summary's figure and the working week agree, and starting before the week changes nothing.
        expect(workingWeek(f).map((d) => d.date)).toEqual(dates);
        expect(availableFrom(f, { date: plusDays(dates[0], -3), minute: 600 })).toBe(expected);
      }
    }
    expect(weeks).toBe(53 + 52 + 52);
    // Anchors by hand.
    expect(figures.get('2026-W53')).toBe(1650); // Mon–Wed 3 × 480, Thu 31 Dec 210, Fri 1 Jan 2027 0
    expect(figures.get('2026-W1')).toBe(1650); // 29–30 Dec 2025 480 each, Wed 31 Dec 2025 210, Thu 1 Jan 0, Fri 480
    expect(figures.get('2026-W52')).toBe(1650); // Mon–Wed, Thu 24 Dec 210, Fri 25 Dec 0
    expect(figures.get('2026-W14')).toBe(1440); // Skjærtorsdag 2 April, Langfredag 3 April
    expect(figures.get('2026-W15')).toBe(1920); // 2. påskedag 6 April
    expect(figures.get('2026-W10')).toBe(2400);
    expect(figures.get('2027-W51')).toBe(2130); // Mon–Thu 4 × 480, Fri 24 Dec 210; 25–26 Dec on the weekend
    expect(figures.get('2027-W52')).toBe(2130); // Mon–Thu 27–30 Dec 4 × 480, Fri 31 Dec 210
  });

  it('week 53 of 2026 is 27.5 hours, whichever year the holidays were entered under', () => {
    const f = facts(2026, 53, { holidays: calendarOf([2026, 2027]) });
    expect(availableFrom(f, { date: '2026-12-28', minute: 0 })).toBe(1650);
    expect(workingWeek(f).map((d) => d.spans)).toEqual([
      [[420, 690], [720, 930]], [[420, 690], [720, 930]], [[420, 690], [720, 930]], [[720, 930]], [], [], [],
    ]);
    // Without 2027's calendar 1 January would count as a working day: the figure depends on the date.
    expect(availableFrom(facts(2026, 53, { holidays: calendarOf([2026]) }), { date: '2026-12-28', minute: 0 })).toBe(1650 + 480);
    // From Thursday 31 December 13:00: 13:00–15:30 only.
    expect(availableFrom(f, { date: '2026-12-31', minute: 13 * 60 })).toBe(150);
  });
});

// ---- random weeks for the properties ----

const five = (lo: number, hi: number) => fc.integer({ min: lo / 5, max: hi / 5 }).map((x) => x * 5);

const workDayArb = fc.record({
  start: five(300, 600),
  len: five(120, 660),
  lunch: fc.option(fc.record({ after: five(60, 330), len: five(15, 60) }), { nil: null }),
}).map(({ start, len, lunch }): DayHours => {
  const end = start + len;
  if (!lunch || start + lunch.after + lunch.len >= end) return { startTime: hm(start), lunchStartTime: null, lunchEndTime: null, endTime: hm(end) };
  return { startTime: hm(start), lunchStartTime: hm(start + lunch.after), lunchEndTime: hm(start + lunch.after + lunch.len), endTime: hm(end) };
});
const dayHoursArb = fc.oneof({ weight: 1, arbitrary: fc.constant(OFF) }, { weight: 3, arbitrary: workDayArb });

type HolidayDraw = null | 'full' | { from: number; len: number };
const holidayArb: fc.Arbitrary<HolidayDraw> = fc.oneof(
  { weight: 8, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant('full' as const) },
  { weight: 1, arbitrary: fc.record({ from: five(360, 1020), len: five(15, 300) }) },
);
const entryArb = fc.record({
  day: fc.integer({ min: 0, max: 6 }),
  type: fc.constantFrom(AvailabilityType.Absent, AvailabilityType.Extended, AvailabilityType.Unavailable, AvailabilityType.Lunch, AvailabilityType.Available),
  from: five(240, 1200),
  len: five(5, 300),
});
const slotArb = fc.record({ day: fc.integer({ min: 0, max: 6 }), from: five(360, 1020), len: five(15, 120) });
const laidArb = fc.record({ day: fc.integer({ min: 0, max: 6 }), from: five(330, 1050), len: five(15, 120), relaid: fc.boolean() });
const weekArb = fc.record({
  days: fc.array(dayHoursArb, { minLength: 7, maxLength: 7 }),
  holidays: fc.array(holidayArb, { minLength: 7, maxLength: 7 }),
  availability: fc.array(entryArb, { maxLength: 4 }),
  unavailable: fc.array(slotArb, { maxLength: 3 }),
  laid: fc.array(laidArb, { maxLength: 6 }),
});
const durationArb = fc.oneof(fc.integer({ min: 15, max: 120 }), fc.integer({ min: 1, max: 8 }).map((x) => x * 15));
const itemArb = fc.record({
  duration: durationArb,
  at: fc.option(fc.record({ lat: fc.double({ min: 59.8, max: 60.1, noNaN: true }), lng: fc.double({ min: 10.5, max: 11, noNaN: true }) }), { nil: null }),
  key: fc.nat(),
  priority: fc.integer({ min: 0, max: 3 }),
});
const ALL_WEEKS = [2026, 2027, 2028].flatMap((year) => Array.from({ length: isoWeeksInYear(year) }, (_, i) => ({ year, week: i + 1 })));
const scenarioArb = fc.record({
  week: fc.integer({ min: 0, max: ALL_WEEKS.length - 1 }),
  twoWeeks: fc.boolean(),
  weeks: fc.array(weekArb, { minLength: 2, maxLength: 2 }),
  interval: fc.integer({ min: 0, max: 30 }),
  start: fc.record({ day: fc.integer({ min: 0, max: 6 }), minute: fc.integer({ min: 0, max: 1439 }) }),
  items: fc.array(itemArb, { maxLength: 40 }),
  relaidKeys: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
  /** The company's base: none, or a point among the stops' (Bærum) or far from them (Trysil). */
  base: fc.option(fc.oneof(
    fc.record({ lat: fc.double({ min: 59.8, max: 60.1, noNaN: true }), lng: fc.double({ min: 10.5, max: 11, noNaN: true }) }),
    fc.constant({ lat: 61.3, lng: 12.26 }),
  ), { nil: null }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;
type WeekDraw = Scenario['weeks'][number];

function weekFacts(year: number, weekNo: number, draw: WeekDraw, w: number, interval: number, base: WeekFacts['base'] = null): { facts: WeekFacts; relaid: LaidItem[] } {
  const dates = isoWeekDates(year, weekNo);
  const holidays: HolidayLike[] = draw.holidays.flatMap((h, i): HolidayLike[] => {
    if (h === null) return [];
    if (h === 'full') return [fullDay(dates[i])];
    return [{ date: dates[i], holidayTypeId: HolidayType.HalfDay, startTime: hm(h.from), endTime: hm(Math.min(h.from + h.len, 1080)) }];
  });
  const availability: AvailabilityLike[] = draw.availability.map((a) => ({
    date: dates[a.day], availabilityType: a.type, startTime: hm(a.from), endTime: hm(Math.min(a.from + a.len, 1435)),
  }));
  const unavailable = draw.unavailable.map((s) => ({ date: dates[s.day], startTime: hm(s.from), endTime: hm(s.from + s.len) }));
  const laid: LaidItem[] = draw.laid.map((l, i) => ({ id: 1000 + w * 100 + i, date: dates[l.day], from: l.from, to: l.from + l.len, status: ScheduleItemStatus.Scheduled }));
  const relaid = laid.filter((_, i) => draw.laid[i].relaid);
  return {
    facts: {
      year, weekNo, dates, days: dates.map((date, i) => ({ date, hours: draw.days[i] })), holidays, availability, unavailable, laid,
      intervalMinutes: interval, base, hasHours: draw.days.some((d) => d.startTime !== null),
    },
    relaid,
  };
}

interface Built {
  weeks: WeekFacts[];
  start: DayMinute;
  relaying: Set<number>;
  /** Relaid items and new ones, in a random (admin's) order. */
  candidates: LayoutItem[];
}

function build(s: Scenario): Built {
  const first = ALL_WEEKS[s.week];
  const nextMonday = plusDays(isoWeekDates(first.year, first.week)[0], 7);
  const second = isoWeek(nextMonday);
  const parts = [weekFacts(first.year, first.week, s.weeks[0], 0, s.interval, s.base)];
  if (s.twoWeeks) parts.push(weekFacts(second.year, second.week, s.weeks[1], 1, s.interval, s.base));
  const weeks = parts.map((p) => p.facts);
  const relaid = parts.flatMap((p) => p.relaid);
  const keyed: { key: number; item: LayoutItem }[] = [
    ...s.items.map((it, i) => ({ key: it.key, item: { id: i + 1, duration: it.duration, priority: it.priority, ...(it.at ?? {}) } })),
    ...relaid.map((l, i) => ({ key: s.relaidKeys[i % s.relaidKeys.length], item: { id: l.id, duration: l.to - l.from } })),
  ];
  keyed.sort((a, b) => a.key - b.key || a.item.id - b.item.id);
  return {
    weeks, relaying: new Set(relaid.map((l) => l.id)), candidates: keyed.map((k) => k.item),
    start: { date: weeks[0].dates[s.start.day], minute: s.start.minute },
  };
}

/**
 * The free minutes of one day by hand, minute by minute: working hours less lunch, plus extended and
 * available entries, inside 06:00–18:00; less holidays, absence, unavailable and lunch entries; less
 * everything before `start`; less laid items not relaid and unavailable slots, each widened by the interval.
 */
function freeMinutesByHand(f: WeekFacts, date: string, start: DayMinute, relaying: ReadonlySet<number>): boolean[] {
  const free: boolean[] = new Array<boolean>(1440).fill(false);
  const set = (a: number, b: number, v: boolean) => { for (let m = Math.max(0, a); m < Math.min(1440, b); m++) free[m] = v; };
  const h = f.days.find((d) => d.date === date)!.hours;
  if (h.startTime && h.endTime) {
    set(mins(h.startTime), mins(h.endTime), true);
    if (h.lunchStartTime && h.lunchEndTime) set(mins(h.lunchStartTime), mins(h.lunchEndTime), false);
  }
  const entries = f.availability.filter((a) => a.date === date);
  for (const a of entries) {
    if (a.availabilityType === AvailabilityType.Extended || a.availabilityType === AvailabilityType.Available) set(mins(a.startTime), mins(a.endTime), true);
  }
  set(0, 6 * 60, false);
  set(18 * 60, 1440, false);
  for (const x of f.holidays.filter((y) => y.date === date)) {
    if (x.holidayTypeId === HolidayType.FullDay) set(0, 1440, false);
    else set(mins(x.startTime), mins(x.endTime), false);
  }
  for (const a of entries) {
    if (a.availabilityType === AvailabilityType.Absent || a.availabilityType === AvailabilityType.Unavailable || a.availabilityType === AvailabilityType.Lunch) {
      set(mins(a.startTime), mins(a.endTime), false);
    }
  }
  if (date < start.date) set(0, 1440, false);
  if (date === start.date) set(0, start.minute, false);
  const iv = f.intervalMinutes;
  for (const l of f.laid) if (l.date === date && !relaying.has(l.id)) set(l.from - iv, l.to + iv, false);
  // freeWeek (layout.ts freeTime) widens the unavailable slots by the interval too.
  for (const s of f.unavailable) if (s.date === date) set(mins(s.startTime) - iv, mins(s.endTime) + iv, false);
  return free;
}

const runsOf = (free: readonly boolean[]): [number, number][] => {
  const out: [number, number][] = [];
  for (let m = 0; m < free.length; m++) {
    if (!free[m]) continue;
    const last = out[out.length - 1];
    if (last && last[1] === m) last[1] = m + 1;
    else out.push([m, m + 1]);
  }
  return out;
};
const merged = (spans: readonly Span[]): [number, number][] => {
  const out: [number, number][] = [];
  for (const [a, b] of spans) {
    const last = out[out.length - 1];
    if (last && last[1] === a) last[1] = b;
    else out.push([a, b]);
  }
  return out;
};

const ids = (xs: readonly { id: number }[]) => xs.map((x) => x.id);
const overlaps = (a: number, b: number, c: number, d: number) => a < d && c < b;

/** (b): every placed item inside one free span of its day, spaced by the interval, clear of kept items and unavailable slots. */
function checkPlacement(fit: PlanFit, b: Built) {
  const byId = new Map(b.candidates.map((c) => [c.id, c]));
  const iv = b.weeks[0]?.intervalMinutes ?? 0;
  const free = b.weeks.map((f) => freeWeek(f, { notBefore: b.start, relaying: b.relaying }));
  const byHandOf = new Map<string, boolean[]>();
  for (const p of fit.placed) {
    const item = byId.get(p.id)!;
    const f = b.weeks[p.week];
    expect(f.dates).toContain(p.date);
    expect(p.to - p.from).toBe(item.duration);
    const day = free[p.week].find((d) => d.date === p.date)!;
    expect(day.spans.some(([x, y]) => x <= p.from && p.to <= y), `item ${p.id} ${p.date} ${hm(p.from)}–${hm(p.to)} in ${JSON.stringify(day.spans)}`).toBe(true);
    expect(p.date > b.start.date || (p.date === b.start.date && p.from >= b.start.minute)).toBe(true);
    const key = `${p.week} ${p.date}`;
    if (!byHandOf.has(key)) byHandOf.set(key, freeMinutesByHand(f, p.date, b.start, b.relaying));
    const byHand = byHandOf.get(key)!;
    const taken = [];
    for (let m = p.from; m < p.to; m++) if (!byHand[m]) taken.push(hm(m));
    expect(taken, `item ${p.id} on ${p.date}: minutes not free by hand`).toEqual([]);
    for (const l of f.laid) {
      if (l.date !== p.date || b.relaying.has(l.id)) continue;
      expect(overlaps(p.from, p.to, l.from - iv, l.to + iv), `item ${p.id} against kept item ${l.id}`).toBe(false);
    }
    for (const s of f.unavailable) {
      if (s.date === p.date) expect(overlaps(p.from, p.to, mins(s.startTime), mins(s.endTime)), `item ${p.id} against an unavailable slot`).toBe(false);
    }
  }
  const byDay = new Map<string, typeof fit.placed>();
  for (const p of fit.placed) byDay.set(`${p.week} ${p.date}`, [...(byDay.get(`${p.week} ${p.date}`) ?? []), p]);
  for (const [key, list] of byDay) {
    const sorted = [...list].sort((x, y) => x.from - y.from);
    for (let i = 1; i < sorted.length; i++) {
      expect(sorted[i].from, `${key}: ${sorted[i - 1].id} then ${sorted[i].id}`).toBeGreaterThanOrEqual(sorted[i - 1].to + iv);
    }
    expect(fit.days.find((d) => `${d.week} ${d.date}` === key)?.items).toBe(list.length);
  }
}

describe('the capacity rule is the layout (properties over random weeks)', () => {
  it('freeWeek is the free time by hand, minute by minute, and its spans are sorted and disjoint', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const b = build(s);
      for (const f of b.weeks) {
        const free = freeWeek(f, { notBefore: b.start, relaying: b.relaying });
        expect(free.map((d) => d.date)).toEqual(f.dates);
        for (const d of free) {
          for (const [x, y] of d.spans) expect(x).toBeLessThan(y);
          for (let i = 1; i < d.spans.length; i++) expect(d.spans[i][0]).toBeGreaterThanOrEqual(d.spans[i - 1][1]);
          expect(merged(d.spans), d.date).toEqual(runsOf(freeMinutesByHand(f, d.date, b.start, b.relaying)));
        }
      }
    }), { numRuns: 100 });
  });

  it('(a) howManyMoreFit = k in the selection order: the first k fit, the first k + 1 leave exactly candidate k out', () => {
    const kept = { keepSelectionOrder: true };
    fc.assert(fc.property(scenarioArb, (s) => {
      const b = build(s);
      const k = howManyMoreFit(b.weeks, [], b.candidates, b.start, b.relaying, kept);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThanOrEqual(b.candidates.length);
      expect(planFit(b.weeks, b.candidates.slice(0, k), b.start, b.relaying, kept).rest).toEqual([]);
      // The route order never leaves out more than the selection order.
      expect(planFit(b.weeks, b.candidates.slice(0, k), b.start, b.relaying).rest).toEqual([]);
      if (k < b.candidates.length) {
        const over = planFit(b.weeks, b.candidates.slice(0, k + 1), b.start, b.relaying, kept);
        // Adding an item never makes room for an earlier one: the one left out is the last.
        expect(ids(over.rest)).toEqual([b.candidates[k].id]);
      }
      // With items already chosen the count is of the candidates after them.
      if (k > 0) {
        const j = Math.floor(k / 2);
        expect(howManyMoreFit(b.weeks, b.candidates.slice(0, j), b.candidates.slice(j), b.start, b.relaying, kept)).toBe(k - j);
      }
      // In the route order (what the page and the submit use) the count found does fit.
      const routed = howManyMoreFit(b.weeks, [], b.candidates, b.start, b.relaying);
      expect(planFit(b.weeks, b.candidates.slice(0, routed), b.start, b.relaying).rest).toEqual([]);
      expect(routed).toBeGreaterThanOrEqual(k);
    }), { numRuns: 100 });
  });

  it('judges a polygon over 30,000 points by the most the free minutes can hold, not by routing all of them', () => {
    const week = facts(2027, 10);
    const start = { date: week.dates[0], minute: 0 };
    const many = Array.from({ length: 30_000 }, (_, i) => ({ id: i + 1, duration: 30, lat: 59.9 + (i % 173) / 1e4, lng: 10.5 + (i % 191) / 1e4 }));
    const started = Date.now();
    const k = howManyMoreFit([week], [], many, start, new Set());
    // Seconds, where 30,000 routed at once would need a 7 GB distance table.
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(k).toBeGreaterThan(0);
    expect(k).toBeLessThanOrEqual(Math.floor(availableFrom(week, start) / 30));
    expect(planFit([week], many.slice(0, k), start, new Set()).rest).toEqual([]);
  });

  it('(b) every item laid lies in one free span of its day, spaced by the interval, clear of kept items and unavailable slots', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const b = build(s);
      checkPlacement(planFit(b.weeks, b.candidates, b.start, b.relaying), b);
      checkPlacement(planFit(b.weeks, b.candidates, b.start, b.relaying, { keepSelectionOrder: true }), b);
    }), { numRuns: 100 });
  });

  it('(c) "fits" is the layout: planFit is layOut over freeWeek with the same options; the route order never leaves out more, nor drives further per plan than the selection order laid', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const b = build(s);
      const free = b.weeks.map((f) => freeWeek(f, { notBefore: b.start, relaying: b.relaying }));
      for (const keepSelectionOrder of [true, false]) {
        const direct = layOut(free, b.candidates, { intervalMinutes: s.interval, keepSelectionOrder, base: s.base });
        const fit = planFit(b.weeks, b.candidates, b.start, b.relaying, { keepSelectionOrder });
        expect(ids(fit.rest)).toEqual(ids(direct.rest));
        expect(fit.placed).toEqual(direct.placed);
      }
      const kept = layOut(free, b.candidates, { intervalMinutes: s.interval, keepSelectionOrder: true, base: s.base });
      const routed = planFit(b.weeks, b.candidates, b.start, b.relaying);
      expect(routed.rest.length).toBeLessThanOrEqual(kept.rest.length);
      // The priority comes before the kilometres: when the route order leaves out an item of a lower
      // priority than the selection order would, it may drive further.
      const top = (rest: readonly LayoutItem[]) => Math.max(-Infinity, ...rest.map((i) => i.priority ?? 0));
      expect(top(routed.rest)).toBeLessThanOrEqual(routed.rest.length === kept.rest.length ? top(kept.rest) : Infinity);
      if (routed.rest.length === kept.rest.length && top(routed.rest) === top(kept.rest)) expect(routed.kilometres).toBeLessThanOrEqual(kept.kilometres + 1e-9);
    }), { numRuns: 100 });
  });

  it('(e) every laid day can be driven: consecutive stops are the drive apart (or the interval when longer), and with a base the first stop starts after the drive from it and the last ends in time to drive back', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const b = build(s);
      const byId = new Map(b.candidates.map((c) => [c.id, c]));
      const free = b.weeks.map((f) => freeWeek(f, { notBefore: b.start, relaying: b.relaying }));
      for (const keepSelectionOrder of [true, false]) {
        const fit = planFit(b.weeks, b.candidates, b.start, b.relaying, { keepSelectionOrder });
        const byDay = new Map<string, typeof fit.placed>();
        for (const p of fit.placed) byDay.set(`${p.week} ${p.date}`, [...(byDay.get(`${p.week} ${p.date}`) ?? []), p]);
        for (const [key, list] of byDay) {
          const sorted = [...list].sort((x, y) => x.from - y.from);
          for (let i = 1; i < sorted.length; i++) {
            const gap = gapMinutes(byId.get(sorted[i - 1].id)!, byId.get(sorted[i].id)!, s.interval);
            expect(sorted[i].from, `${key}: ${sorted[i - 1].id} then ${sorted[i].id}`).toBeGreaterThanOrEqual(sorted[i - 1].to + gap);
          }
          if (!s.base) continue;
          const spans = free[sorted[0].week].find((d) => d.date === sorted[0].date)!.spans;
          const drive = (id: number) => {
            const item = byId.get(id)!;
            return typeof item.lat === 'number' && typeof item.lng === 'number' ? travelMinutes(haversineKm(s.base!, { lat: item.lat, lng: item.lng })) : 0;
          };
          expect(sorted[0].from, `${key}: the first stop after the drive from the base`).toBeGreaterThanOrEqual(spans[0][0] + drive(sorted[0].id));
          const last = sorted[sorted.length - 1];
          expect(last.to + drive(last.id), `${key}: back at the base by the day's end`).toBeLessThanOrEqual(spans[spans.length - 1][1]);
        }
      }
    }), { numRuns: 100 });
  });

  it('(d) every item is laid or named not laid, exactly once, with the reason by the free time left', () => {
    fc.assert(fc.property(scenarioArb, (s) => {
      const b = build(s);
      const fit = planFit(b.weeks, b.candidates, b.start, b.relaying);
      const seen = [...ids(fit.placed), ...ids(fit.notPlaced)].sort((x, y) => x - y);
      expect(seen).toEqual(ids(b.candidates).sort((x, y) => x - y));
      expect(ids(fit.notPlaced)).toEqual(ids(fit.rest));
      const minutesLeft = b.weeks.reduce((sum, f) => sum + f.dates.reduce((n, date) => n + freeMinutesByHand(f, date, b.start, b.relaying).filter(Boolean).length, 0), 0);
      for (const n of fit.notPlaced) expect(n.reason).toBe(minutesLeft === 0 ? 'OutsideWeek' : 'NoTimeLeft');
    }), { numRuns: 100 });
  });
});

describe('occupiesTime', () => {
  it('a cancelled item, or one cancelled for invalid information, holds no time; the others do', () => {
    expect(occupiesTime({ status: ScheduleItemStatus.Cancelled })).toBe(false);
    expect(occupiesTime({ status: ScheduleItemStatus.Cancelled, cancellationTypeId: CancellationReason.NoReply })).toBe(false);
    expect(occupiesTime({ status: ScheduleItemStatus.Scheduled })).toBe(true);
    expect(occupiesTime({ status: ScheduleItemStatus.Scheduled, cancellationTypeId: null })).toBe(true);
    expect(CancellationReason.InvalidInformation).toBe(7);
    for (const status of Object.values(ScheduleItemStatus)) {
      expect(occupiesTime({ status, cancellationTypeId: CancellationReason.InvalidInformation }), `status ${status}, invalid information`).toBe(false);
      expect(occupiesTime({ status }), `status ${status}`).toBe(status !== ScheduleItemStatus.Cancelled);
      for (const reason of Object.values(CancellationReason)) {
        if (reason === CancellationReason.InvalidInformation) continue;
        expect(occupiesTime({ status, cancellationTypeId: reason }), `status ${status}, reason ${reason}`).toBe(status !== ScheduleItemStatus.Cancelled);
      }
    }
  });
});

describe('why an item is not laid', () => {
  // Week 10 of 2026 (2–8 March): no holidays, Monday–Friday 07:00–15:30 less lunch, 2400 minutes.
  const week10 = facts(2026, 10);
  const week11 = facts(2026, 11);
  const hours = (n: number, duration = 60): LayoutItem[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, duration }));
  const reasons = (fit: PlanFit) => [...new Set(fit.notPlaced.map((n) => n.reason))];

  it('OutsideWeek when the start is after the week\'s last free minute', () => {
    for (const start of [
      { date: '2026-03-06', minute: 15 * 60 + 30 }, // Friday at the end of the day: [07:00, 15:30) is over
      { date: '2026-03-07', minute: 8 * 60 }, // Saturday, off
      { date: '2026-03-08', minute: 23 * 60 }, // Sunday night
      { date: '2026-03-09', minute: 0 }, // after the week altogether
    ]) {
      const fit = planFit([week10], hours(3), start, new Set());
      expect(fit.placed, JSON.stringify(start)).toEqual([]);
      expect(fit.notPlaced, JSON.stringify(start)).toEqual([1, 2, 3].map((id) => ({ id, reason: 'OutsideWeek' })));
    }
  });

  it('NoTimeLeft when some time is left from the start on but not enough', () => {
    // One minute left on Friday: a one-minute item fits, an hour does not.
    const lastMinute = { date: '2026-03-06', minute: 15 * 60 + 29 };
    expect(planFit([week10], [{ id: 1, duration: 1 }], lastMinute, new Set()).placed).toEqual([{ id: 1, week: 0, date: '2026-03-06', from: 929, to: 930 }]);
    expect(planFit([week10], hours(1), lastMinute, new Set()).notPlaced).toEqual([{ id: 1, reason: 'NoTimeLeft' }]);
    // Eighty half hours fill the week from Monday 07:00 (16 a day); the next ten do not fit.
    const full = planFit([week10], hours(90, 30), { date: '2026-03-02', minute: 7 * 60 }, new Set());
    expect(full.placed).toHaveLength(80);
    expect(full.notPlaced).toEqual(Array.from({ length: 10 }, (_, i) => ({ id: 81 + i, reason: 'NoTimeLeft' })));
    // A start past the first week, with a second week still open: time is left, so NoTimeLeft.
    const two = planFit([week10, week11], hours(85, 30), { date: '2026-03-07', minute: 0 }, new Set());
    expect(two.placed).toHaveLength(80);
    expect(two.placed.every((p) => p.week === 1)).toBe(true);
    expect(reasons(two)).toEqual(['NoTimeLeft']);
    // Thursday 15:00 of week 53 of 2026: 30 minutes left that day, Friday is 1 January.
    const newYear = facts(2026, 53, { holidays: calendarOf([2026, 2027]) });
    expect(planFit([newYear], hours(1), { date: '2026-12-31', minute: 15 * 60 }, new Set()).notPlaced).toEqual([{ id: 1, reason: 'NoTimeLeft' }]);
    expect(planFit([newYear], hours(1), { date: '2026-12-31', minute: 15 * 60 + 30 }, new Set()).notPlaced).toEqual([{ id: 1, reason: 'OutsideWeek' }]);
  });
});
