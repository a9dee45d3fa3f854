// @vitest-environment happy-dom
/**
 * Schedule history's screen (src/features/schedule/history/ScheduleHistoryPage.tsx) on the device's
 * replica: a held week shows its planned items and jobs by day, read only; a week the device never
 * fetched says so offline (not an empty week), and is fetched and kept once online.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db, META } from '../../src/data/db';
import { setAccessTokenProvider, setSession, type Session } from '../../src/data/identity';
import { HELD_KEY } from '../../src/data/mySchedule';
import { configureTransport } from '../../src/data/transport';
import type { MyScheduleItem } from '../../src/domain/schemas/mySchedule';
import { osloInstant } from '../../src/domain/time/oslo';
import { ScheduleHistoryPage } from '../../src/features/schedule/history/ScheduleHistoryPage';
import { i18nReady } from '../../src/i18n';
import { system } from '../../src/ui/system';

const ola: Session = {
  userId: 'user-ola', registrationId: 11, roleId: 1, isAdmin: false, companyId: 'company-a', customerId: 'cust-1',
  customerNumber: '4601', customerName: 'Bergen Vann KF', name: 'Ola Nordmann', email: 'ola@example.no',
  gdprConsent: true, hasAgreement: false, userType: 'plumber',
};
const item = (id: number, day: string, minute: number): MyScheduleItem => ({
  id, scheduleId: 1, weekNo: 1, year: 2026, status: 1, address: `Strandgaten ${id}`, objectType: 2, scheduledDate: day,
  scheduleStartDateTime: osloInstant(day, minute).toISOString(), scheduleEndDateTime: osloInstant(day, minute + 60).toISOString(),
  duration: 60, notes: null, latitude: null, longitude: null,
});

let online = true;
const realFetch = globalThis.fetch;
const asked: string[] = [];
beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['planning']);
  Object.defineProperty(globalThis.navigator, 'onLine', { configurable: true, get: () => online });
});
beforeEach(async () => {
  online = true;
  asked.length = 0;
  await Promise.all([db.mySchedule.clear(), db.meta.clear(), db.jobs.clear()]);
  await db.meta.put({ key: META.ownerUserId, value: ola.userId });
  setSession(ola);
  configureTransport({ baseUrl: 'http://api.test' });
  setAccessTokenProvider(async () => 'token-ola');
  globalThis.fetch = (async (url: string) => {
    asked.push(String(url));
    const q = new URL(String(url)).searchParams;
    return new Response(JSON.stringify({ from: q.get('from'), to: q.get('to'), items: [item(5, '2025-12-30', 10 * 60)] }), {
      status: 200, headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
});
afterEach(() => cleanup());
afterAll(() => { globalThis.fetch = realFetch; });

const renderAt = (week: string) => render(
  <ChakraProvider value={system}><MemoryRouter initialEntries={[`/schedule/history?week=${week}`]}><ScheduleHistoryPage /></MemoryRouter></ChakraProvider>,
);

describe('Schedule history', () => {
  it('shows a held week by day, with time, address, type and status, and no action that changes anything', async () => {
    await db.mySchedule.bulkPut([item(2, '2026-01-02', 13 * 60), item(1, '2025-12-29', 9 * 60)]);
    await db.meta.put({ key: HELD_KEY, value: { userId: ola.userId, ranges: [{ from: '2025-12-01', to: '2026-01-31' }] } });
    online = false;
    renderAt('2026-W01');
    const sections = await screen.findAllByTestId('history-day-section');
    expect(sections.map((s) => s.getAttribute('data-day'))).toEqual(['2025-12-29', '2026-01-02']);
    expect(within(sections[0]).getByRole('heading').textContent).toBe('mandag 29.12.2025');
    const first = within(sections[0]).getByTestId('schedule-planned-item');
    expect(first.textContent).toContain('09:00–10:00');
    expect(first.textContent).toContain('Strandgaten 1');
    expect(first.textContent).toContain('Utskifting');
    expect(first.textContent).toContain('Satt opp');
    expect(screen.getByTestId('history-week-label').textContent).toBe('29.12.2025–04.01.2026');
    expect(asked).toEqual([]);
    // Nothing on the cards to press: planned items are read only.
    expect(within(sections[0]).queryAllByRole('button')).toEqual([]);
  });

  it('says a week never fetched is not on the device when offline, then fetches and keeps it online', async () => {
    online = false;
    renderAt('2026-W01');
    expect(await screen.findByText('Denne uken er ikke lagret på enheten')).toBeTruthy();
    expect(screen.queryByTestId('schedule-planned-item')).toBeNull();
    expect(asked).toEqual([]);

    online = true;
    globalThis.dispatchEvent(new Event('online'));
    expect((await screen.findByTestId('schedule-planned-item')).textContent).toContain('Strandgaten 5');
    expect(asked).toEqual(['http://api.test/api/Schedule/mine?from=2025-12-29&to=2026-01-04']);
    expect(screen.queryByText('Denne uken er ikke lagret på enheten')).toBeNull();
  });

  it('steps week by week into the past, and not past last week', async () => {
    await db.meta.put({ key: HELD_KEY, value: { userId: ola.userId, ranges: [{ from: '2020-01-01', to: '2030-01-01' }] } });
    renderAt('2026-W01');
    await screen.findByText('Ingen planlagte oppdrag eller jobber denne uken');
    fireEvent.click(screen.getByTestId('history-prev-week'));
    expect((await screen.findByTestId('history-week-label')).textContent).toBe('22.12.2025–28.12.2025');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Uke 52, 2025');
    cleanup();
    renderAt('2999-W01');
    const next = await screen.findByTestId('history-next-week');
    expect(next.hasAttribute('disabled')).toBe(true);
  });
});
