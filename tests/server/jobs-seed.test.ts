/** The demo data has the variety the screens and tests rely on, and is the same on every seed. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobStatus, TaskStatus, UserStatus } from '../../src/domain/enums';
import { EPSG } from '../../src/domain/constants';
import type { Database } from '../../server/db/index';
import { isEmpty, seedDemoData } from '../../server/db/seed';
import { createTestDatabase } from '../helpers/db';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  expect(await isEmpty(database.db)).toBe(true);
  await seedDemoData(database.db);
});
afterAll(async () => {
  await database?.close();
});

const rows = async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows as T[];

it('is no longer empty', async () => {
  expect(await isEmpty(database.db)).toBe(false);
});

it('has one utility and two companies, one with an agreement in force', async () => {
  const companies = await rows<{ has_agreement: boolean; in_force: boolean }>(sql`
    select has_agreement, coalesce(agreement_start <= now() and agreement_end > now() + interval '700 days', false) as in_force from companies order by name`);
  expect(await rows(sql`select 1 from customers`)).toHaveLength(1);
  expect(companies.map((c) => c.in_force).sort()).toEqual([false, true]);
});

it('has per company an admin, activated plumbers and a pending one, and a deactivated plumber', async () => {
  const people = await rows<{ company_id: string; role_id: number; status: number }>(sql`select company_id, role_id, status from users`);
  const companies = [...new Set(people.map((p) => p.company_id))];
  expect(companies).toHaveLength(2);
  for (const c of companies) {
    const mine = people.filter((p) => p.company_id === c);
    expect(mine.some((p) => p.role_id === 2 && p.status === UserStatus.Activated)).toBe(true);
    expect(mine.filter((p) => p.role_id === 1 && p.status === UserStatus.Activated).length).toBeGreaterThanOrEqual(2);
    expect(mine.filter((p) => p.status === UserStatus.Pending)).toHaveLength(1);
  }
  expect(people.some((p) => p.status === UserStatus.Deactivated)).toBe(true);
});

it('has properties in two UTM zones, sections, owners and addresses with one, several and no units', async () => {
  const zones = await rows<{ srs: number }>(sql`select distinct srs from addresses order by srs`);
  expect(zones.map((z) => z.srs)).toEqual([EPSG.Zone32, EPSG.Zone33]);
  expect(await rows(sql`select 1 from properties where matrikkel_nummer !~ '^[0-9]{22}$'`)).toHaveLength(0);
  expect((await rows(sql`select 1 from properties where parent_id is not null`)).length).toBeGreaterThan(10);
  const units = await rows<{ n: number; distinct_units: number }>(sql`
    select count(h.id)::int as n, count(distinct h.property_id)::int as distinct_units from addresses a left join housing_units h on h.address_id = a.id group by a.id`);
  expect(units.some((u) => u.n === 1)).toBe(true);
  expect(units.some((u) => u.distinct_units > 1)).toBe(true);
  expect(units.some((u) => u.n === 0)).toBe(true);
  const owners = await rows<{ id: number | null; navn: string }>(sql`select o->'id' as id, o->>'navn' as navn from properties, jsonb_array_elements(owners) o`);
  expect(owners.some((o) => o.id === null)).toBe(true);
  expect(owners.every((o) => o.navn === o.navn.toUpperCase())).toBe(true);
});

it('has water meters whose serial numbers fit their model', async () => {
  const meters = await rows<{ serial_no: string; regex: string | null }>(sql`
    select w.serial_no, r.data->>'serialNumberRegex' as regex from water_meters w join reference_items r on r.list = 'watermetermodels' and r.id = w.meter_model_id`);
  expect(meters.length).toBeGreaterThan(100);
  for (const m of meters) if (m.regex) expect(new RegExp(m.regex).test(m.serial_no), m.serial_no).toBe(true);
});

it('has a few hundred jobs over both companies with tasks in every status', async () => {
  const jobs = await rows<{ company_id: string; status_id: number; auto_created: boolean; tasks: number; scheduled: number }>(sql`
    select j.company_id, j.status_id, j.auto_created, count(t.id)::int as tasks, count(t.schedule_item_id)::int as scheduled
    from jobs j join tasks t on t.job_id = j.id group by j.id`);
  expect(jobs.length).toBeGreaterThanOrEqual(200);
  expect(new Set(jobs.map((j) => j.company_id)).size).toBe(2);
  expect(new Set(jobs.map((j) => j.status_id))).toEqual(new Set([JobStatus.New, JobStatus.InProgress, JobStatus.Completed]));
  expect(jobs.some((j) => j.auto_created)).toBe(true);
  expect(jobs.some((j) => j.tasks > 1)).toBe(true);
  expect(jobs.some((j) => j.scheduled > 0)).toBe(true);
  const statuses = await rows<{ status_id: number }>(sql`select distinct status_id from tasks order by status_id`);
  expect(statuses.map((s) => s.status_id)).toEqual([TaskStatus.NotStarted, TaskStatus.InProgress, TaskStatus.Completed, TaskStatus.Obstacle, TaskStatus.Deviation]);
  const dates = await rows<{ past: number; future: number }>(sql`
    select count(*) filter (where scheduled_date < now())::int as past, count(*) filter (where scheduled_date > now())::int as future from jobs`);
  expect(dates[0].past).toBeGreaterThan(0);
  expect(dates[0].future).toBeGreaterThan(0);
  const plumbers = await rows(sql`select distinct assigned_to_id from jobs`);
  expect(plumbers.length).toBeGreaterThanOrEqual(6);
});

it('is deterministic', async () => {
  const again = await createTestDatabase();
  try {
    await seedDemoData(again.db, undefined, { registerSize: 300 });
    const key = sql`select string_agg(matrikkel_nummer, ',' order by id) as k from properties`;
    const users = sql`select string_agg(registration_id || email, ',' order by registration_id) as k from users`;
    const jobs = sql`select string_agg(ref_nr || ':' || matrikkel_nummer || ':' || type_id || ':' || status_id, ',' order by ref_nr) as k from jobs`;
    for (const q of [key, users, jobs]) {
      expect((await again.db.execute(q)).rows[0]).toEqual((await database.db.execute(q)).rows[0]);
    }
  } finally {
    await again.close();
  }
});
