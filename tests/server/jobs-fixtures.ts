/** Shared set-up for the jobs-area server tests: the demo data, its people, and request builders. */
import { randomUUID } from 'node:crypto';
import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { CreateJobRequest, Job } from '../../src/domain/api';
import { DEMO_PASSWORD, seedDemoData } from '../../server/db/seed';
import { addresses, customers, jobs, properties, users } from '../../server/db/schema';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { PlumberNotification } from '../../src/domain/api';
import { HUB_EVENT, HUB_PATH } from '../../src/domain/constants';
import { startTestApp, type TestApp, type TestAppOptions } from '../helpers/app';

/** The demo register's size in server tests: the seed's 50,000 points cost seconds per file and no test here plans. */
export const SMALL_REGISTER = 300;

export const FORBIDDEN = "You don' have access to this API call";

export const EMAILS = {
  kari: 'kari.nordmann@sandvika-ror.no', // admin A (agreement)
  ola: 'ola.hansen@sandvika-ror.no',
  per: 'per.johansen@sandvika-ror.no',
  ingrid: 'ingrid.olsen@sandvika-ror.no',
  magnus: 'magnus.larsen@sandvika-ror.no', // deactivated
  jonas: 'jonas.haugen@sandvika-ror.no', // rejected
  sofie: 'sofie.berg@sandvika-ror.no', // pending
  lars: 'lars.eriksen@bekkestua-vvs.no', // admin B
  nora: 'nora.pedersen@bekkestua-vvs.no',
  emil: 'emil.kristiansen@bekkestua-vvs.no',
  thea: 'thea.karlsen@bekkestua-vvs.no', // pending
} as const;
export type Person = keyof typeof EMAILS;

export interface Demo {
  t: TestApp;
  /** Access token of a demo person (signed in once per file). */
  token(p: Person): Promise<string>;
  api(p: Person, method: string, path: string, body?: unknown, headers?: Record<string, string>): ReturnType<TestApp['api']>;
  reg(p: Person): Promise<number>;
  close(): Promise<void>;
}

export async function startDemo(config?: TestAppOptions['config']): Promise<Demo> {
  const t = await startTestApp({ seed: async (db) => { await seedDemoData(db, undefined, { registerSize: SMALL_REGISTER }); }, config });
  const tokens = new Map<Person, Promise<string>>();
  const token = (p: Person) => {
    if (!tokens.has(p)) tokens.set(p, t.login(EMAILS[p], DEMO_PASSWORD));
    return tokens.get(p)!;
  };
  return {
    t,
    token,
    api: async (p, method, path, body, headers) => t.api(await token(p), method, path, body, headers),
    reg: async (p) => {
      const [u] = await t.database.db.select().from(users).where(eq(users.email, EMAILS[p]));
      return u.registrationId;
    },
    close: () => t.close(),
  };
}

/** A street address of the demo customer whose property carries exactly one housing unit level (not sectioned). */
export async function plainSite(demo: Demo) {
  const { rows } = await demo.t.database.db.execute<{ address_id: number; text: string; property_id: number; nr: string; x: number; y: number; srs: number }>(sql`
    select a.id as address_id, a.text, p.id as property_id, p.matrikkel_nummer as nr, a.x, a.y, a.srs
    from addresses a join properties p on p.id = a.property_id
    where not exists (select 1 from properties s where s.parent_id = p.id)
    order by a.id limit 1`);
  return rows[0];
}

/** A create payload (spec 1 §3) for the given assignee on the plain site. */
export async function createBody(demo: Demo, assignee: Person, roleId: CreateJobRequest['roleId'], overrides: Partial<CreateJobRequest> = {}): Promise<CreateJobRequest & { jobId: string }> {
  const site = await plainSite(demo);
  return {
    jobId: randomUUID(),
    roleId,
    refNo: 0,
    title: 'Utskifting av vannmåler',
    jobTypeId: 2,
    jobType: 'Replace',
    matrikkelDetails: { matrikkelNummer: site.nr, matrikkelenhetId: site.property_id, addressId: site.address_id },
    subscriberText: site.text,
    scheduledDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    dueDate: null,
    assignedToId: await demo.reg(assignee),
    assigneeName: 'whatever the client thinks',
    createdBy: EMAILS.kari,
    status: 1,
    description: 'Test job',
    severity: 2,
    taskRequest: {
      taskId: randomUUID(),
      isActive: true,
      taskNo: 1,
      jobType: 'Replace',
      taskOrder: 0,
      subscriberDetails: { addressText: site.text, location: { x: site.x, y: site.y, srs: site.srs }, coordinateSource: 'Property', addressId: site.address_id },
      statusId: 1,
      description: null,
      externalRefId: null,
      externalRefText: null,
    },
    ...overrides,
  };
}

/** Creates a job through the API and returns it as GET /api/jobs/{id} shows it. */
export async function createJob(demo: Demo, by: Person, assignee: Person, overrides: Partial<CreateJobRequest> = {}): Promise<Job> {
  const body = await createBody(demo, assignee, by === 'kari' || by === 'lars' ? 2 : 1, overrides);
  const res = await demo.api(by, 'POST', '/api/Jobs', body);
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (await demo.api(by, 'GET', `/api/jobs/${res.body}`)).body;
}

/** The oldest live job matching a SQL condition over jobs `j`. */
export async function demoJob(demo: Demo, where: SQL): Promise<{ id: string; version: number }> {
  const { rows } = await demo.t.database.db.execute<{ id: string; version: number }>(sql`
    select j.id, j.version from jobs j where j.deleted_at is null and ${where} order by j.ref_nr limit 1`);
  if (!rows[0]) throw new Error('no demo job matches');
  return rows[0];
}

export async function jobRow(demo: Demo, id: string) {
  const [row] = await demo.t.database.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

export async function liveJobCount(demo: Demo): Promise<number> {
  return demo.t.database.db.$count(jobs, isNull(jobs.deletedAt));
}

/** A second water utility with one property and address, to prove customer scoping. */
export async function otherCustomer(demo: Demo) {
  const db = demo.t.database.db;
  const [c] = await db.insert(customers).values({ number: '0301', name: 'Oslo kommune, Vann- og avløpsetaten' }).returning();
  const [p] = await db.insert(properties).values({
    id: 999_000_001, customerId: c.id, matrikkelNummer: '0301002080001000000000', municipalityCode: '0301',
    owners: [{ id: 77, navn: 'OSLO EIER' }], x: 597000, y: 6643000, srs: 25832,
  }).returning();
  const [a] = await db.insert(addresses).values({
    id: 999_100_001, customerId: c.id, propertyId: p.id, street: 'Løkketangen', houseNumber: '99', postcode: '0150', city: 'OSLO',
    text: 'Løkketangen 99, 0150 Oslo', x: 597000, y: 6643000, srs: 25832,
  }).returning();
  return { customer: c, property: p, address: a };
}


/** Meter forms a report of a Replace (or Install/Dismantle) job passes with (spec 1 §5), images listed in the forms. */
export function completeForms(serialNo = '71234567') {
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  return {
    newWaterMeterObj: {
      meterModelId: 1, serialNo, lastMeterReading: 12, installedDate: yesterday, brackets: true, directionId: 1,
      hasUpstreamStopValve: true, hasDownstreamStopValve: true, hasBackflowProtection: 2, hasUpstreamWaterMeter: 2, hasDownstreamWaterMeter: 2,
      waterMeterImages: [{ text: 'overview', url: '/api/media/file/x' }], waterType: 0,
    },
    dismantleObj: {
      waterMeterId: 1, serialNo: '0032548', dismantledDate: yesterday, lastMeterReading: 123456, previousMeterReading: 120000,
      waterMeterImages: [{ text: 'overview', url: '/api/media/file/y' }], comment: 'Gammel måler demontert',
    },
  };
}

/** A demo person's real SignalR connection: what it hears, collected; the connection goes into `open` to be stopped. */
export async function listenHub(demo: Demo, p: Person, open: HubConnection[]): Promise<PlumberNotification[]> {
  const received: PlumberNotification[] = [];
  const token = await demo.token(p);
  const connection = new HubConnectionBuilder()
    .withUrl(`${demo.t.baseUrl}${HUB_PATH}`, { accessTokenFactory: () => token, transport: HttpTransportType.WebSockets })
    .configureLogging(LogLevel.None)
    .build();
  connection.on(HUB_EVENT, (n: PlumberNotification) => received.push(n));
  await connection.start();
  open.push(connection);
  return received;
}
