/**
 * Budgets of the owner's side (spec 2 §4):
 * - Notices for 200 items are committed and handed to the embedded gateway in < 5 s: from the
 *   admin's POST /api/Schedule/SendNotification for a week of 200 laid items with contacts to the
 *   moment the last of the 200 messages is handed over (the outbox's workers of `npm start`'s server,
 *   polled in the database every 20 ms). Three weeks, three sends.
 * - A reply reaches an open calendar as a colour change in < 1 s: the admin has the week open in
 *   Chromium; an owner answers JA on the demo phone (POST /api/demoPhone/reply); the clock runs from
 *   the request to the frame in which the card's colour changed (a MutationObserver in the page, the
 *   same machine's clock). Ten answers, one at a time.
 * Against `npm start`'s server (tests/e2e/serve.ts, demo data). Run alone: `npx tsx bench/run.ts owners`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { connect } from '../server/db/index';
import { schedules, scheduleItems, smsMessages, users } from '../server/db/schema';
import { insertItems } from '../server/repositories/scheduling';
import { addDays, isoWeek, isoWeekDates, osloDay, osloInstant } from '../src/domain/time/oslo';
import { freePort } from '../tests/helpers/freePort';
import { signInWithPassword, tokenClaims } from '../tests/helpers/app';
import { launchBenchBrowser, signInAdmin } from './benchBrowser';
import { startServer } from './browserJobList';

export const NOTICES_BUDGET_MS = 5000;
export const REPLY_COLOUR_BUDGET_MS = 1000;
const ITEMS = 200;
const SENDS = 3;
const REPLIES = 10;

export interface OwnersBench {
  /** Per send: ms to the answer, and to the last message handed over. */
  sends: { answeredMs: number; handedOverMs: number; notifiedMs: number }[];
  repliesMs: number[];
  withinBudget: boolean;
}

type Db = ReturnType<typeof connect>['db'];

/** Per's week `weeksAhead` ahead, with 200 items of 15 minutes from 06:00, each with its own owner's mobile. */
async function fillWeek(db: Db, weeksAhead: number, offset: number) {
  const [per] = await db.select().from(users).where(eq(users.email, 'per.johansen@sandvika-ror.no'));
  const companyId = per.companyId!;
  const w = isoWeek(addDays(osloDay(new Date()), 7 * weeksAhead));
  await db.insert(schedules).values({ companyId, assigneeId: per.registrationId, year: w.year, weekNo: w.week }).onConflictDoNothing();
  const [schedule] = await db.select().from(schedules)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.assigneeId, per.registrationId), eq(schedules.year, w.year), eq(schedules.weekNo, w.week)));
  const points = (await db.execute<{ id: number; assignment_type: number; address: string; agreement_no: string; lat: number; lng: number }>(sql`
    select id, assignment_type, address, agreement_no, lat, lng from meter_points mp
    where company_id = ${companyId} and lat is not null
      and not exists (select 1 from schedule_items si where si.meter_point_id = mp.id and si.status <> 7)
    order by id limit ${ITEMS}`)).rows;
  const dates = isoWeekDates(w.year, w.week).slice(0, 5);
  const perDay = ITEMS / dates.length;
  const made = await db.transaction((tx) => insertItems(tx, points.map((p, i) => {
    const date = dates[Math.floor(i / perDay)];
    const minute = 6 * 60 + (i % perDay) * 15;
    return {
      scheduleId: schedule.id, companyId, meterPointId: Number(p.id), objectId: null, objectType: p.assignment_type, address: p.address,
      agreementNo: p.agreement_no, duration: 15, latitude: p.lat, longitude: p.lng, sequenceNumber: i + 1, isScheduled: true,
      scheduledDate: date, startTime: osloInstant(date, minute), endTime: osloInstant(date, minute + 15),
      contactInformation: { id: 0, scheduleItemId: 0, mobileNo: String(40_000_000 + offset + i), contactPerson: { name: `Eier ${i}` } },
    };
  })));
  return { plumber: per.registrationId, year: w.year, weekNo: w.week, scheduleId: schedule.id, ids: made.map((m) => m.id) };
}


export async function benchOwners(): Promise<OwnersBench> {
  const port = await freePort();
  const pgPort = await freePort();
  const server = await startServer(port, pgPort);
  const database = connect(`postgres://meterwork:meterwork@127.0.0.1:${pgPort}/meterwork`);
  const db = database.db;
  const browser = await launchBenchBrowser(port, 'owners', { timezoneId: 'Europe/Oslo' });
  try {
    const signedIn = await signInWithPassword(`http://localhost:${port}`, 'meterwork-web', 'kari.nordmann@sandvika-ror.no', 'Meterwork-demo-2026');
    if (!signedIn.ok) throw new Error('bench sign-in failed');
    const token = signedIn.tokens.access_token;
    const headers = { authorization: `Bearer ${token}`, 'x-waapi-context': String(tokenClaims(token).customer_id ?? ''), 'content-type': 'application/json' };
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`http://localhost:${port}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      return text ? JSON.parse(text) : undefined;
    };

    const sends: OwnersBench['sends'] = [];
    let last: Awaited<ReturnType<typeof fillWeek>> | null = null;
    for (let s = 0; s < SENDS; s++) {
      const week = await fillWeek(db, 12 + s, s * 1000);
      last = week;
      const t0 = performance.now();
      await api('POST', '/api/Schedule/SendNotification', {
        scheduleId: week.scheduleId, assigneeId: week.plumber, assigneeName: 'Per Johansen', notificationTemplateKey: 'Notice',
        scheduleItemIds: week.ids, isConfirmedManually: false, weekNo: week.weekNo, year: week.year,
      });
      const answeredMs = performance.now() - t0;
      for (;;) {
        const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${smsMessages}
          where ${inArray(smsMessages.scheduleItemId, week.ids)} and ${smsMessages.status} in ('handed_over', 'delivered')`);
        if (rows[0].n >= ITEMS) break;
        if (performance.now() - t0 > 60_000) throw new Error(`only ${rows[0].n} of ${ITEMS} handed over after 60 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const handedOverMs = performance.now() - t0;
      // Not in the budget, shown beside it: when every card is Notified (the reports, one item at a time under the schedule's lock).
      for (;;) {
        const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${scheduleItems} where ${inArray(scheduleItems.id, week.ids)} and status = 3`);
        if (rows[0].n >= ITEMS) break;
        if (performance.now() - t0 > 120_000) throw new Error(`only ${rows[0].n} of ${ITEMS} Notified after 120 s`);
        await new Promise((r) => setTimeout(r, 20));
      }
      sends.push({ answeredMs, handedOverMs, notifiedMs: performance.now() - t0 });
    }

    // The last week's items are all Notified: the admin opens that week.
    const week = last!;
    const page = await browser.context.newPage();
    await signInAdmin(page);
    await page.goto(`/schedule/calendar?plumber=${week.plumber}&weekNo=${week.weekNo}&year=${week.year}`);
    await page.locator(`[data-testid="calendar-card"][data-item-id="${week.ids[0]}"]`).waitFor({ timeout: 60_000 });
    const deliveries = await api('GET', '/api/demoPhone/messages') as { providerRef: string; scheduleItemId: number | null; kind: string }[];
    const repliesMs: number[] = [];
    for (let i = 0; i < REPLIES; i++) {
      const id = week.ids[i * 7];
      const ref = deliveries.find((d) => d.scheduleItemId === id && d.kind === 'notice')!.providerRef;
      // The page notes the moment the card's colour attribute changes (Date.now: the same clock as here).
      await page.evaluate((itemId) => {
        const card = document.querySelector(`[data-testid="calendar-card"][data-item-id="${itemId}"]`)!;
        const w = window as unknown as { colourAt?: number };
        delete w.colourAt;
        const first = card.getAttribute('data-colour');
        new MutationObserver((_, obs) => {
          const now = document.querySelector(`[data-testid="calendar-card"][data-item-id="${itemId}"]`);
          if (now && now.getAttribute('data-colour') !== first) { w.colourAt = Date.now(); obs.disconnect(); }
        }).observe(document.body, { subtree: true, attributes: true, childList: true, attributeFilter: ['data-colour'] });
      }, id);
      const t0 = Date.now();
      await api('POST', '/api/demoPhone/reply', { providerRef: ref, replyId: randomUUID(), text: 'JA' });
      const at = await page.waitForFunction(() => (window as unknown as { colourAt?: number }).colourAt ?? null, null, { timeout: 30_000 })
        .then((h) => h.jsonValue() as Promise<number>);
      repliesMs.push(at - t0);
      await new Promise((r) => setTimeout(r, 300));
    }
    return {
      sends, repliesMs,
      withinBudget: sends.every((s) => s.handedOverMs < NOTICES_BUDGET_MS) && Math.max(...repliesMs) < REPLY_COLOUR_BUDGET_MS,
    };
  } finally {
    await browser.close();
    await database.close();
    server.kill('SIGINT');
  }
}

export function formatOwnersBench(b: OwnersBench): string {
  const sorted = [...b.repliesMs].sort((a, c) => a - c);
  return [
    ...b.sends.map((s, i) => `  send ${i + 1}: ${ITEMS} notices answered in ${s.answeredMs.toFixed(0)} ms, all handed over in ${s.handedOverMs.toFixed(0)} ms (budget ${NOTICES_BUDGET_MS} ms), all Notified in ${s.notifiedMs.toFixed(0)} ms`),
    `  owner's JA to the card's colour on the open calendar (ms): ${b.repliesMs.map((x) => x.toFixed(0)).join(', ')}; median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms (budget ${REPLY_COLOUR_BUDGET_MS} ms)`,
    `  ${b.withinBudget ? 'within budget' : 'OVER BUDGET'}`,
  ].join('\n');
}
