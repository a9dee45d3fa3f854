/**
 * Schedule history's logic: ISO weeks of Oslo days over year boundaries (src/features/schedule/history/weeks.ts),
 * the ranges the device holds (src/data/mySchedule.ts: merged, owned by one user), the fetch that keeps
 * a past week, and the week's own jobs by Oslo day (schedule/queries.ts).
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { db, META } from '../../src/data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import { HELD_KEY, mergeRanges, myScheduleBetween } from '../../src/data/mySchedule';
import { covers, fetchMySchedule, myScheduleHeld } from '../../src/features/schedule/history/held';
import { configureTransport } from '../../src/data/transport';
import type { Job } from '../../src/domain/api';
import type { MyScheduleItem } from '../../src/domain/schemas/mySchedule';
import { osloInstant } from '../../src/domain/time/oslo';
import { queryJobsBetween } from '../../src/features/schedule/queries';
import {
  clampWeek, daysOf, formatWeekParam, latestHistoryWeek, parseWeekParam, shiftWeek, weekOf,
} from '../../src/features/schedule/history/weeks';

describe('history weeks', () => {
  it('are ISO weeks, Monday to Sunday, across New Year', () => {
    // 2026 has 53 ISO weeks: 31 Dec 2026 and 3 Jan 2027 are in 2026-W53.
    expect(weekOf('2026-12-31')).toEqual({ year: 2026, week: 53, from: '2026-12-28', to: '2027-01-03' });
    expect(weekOf('2027-01-03')).toEqual({ year: 2026, week: 53, from: '2026-12-28', to: '2027-01-03' });
    expect(weekOf('2027-01-04')).toEqual({ year: 2027, week: 1, from: '2027-01-04', to: '2027-01-10' });
    // 29 Dec 2025 already belongs to 2026-W01.
    expect(weekOf('2025-12-29')).toEqual({ year: 2026, week: 1, from: '2025-12-29', to: '2026-01-04' });
    expect(shiftWeek(weekOf('2027-01-05'), -1).week).toBe(53);
    expect(shiftWeek(weekOf('2026-01-01'), -1)).toEqual({ year: 2025, week: 52, from: '2025-12-22', to: '2025-12-28' });
    expect(shiftWeek(weekOf('2025-12-22'), 1)).toMatchObject({ year: 2026, week: 1 });
    expect(daysOf(weekOf('2026-12-31'))).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('open on the week before today, and go no later', () => {
    expect(latestHistoryWeek('2027-01-06')).toMatchObject({ year: 2026, week: 53 });
    expect(latestHistoryWeek('2026-11-28')).toMatchObject({ year: 2026, week: 47, from: '2026-11-16', to: '2026-11-22' });
    const latest = latestHistoryWeek('2026-11-28');
    expect(clampWeek(weekOf('2026-11-25'), latest)).toBe(latest);
    expect(clampWeek(weekOf('2026-01-01'), latest)).toMatchObject({ year: 2026, week: 1 });
  });

  it('are named in the address as YYYY-Www, and only weeks that exist are read', () => {
    expect(formatWeekParam(weekOf('2026-02-11'))).toBe('2026-W07');
    expect(parseWeekParam('2026-W07')).toEqual(weekOf('2026-02-11'));
    expect(parseWeekParam('2026-W7')).toEqual(weekOf('2026-02-11'));
    expect(parseWeekParam('2026-W53')).toMatchObject({ from: '2026-12-28' });
    expect(parseWeekParam('2025-W53')).toBeNull();
    expect(parseWeekParam('2026-W00')).toBeNull();
    expect(parseWeekParam('2026-11-16')).toBeNull();
    expect(parseWeekParam(null)).toBeNull();
  });
});

describe('held ranges', () => {
  it('merge where they overlap or touch, and cover a week only wholly', () => {
    expect(mergeRanges([{ from: '2026-11-16', to: '2026-11-22' }, { from: '2026-10-01', to: '2026-11-15' }, { from: '2026-12-01', to: '2026-12-07' }]))
      .toEqual([{ from: '2026-10-01', to: '2026-11-22' }, { from: '2026-12-01', to: '2026-12-07' }]);
    const held = [{ from: '2026-10-01', to: '2026-11-18' }, { from: '2026-11-19', to: '2026-11-30' }];
    expect(covers(held, { from: '2026-11-16', to: '2026-11-22' })).toBe(true);
    expect(covers(held, { from: '2026-11-30', to: '2026-12-06' })).toBe(false);
    expect(covers([], { from: '2026-11-16', to: '2026-11-22' })).toBe(false);
  });
});

const ola: Session = {
  userId: 'user-ola', registrationId: 11, roleId: 1, isAdmin: false, companyId: 'company-a', customerId: 'cust-1',
  customerNumber: '4601', customerName: 'Bergen Vann KF', name: 'Ola Nordmann', email: 'ola@example.no',
  gdprConsent: true, hasAgreement: false, userType: 'plumber',
};

const item = (id: number, day: string, minute: number): MyScheduleItem => ({
  id, scheduleId: 1, weekNo: 1, year: 2027, status: 1, address: `Gate ${id}`, objectType: 2, scheduledDate: day,
  scheduleStartDateTime: osloInstant(day, minute).toISOString(), scheduleEndDateTime: osloInstant(day, minute + 60).toISOString(),
  duration: 60, notes: null, latitude: null, longitude: null,
});

describe('a past week on the device', () => {
  const realFetch = globalThis.fetch;
  const asked: string[] = [];
  beforeEach(async () => {
    asked.length = 0;
    await Promise.all([db.mySchedule.clear(), db.meta.clear(), db.jobs.clear()]);
    await db.meta.put({ key: META.ownerUserId, value: ola.userId });
    configureTransport({ baseUrl: 'http://api.test' });
    setSession(ola);
    setAccessTokenProvider(async () => 'token-ola');
    globalThis.fetch = (async (url: string) => {
      asked.push(String(url));
      const q = new URL(String(url)).searchParams;
      return new Response(JSON.stringify({ from: q.get('from'), to: q.get('to'), items: [item(2, '2026-12-31', 9 * 60), item(1, '2026-12-28', 8 * 60)] }), {
        status: 200, headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
  });
  afterAll(() => { globalThis.fetch = realFetch; });

  it('is not held until fetched, then is kept for its owner only', async () => {
    const w = weekOf('2026-12-31');
    expect(await myScheduleHeld(w.from, w.to)).toBe(false);
    await db.mySchedule.put(item(9, '2026-12-29', 600)); // left from an older answer, gone since
    await fetchMySchedule(w.from, w.to);
    expect(asked).toEqual(['http://api.test/api/Schedule/mine?from=2026-12-28&to=2027-01-03']);
    expect(await myScheduleHeld(w.from, w.to)).toBe(true);
    expect((await myScheduleBetween(w.from, w.to)).map((i) => i.id)).toEqual([1, 2]);
    expect(await myScheduleHeld('2026-12-21', '2026-12-27')).toBe(false);
    // Another user's sign-in owns the replica now: what Ola's device held is not theirs.
    await db.meta.put({ key: META.ownerUserId, value: 'user-kari' });
    expect(await myScheduleHeld(w.from, w.to)).toBe(false);
    expect((await db.meta.get(HELD_KEY))?.value).toMatchObject({ userId: ola.userId });
  });

  it('is not written when another user signed in meanwhile', async () => {
    await db.meta.put({ key: META.ownerUserId, value: 'user-kari' });
    await fetchMySchedule('2026-12-28', '2027-01-03');
    expect(await db.mySchedule.count()).toBe(0);
    expect(await db.meta.get(HELD_KEY)).toBeUndefined();
  });

  it("shows the user's own jobs of the week by Oslo day, the week's edges in Oslo time", async () => {
    const job = (jobId: string, at: Date, assignedToId = ola.registrationId) => ({ jobId, refNr: 1, title: 'Jobb', subscriberText: 'x', scheduledDate: at.toISOString(), assignedToId } as unknown as Job);
    await db.jobs.bulkPut([
      job('sunday-late', osloInstant('2027-01-03', 23 * 60 + 30)), // 22:30 UTC: still the week's Sunday in Oslo
      job('monday-early', osloInstant('2026-12-28', 0)),
      job('before', osloInstant('2026-12-27', 23 * 60 + 59)),
      job('after', osloInstant('2027-01-04', 0)),
      job('other', osloInstant('2026-12-30', 600), 99),
    ]);
    const rows = await queryJobsBetween(db, ola.registrationId, '2026-12-28', '2027-01-03');
    expect(rows.map((r) => [r.job.jobId, r.day])).toEqual([['monday-early', '2026-12-28'], ['sunday-late', '2027-01-03']]);
  });
});
