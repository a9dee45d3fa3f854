/**
 * Demo data for an empty database: one water utility (Bærum), two plumber companies, their users,
 * properties with addresses, sections, housing units, owners and water meters, and a few hundred
 * jobs in every state. Deterministic: a seeded PRNG drives every choice; only dates follow today.
 * Reference lists (job types, statuses, meter models, ...) come from migration 0002, not from here.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import proj4 from 'proj4';
import { composeMatrikkelNummer } from '../../src/domain/geo/matrikkel';
import { EPSG } from '../../src/domain/constants';
import { CoordinateSource, DeviationType, FINISHED_TASK_STATUSES, JobStatus, JobTypeShortName, Role, TaskStatus, UserStatus } from '../../src/domain/enums';
import { hashPassword } from './password';
import type { Db } from './index';
import { seedRegister } from './seedRegister';
import { seedCompanySettings } from './seedSettings';
import { seedTemplates } from './seedTemplates';
import * as s from './schema';
import { mulberry32 } from './random';

export const DEMO_PASSWORD = 'Meterwork-demo-2026';

const MAIL_A = 'sandvika-ror.no';
const MAIL_B = 'bekkestua-vvs.no';

export const DEMO_SIGN_INS: { role: string; email: string; password: string }[] = [
  { role: 'Admin Sandvika (agreement)', email: `kari.nordmann@${MAIL_A}`, password: DEMO_PASSWORD },
  { role: 'Plumber Sandvika', email: `ola.hansen@${MAIL_A}`, password: DEMO_PASSWORD },
  { role: 'Plumber Sandvika', email: `per.johansen@${MAIL_A}`, password: DEMO_PASSWORD },
  { role: 'Pending plumber Sandvika', email: `sofie.berg@${MAIL_A}`, password: DEMO_PASSWORD },
  { role: 'Admin Bekkestua (no agr.)', email: `lars.eriksen@${MAIL_B}`, password: DEMO_PASSWORD },
  { role: 'Plumber Bekkestua', email: `nora.pedersen@${MAIL_B}`, password: DEMO_PASSWORD },
];

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: s.customers.id }).from(s.customers).limit(1);
  return rows.length === 0;
}

// --- deterministic randomness -------------------------------------------------------------------

class Rng {
  private next: () => number;
  constructor(seed: number) { this.next = mulberry32(seed); }
  float(): number { return this.next(); }
  int(min: number, max: number): number { return min + Math.floor(this.next() * (max - min + 1)); }
  chance(p: number): boolean { return this.next() < p; }
  pick<T>(items: readonly T[]): T { return items[Math.floor(this.next() * items.length)]; }
  digits(n: number): string { let out = ''; for (let i = 0; i < n; i++) out += String(this.int(0, 9)); return out; }
  letters(n: number): string { let out = ''; for (let i = 0; i < n; i++) out += String.fromCharCode(65 + this.int(0, 25)); return out; }
}

// --- geography ------------------------------------------------------------------------------------

proj4.defs('EPSG:25832', '+proj=utm +zone=32 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs');
proj4.defs('EPSG:25833', '+proj=utm +zone=33 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs');

/** Bærum streets by postal area, with the area's centre (WGS84). */
const AREAS: { postcode: string; city: string; lat: number; lon: number; streets: string[] }[] = [
  { postcode: '1337', city: 'SANDVIKA', lat: 59.8895, lon: 10.5225, streets: ['Sandviksveien', 'Rådmann Halmrasts vei', 'Kinoveien', 'Elias Smiths vei'] },
  { postcode: '1338', city: 'SANDVIKA', lat: 59.8960, lon: 10.5050, streets: ['Løkketangen', 'Hamangskogen', 'Hauger skolevei'] },
  { postcode: '1346', city: 'GJETTUM', lat: 59.9060, lon: 10.5270, streets: ['Gjettumveien', 'Gjettumkollen', 'Vøyenenga'] },
  { postcode: '1350', city: 'LOMMEDALEN', lat: 59.9560, lon: 10.4800, streets: ['Lommedalsveien', 'Gommerudveien', 'Gullhaugveien'] },
  { postcode: '1356', city: 'BEKKESTUA', lat: 59.9180, lon: 10.5870, streets: ['Gamle Ringeriksvei', 'Ringstabekkveien', 'Kirkeveien'] },
  { postcode: '1358', city: 'JAR', lat: 59.9250, lon: 10.6200, streets: ['Vollsveien', 'Jarbakken', 'Ekraveien'] },
  { postcode: '1359', city: 'EIKSMARKA', lat: 59.9450, lon: 10.6150, streets: ['Eiksveien', 'Ankerveien', 'Tanumveien'] },
  { postcode: '1344', city: 'HASLUM', lat: 59.9200, lon: 10.5600, streets: ['Haslumveien', 'Haslum terrasse', 'Lysneveien'] },
  { postcode: '1352', city: 'KOLSÅS', lat: 59.9240, lon: 10.5000, streets: ['Kolsåsbakken', 'Skollerudveien', 'Kolsåsstien'] },
  { postcode: '1363', city: 'HØVIK', lat: 59.9010, lon: 10.5700, streets: ['Høvikveien', 'Ramstadsletta', 'Blommenholm terrasse'] },
  { postcode: '1369', city: 'STABEKK', lat: 59.9090, lon: 10.6100, streets: ['Gamle Drammensvei', 'Stabekkveien', 'Nadderudveien'] },
  { postcode: '1354', city: 'BÆRUMS VERK', lat: 59.9500, lon: 10.5050, streets: ['Verksgata', 'Bærumsveien', 'Wølneggen'] },
  { postcode: '1348', city: 'RYKKINN', lat: 59.9300, lon: 10.4700, streets: ['Rykkinnveien', 'Berger terrasse', 'Hvalstadveien'] },
  { postcode: '1362', city: 'HOSLE', lat: 59.9350, lon: 10.5800, streets: ['Hosleveien', 'Hosletoppen', 'Brynsveien'] },
];

/**
 * Most of the utility's data is in zone 32 (the customer number's county rule); one share comes from
 * a national register in zone 33, as real cadastre extracts do.
 */
function utm(lat: number, lon: number, srs: number): { x: number; y: number; srs: number } {
  const [x, y] = proj4('EPSG:4326', `EPSG:${srs}`, [lon, lat]);
  return { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100, srs };
}

const FIRST_NAMES = ['OLA', 'KARI', 'PER', 'INGRID', 'LARS', 'ANNE', 'JON', 'MARIT', 'ERIK', 'SIRI', 'KNUT', 'HILDE',
  'BJØRN', 'TONE', 'ARNE', 'LIV', 'GEIR', 'ÅSE', 'TORE', 'RANDI', 'STIAN', 'MARTE', 'EIVIND', 'SOLVEIG'];
const LAST_NAMES = ['HANSEN', 'JOHANSEN', 'OLSEN', 'LARSEN', 'ANDERSEN', 'PEDERSEN', 'NILSEN', 'KRISTIANSEN', 'JENSEN',
  'KARLSEN', 'JOHNSEN', 'PETTERSEN', 'ERIKSEN', 'BERG', 'HAUGEN', 'HAGEN', 'JOHANNESSEN', 'ANDREASSEN', 'JACOBSEN',
  'DAHL', 'JØRGENSEN', 'HALVORSEN', 'HENRIKSEN', 'LUND', 'SØRENSEN', 'BAKKE', 'SÆTHER', 'STRAND', 'MOEN', 'ØDEGÅRD'];

function titleCase(s: string): string {
  return s.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

// --- people ---------------------------------------------------------------------------------------

interface SeedUser {
  key: string;
  company: 'a' | 'b';
  roleId: number;
  status: number;
  firstName: string;
  lastName: string;
  mobile: string;
  email: string;
  registeredDaysAgo: number;
}

const USERS: SeedUser[] = [
  { key: 'kari', company: 'a', roleId: Role.PlumberAdmin, status: UserStatus.Activated, firstName: 'Kari', lastName: 'Nordmann', mobile: '+4791234567', email: `kari.nordmann@${MAIL_A}`, registeredDaysAgo: 720 },
  { key: 'ola', company: 'a', roleId: Role.Plumber, status: UserStatus.Activated, firstName: 'Ola', lastName: 'Hansen', mobile: '+4792345678', email: `ola.hansen@${MAIL_A}`, registeredDaysAgo: 700 },
  { key: 'per', company: 'a', roleId: Role.Plumber, status: UserStatus.Activated, firstName: 'Per', lastName: 'Johansen', mobile: '+4793456789', email: `per.johansen@${MAIL_A}`, registeredDaysAgo: 640 },
  { key: 'ingrid', company: 'a', roleId: Role.Plumber, status: UserStatus.Activated, firstName: 'Ingrid', lastName: 'Olsen', mobile: '+4794567890', email: `ingrid.olsen@${MAIL_A}`, registeredDaysAgo: 410 },
  { key: 'magnus', company: 'a', roleId: Role.Plumber, status: UserStatus.Deactivated, firstName: 'Magnus', lastName: 'Larsen', mobile: '+4795678901', email: `magnus.larsen@${MAIL_A}`, registeredDaysAgo: 900 },
  { key: 'jonas', company: 'a', roleId: Role.Plumber, status: UserStatus.Rejected, firstName: 'Jonas', lastName: 'Haugen', mobile: '+4796789012', email: `jonas.haugen@${MAIL_A}`, registeredDaysAgo: 60 },
  { key: 'sofie', company: 'a', roleId: Role.Plumber, status: UserStatus.Pending, firstName: 'Sofie', lastName: 'Berg', mobile: '+4797890123', email: `sofie.berg@${MAIL_A}`, registeredDaysAgo: 2 },
  { key: 'lars', company: 'b', roleId: Role.PlumberAdmin, status: UserStatus.Activated, firstName: 'Lars', lastName: 'Eriksen', mobile: '+4741234567', email: `lars.eriksen@${MAIL_B}`, registeredDaysAgo: 540 },
  { key: 'nora', company: 'b', roleId: Role.Plumber, status: UserStatus.Activated, firstName: 'Nora', lastName: 'Pedersen', mobile: '+4742345678', email: `nora.pedersen@${MAIL_B}`, registeredDaysAgo: 500 },
  { key: 'emil', company: 'b', roleId: Role.Plumber, status: UserStatus.Activated, firstName: 'Emil', lastName: 'Kristiansen', mobile: '+4743456789', email: `emil.kristiansen@${MAIL_B}`, registeredDaysAgo: 330 },
  { key: 'henrik', company: 'b', roleId: Role.Plumber, status: UserStatus.Activated, firstName: 'Henrik', lastName: 'Jensen', mobile: '+4744567890', email: `henrik.jensen@${MAIL_B}`, registeredDaysAgo: 150 },
  { key: 'thea', company: 'b', roleId: Role.Plumber, status: UserStatus.Pending, firstName: 'Thea', lastName: 'Karlsen', mobile: '+4745678901', email: `thea.karlsen@${MAIL_B}`, registeredDaysAgo: 1 },
];

// --- helpers --------------------------------------------------------------------------------------

const DAY = 86_400_000;

async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A working-hours time on the given day offset from `now`, in 15-minute steps between 07:00 and 15:00 UTC+1. */
function workTime(rng: Rng, now: Date, dayOffset: number): Date {
  const d = new Date(now.getTime() + dayOffset * DAY);
  d.setUTCHours(6 + rng.int(0, 8), rng.pick([0, 15, 30, 45]), 0, 0);
  return d;
}

function serialFor(rng: Rng, modelId: number): string {
  switch (modelId) {
    case 3: return rng.digits(2) + rng.letters(2) + rng.digits(6);
    case 4: return rng.letters(1) + rng.digits(2) + rng.letters(2) + rng.digits(6);
    case 5: return rng.digits(10);
    case 6: return rng.digits(7);
    case 7: return 'EV' + rng.digits(7);
    default: return rng.digits(8);
  }
}

const MODEL_DIMENSION: Record<number, string> = { 1: 'DN20', 2: 'DN25', 3: 'DN20', 4: 'DN15', 5: 'DN20', 6: 'DN20', 7: 'DN32', 8: 'DN20' };
const DEVIATIONS = [
  { id: 1, value: 'Lekkasje ved eksisterende måler', deviationType: DeviationType.Deviation },
  { id: 2, value: 'Stoppekran virker ikke', deviationType: DeviationType.Deviation },
  { id: 4, value: 'Ikke plass til ny måler', deviationType: DeviationType.Deviation },
  { id: 7, value: 'Ingen hjemme', deviationType: DeviationType.Obstacle },
  { id: 8, value: 'Ikke tilgang til målerplassering', deviationType: DeviationType.Obstacle },
  { id: 10, value: 'Kunden nektet arbeidet', deviationType: DeviationType.Obstacle },
];

// --- the seed -------------------------------------------------------------------------------------

export interface DemoIds {
  customerId: string;
  companyA: string;
  companyB: string;
}

type PropertyRow = typeof s.properties.$inferInsert;
type AddressRow = typeof s.addresses.$inferInsert;
type UnitRow = typeof s.housingUnits.$inferInsert;
type MeterRow = typeof s.waterMeters.$inferInsert;
type JobRow = typeof s.jobs.$inferInsert;
type TaskRow = typeof s.tasks.$inferInsert;

/** A place jobs can be made for: an address on a matrikkel unit (the unit may be a section). */
interface JobSite {
  address: AddressRow;
  unit: PropertyRow;
  meters: MeterRow[];
  housingUnitId: number | null;
  buildingId: number | null;
}

export interface SeedOptions {
  /** Points in the demo meter register (default DEMO_REGISTER_SIZE); tests that plan nothing take a few hundred. */
  registerSize?: number;
}

export async function seedDemoData(db: Db, now = new Date(), opts: SeedOptions = {}): Promise<DemoIds> {
  const rng = new Rng(20241107);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    const [customer] = await tx.insert(s.customers).values({
      number: '3201', name: 'Bærum kommune, Vann og avløp', supportEmail: 'vannmaler@baerum.kommune.no', supportPhone: '+4767504050',
    }).returning();
    const [companyA] = await tx.insert(s.companies).values({
      customerId: customer.id, orgNumber: '912345678', name: 'Sandvika Rør AS', address: 'Brodtkorbsgate 7', postcode: 1338,
      city: 'SANDVIKA', telephone: '+4767551200', email: `post@${MAIL_A}`, hasAgreement: true,
      agreementStart: new Date(now.getTime() - 180 * DAY), agreementEnd: new Date(now.getTime() + 2 * 365 * DAY),
    }).returning();
    const [companyB] = await tx.insert(s.companies).values({
      customerId: customer.id, orgNumber: '987654321', name: 'Bekkestua VVS AS', address: 'Gamle Ringeriksvei 37', postcode: 1356,
      city: 'BEKKESTUA', telephone: '+4767144300', email: `post@${MAIL_B}`, hasAgreement: false,
    }).returning();
    const companyIds = { a: companyA.id, b: companyB.id };

    // One insert in list order, so registration ids are the same on every seed.
    const userRows = await tx.insert(s.users).values(USERS.map((u) => ({
      customerId: customer.id, companyId: companyIds[u.company], roleId: u.roleId, status: u.status,
      firstName: u.firstName, lastName: u.lastName, displayName: `${u.firstName} ${u.lastName}`, email: u.email,
      mobile: u.mobile, passwordHash, gdprConsent: u.status !== UserStatus.Pending,
      registeredAt: new Date(now.getTime() - u.registeredDaysAgo * DAY),
    }))).returning();
    const byEmail = new Map(userRows.map((u) => [u.email, u]));
    const usersOf = (company: 'a' | 'b') => USERS.filter((u) => u.company === company).map((u) => byEmail.get(u.email)!);

    // --- properties, addresses, housing units, meters
    const properties: PropertyRow[] = [];
    const addresses: AddressRow[] = [];
    const units: UnitRow[] = [];
    const meters: MeterRow[] = [];
    const sites: JobSite[] = [];
    let propertyId = 213_400_000;
    let addressId = 300_120_000;
    let unitId = 286_500_000;
    let buildingId = 300_870_000;
    let meterId = 540_000;
    let ownerId = 1_000_000;
    const usedMatrikkel = new Set<string>();

    const owner = () => (rng.chance(0.08)
      ? { id: null, navn: `${rng.pick(LAST_NAMES)} ${rng.pick(FIRST_NAMES)}` }
      : { id: ++ownerId, navn: `${rng.pick(LAST_NAMES)} ${rng.pick(FIRST_NAMES)}` });
    const newMeter = (propId: number, placementId = rng.pick([1, 1, 2, 3, 5, 6, 7])): MeterRow => {
      const modelId = rng.pick([1, 1, 3, 4, 5, 8, 6, 7]);
      const installed = new Date(now.getTime() - rng.int(3 * 365, 14 * 365) * DAY);
      return {
        id: ++meterId, propertyId: propId, serialNo: serialFor(rng, modelId), meterModelId: modelId,
        waterType: modelId === 6 ? 1 : 0, placementId, dimension: MODEL_DIMENSION[modelId],
        lastMeterReading: rng.int(80, 4200), lastReadDate: new Date(now.getTime() - rng.int(20, 380) * DAY),
        installedDate: installed, readerTypeId: rng.pick([1, 1, 2, 3]), waterMeterPointId: 700_000 + meterId,
      };
    };

    let n = 0;
    for (const area of AREAS) {
      for (const street of area.streets) {
        const houses = rng.int(4, 7);
        for (let h = 0; h < houses; h++) {
          n++;
          let gnr = 0, bnr = 0, nr = '';
          do {
            gnr = rng.int(1, 140); bnr = rng.int(1, 480);
            nr = composeMatrikkelNummer({ kommunenr: '3201', gnr, bnr, fnr: 0, snr: 0 });
          } while (usedMatrikkel.has(nr));
          usedMatrikkel.add(nr);
          const lat = area.lat + (rng.float() - 0.5) * 0.012;
          const lon = area.lon + (rng.float() - 0.5) * 0.024;
          const loc = utm(lat, lon, n % 5 === 0 ? EPSG.Zone33 : EPSG.Zone32);
          const houseNumber = String(2 * h + rng.int(1, 2)) + (rng.chance(0.1) ? rng.pick(['A', 'B']) : '');
          // Every 7th building is a sectioned block, every 9th carries no dwellings (næringsbygg, garasjeanlegg).
          const kind = n % 7 === 3 ? 'sectioned' : n % 9 === 5 ? 'noUnits' : 'house';
          const main: PropertyRow = {
            id: ++propertyId, customerId: customer.id, matrikkelNummer: nr, municipalityCode: '3201',
            owners: kind === 'sectioned' ? [{ id: 900_000 + n, navn: `SAMEIET ${street.toUpperCase()} ${houseNumber}` }] : [owner(), ...(rng.chance(0.4) ? [owner()] : [])],
            x: loc.x, y: loc.y, srs: loc.srs,
          };
          properties.push(main);
          const address: AddressRow = {
            id: ++addressId, customerId: customer.id, propertyId: main.id, street, houseNumber, postcode: area.postcode,
            city: area.city, text: `${street} ${houseNumber}, ${area.postcode} ${titleCase(area.city)}`, x: loc.x, y: loc.y, srs: loc.srs,
          };
          addresses.push(address);
          const building = ++buildingId;
          if (kind === 'house') {
            const mainMeters = rng.chance(0.85) ? [newMeter(main.id)] : [];
            meters.push(...mainMeters);
            // Most houses have one dwelling; some are two-family houses on one unit (tomannsbolig).
            const dwellings = rng.chance(0.2) ? 2 : 1;
            for (let d = 0; d < dwellings; d++) {
              units.push({ id: ++unitId, addressId: address.id, propertyId: main.id, ident: `H0${d + 1}01`, buildingId: building, typeCode: 'B', statusCode: 'TB' });
            }
            sites.push({ address, unit: main, meters: mainMeters, housingUnitId: unitId, buildingId: building });
          } else if (kind === 'noUnits') {
            const mainMeters = rng.chance(0.5) ? [newMeter(main.id, 7)] : [];
            meters.push(...mainMeters);
            sites.push({ address, unit: main, meters: mainMeters, housingUnitId: null, buildingId: null });
          } else {
            const mainMeter = newMeter(main.id, 3);
            meters.push(mainMeter);
            sites.push({ address, unit: main, meters: [mainMeter], housingUnitId: null, buildingId: building });
            const sections = rng.int(4, 10);
            for (let k = 1; k <= sections; k++) {
              const section: PropertyRow = {
                id: ++propertyId, customerId: customer.id, municipalityCode: '3201', parentId: main.id,
                matrikkelNummer: composeMatrikkelNummer({ kommunenr: '3201', gnr, bnr, fnr: 0, snr: k }),
                // Sections carry no position of their own: the client asks for the base unit's (spec 1 §5).
                owners: [owner(), ...(rng.chance(0.5) ? [owner()] : [])], x: null, y: null, srs: null,
              };
              properties.push(section);
              const floor = Math.ceil(k / 2);
              units.push({ id: ++unitId, addressId: address.id, propertyId: section.id, ident: `H0${floor}0${2 - (k % 2)}`, buildingId: building, typeCode: 'B', statusCode: 'TB' });
              const sectionMeters = rng.chance(0.6) ? [newMeter(section.id, rng.pick([2, 4, 8]))] : [];
              meters.push(...sectionMeters);
              sites.push({ address, unit: section, meters: sectionMeters, housingUnitId: unitId, buildingId: building });
            }
          }
        }
      }
    }
    await insertChunked(properties, 500, (c) => tx.insert(s.properties).values(c));
    await insertChunked(addresses, 500, (c) => tx.insert(s.addresses).values(c));
    await insertChunked(units, 500, (c) => tx.insert(s.housingUnits).values(c));
    await insertChunked(meters, 500, (c) => tx.insert(s.waterMeters).values(c));

    // --- jobs
    const jobRows: JobRow[] = [];
    const taskRows: TaskRow[] = [];
    let scheduleItemId = 41_000;
    const jobCount = 360;
    for (let j = 0; j < jobCount; j++) {
      const company: 'a' | 'b' = rng.chance(0.6) ? 'a' : 'b';
      const staff = usersOf(company);
      const active = staff.filter((u) => u.status === UserStatus.Activated);
      const deactivated = staff.filter((u) => u.status === UserStatus.Deactivated);
      const admin = staff.find((u) => u.roleId === Role.PlumberAdmin)!;
      const site = rng.pick(sites);
      const typeId = site.meters.length === 0 ? 1 : rng.pick([2, 2, 2, 3, 1]);
      const roll = rng.float();
      const statusId = roll < 0.34 ? JobStatus.New : roll < 0.64 ? JobStatus.InProgress : JobStatus.Completed;
      const assignee = statusId === JobStatus.Completed && deactivated.length > 0 && rng.chance(0.15) ? rng.pick(deactivated) : rng.pick(active);
      const byAdmin = assignee.id === admin.id || rng.chance(0.7);
      const createdAt = new Date(now.getTime() - (statusId === JobStatus.New ? rng.int(0, 30) : rng.int(5, 150)) * DAY - rng.int(0, 86_000) * 1000);
      const autoCreated = statusId !== JobStatus.Completed && rng.chance(0.05);
      const scheduledDate = statusId === JobStatus.New
        ? (autoCreated || rng.chance(0.55) ? workTime(rng, now, rng.int(-3, 28)) : null)
        : statusId === JobStatus.InProgress ? workTime(rng, now, rng.int(-20, 4))
          : workTime(rng, createdAt, rng.int(1, 10));
      const dueDate = byAdmin && rng.chance(0.4) ? new Date((scheduledDate ?? now).getTime() + rng.int(3, 21) * DAY) : null;
      const jobId = randomUUID();
      const title = JOB_TYPE_NAMES[typeId];
      const jobType = JobTypeShortName[typeId];
      const assigneeName = `${assignee.firstName} ${assignee.lastName}`;

      // Multi-task jobs: one task per meter on the unit (replacing several meters), or an extra install.
      const taskCount = typeId !== 1 && site.meters.length > 1 ? site.meters.length : rng.chance(0.12) ? 2 : 1;
      const statuses = taskStatusesFor(rng, statusId, taskCount);
      const hasScheduleItem = autoCreated || rng.chance(0.2);
      const completedDate = statusId === JobStatus.Completed ? new Date(Math.min(now.getTime() - DAY, (scheduledDate ?? createdAt).getTime() + 2 * 3600_000)) : null;
      const anyStarted = statuses.some((st) => st !== TaskStatus.NotStarted);

      for (let t = 0; t < taskCount; t++) {
        const meter = typeId === 1 ? null : site.meters[t % Math.max(1, site.meters.length)] ?? null;
        const st = statuses[t];
        const startDate = st === TaskStatus.NotStarted ? null : new Date((scheduledDate ?? createdAt).getTime() + t * 1800_000);
        taskRows.push({
          id: randomUUID(), jobId, jobType, title, typeId, statusId: st, description: null,
          taskOrder: t, taskNo: t + 1,
          externalRefId: meter ? String(meter.id) : null, externalRefText: meter ? meter.serialNo : null,
          assignedTo: assignee.registrationId, assigneeName,
          scheduleItemId: hasScheduleItem && t === 0 ? ++scheduleItemId : null,
          startDate,
          completedAt: startDate && FINISHED_TASK_STATUSES.includes(st) ? new Date(startDate.getTime() + 3600_000) : null,
          subscriberDetails: {
            addressId: site.address.id, addressText: site.address.text,
            location: { x: site.address.x, y: site.address.y, srs: site.address.srs },
            coordinateSource: CoordinateSource.Property, buildingId: site.buildingId, housingUnitId: site.housingUnitId,
          },
          ...taskForms(rng, typeId, st, meter, startDate ?? now),
        });
      }

      jobRows.push({
        id: jobId, customerId: customer.id, companyId: companyIds[company], title, typeId, statusId, severityId: 2,
        description: rng.chance(0.3) ? rng.pick(JOB_DESCRIPTIONS) : null, scheduledDate, dueDate,
        completedDate, completedBy: completedDate ? assignee.email : null,
        assignedToId: assignee.registrationId, assigneeName, assignedDate: createdAt,
        subscriberText: site.address.text, matrikkelNummer: site.unit.matrikkelNummer, matrikkelenhetId: site.unit.id,
        addressId: site.address.id,
        contactInfo: rng.chance(0.6) ? contactFor(rng, site) : null,
        notes: rng.chance(0.2) ? rng.pick(JOB_NOTES) : null,
        autoCreated, isDraft: statusId === JobStatus.InProgress && anyStarted && statuses.includes(TaskStatus.InProgress),
        createdBy: byAdmin ? admin.email : assignee.email, createdAt, updatedAt: completedDate ?? createdAt,
      });
    }
    // Insert oldest first so reference numbers grow with creation time.
    jobRows.sort((x, y) => x.createdAt!.getTime() - y.createdAt!.getTime());
    await insertChunked(jobRows, 400, (c) => tx.insert(s.jobs).values(c));
    await insertChunked(taskRows, 400, (c) => tx.insert(s.tasks).values(c));
    // Spec 3: the company with an agreement has its settings; the other has none (the empty states).
    await seedCompanySettings(tx, companyA.id, now);
    await seedTemplates(tx, { companyWithSettings: companyA.id });
    await seedRegister(tx, { customerId: customer.id, companyA: companyA.id, companyB: companyB.id }, opts.registerSize);

    return { customerId: customer.id, companyA: companyA.id, companyB: companyB.id };
  });
}

const JOB_TYPE_NAMES: Record<number, string> = { 1: 'Ny vannmåler', 2: 'Utskifting av vannmåler', 3: 'Demontering av vannmåler' };

const JOB_DESCRIPTIONS = [
  'Måler har passert utskiftingsintervall.',
  'Kunden melder om lekkasje ved måler.',
  'Ny boenhet etter seksjonering.',
  'Fjernes etter sammenslåing av målepunkter.',
  'Ring kunden en time før oppmøte.',
];
const JOB_NOTES = [
  'Nøkkel hos nabo i nr. 4.',
  'Måler står bak vaskemaskinen, ta med ekstra slange.',
  'Kunden er hjemme etter kl. 12.',
  'Adkomst via garasjen, kode 2580.',
];

function contactFor(rng: Rng, site: JobSite) {
  const fromOwner = site.unit.owners?.find((o) => o.id != null && !o.navn.startsWith('SAMEIET'));
  const name = fromOwner ? titleCase(fromOwner.navn.split(' ').reverse().join(' ')) : `${titleCase(rng.pick(FIRST_NAMES))} ${titleCase(rng.pick(LAST_NAMES))}`;
  const mobileNo = `+47${rng.pick(['4', '9'])}${rng.digits(7)}`;
  return { contactPerson: { name, mobileNo, organizationNo: null }, mobileNo };
}

/** Task statuses that make sense for the job's status (spec 1 §4). */
function taskStatusesFor(rng: Rng, jobStatus: number, count: number): number[] {
  const finished = () => { const r = rng.float(); return r < 0.75 ? TaskStatus.Completed : r < 0.88 ? TaskStatus.Deviation : TaskStatus.Obstacle; };
  if (jobStatus === JobStatus.New) return Array.from({ length: count }, () => TaskStatus.NotStarted);
  if (jobStatus === JobStatus.Completed) return Array.from({ length: count }, finished);
  // In progress: the first task is under way or done; the rest anything. Some jobs await manual submit.
  const awaitingSubmit = rng.chance(0.15);
  return Array.from({ length: count }, (_v, i) => {
    if (awaitingSubmit) return finished();
    if (i === 0) return rng.chance(0.6) ? TaskStatus.InProgress : finished();
    return rng.pick([TaskStatus.NotStarted, TaskStatus.InProgress, TaskStatus.Completed]);
  });
}

function taskForms(rng: Rng, typeId: number, status: number, meter: MeterRow | null, when: Date) {
  const out: Pick<TaskRow, 'newWaterMeterObj' | 'dismantleObj' | 'additionalDetailsRequest' | 'notes'> = {
    newWaterMeterObj: null, dismantleObj: null, additionalDetailsRequest: null, notes: null,
  };
  if (status === TaskStatus.NotStarted) {
    if (meter) out.dismantleObj = dismantleFor(meter, null, null);
    return out;
  }
  if (status === TaskStatus.Deviation || status === TaskStatus.Obstacle) {
    const wanted = status === TaskStatus.Deviation ? DeviationType.Deviation : DeviationType.Obstacle;
    const items = DEVIATIONS.filter((d) => d.deviationType === wanted);
    const chosen = [rng.pick(items)];
    out.additionalDetailsRequest = { obstacle: status === TaskStatus.Obstacle, note: rng.pick(DEVIATION_NOTES), deviationList: chosen, deviationImages: [] };
    if (meter) out.dismantleObj = dismantleFor(meter, null, null);
    return out;
  }
  const done = status === TaskStatus.Completed;
  const reading = meter ? Math.round((meter.lastMeterReading ?? 0) + rng.int(20, 400)) : null;
  if (meter) out.dismantleObj = dismantleFor(meter, done || rng.chance(0.5) ? when : null, done ? reading : null);
  if (typeId !== 3) {
    const modelId = rng.pick([1, 1, 8, 4, 5]);
    out.newWaterMeterObj = {
      meterModelId: modelId, serialNo: done || rng.chance(0.5) ? serialFor(rng, modelId) : null,
      lastMeterReading: done ? rng.int(0, 3) + 0.5 : null, installedDate: done ? when.toISOString() : null,
      waterMeterImages: [], brackets: true, maxConstructionLength: rng.pick([4, 5, 6]), directionId: 1,
      hasUpstreamStopValve: true, hasDownstreamStopValve: rng.chance(0.8), hasBackflowProtection: rng.pick([1, 2, 3]),
      liquidCategory: null, backflowProtectionType: null, hasUpstreamWaterMeter: typeId === 1 ? 1 : rng.pick([1, 2, 3]),
      hasDownstreamWaterMeter: typeId === 1 ? 1 : rng.pick([1, 2, 3]), upstreamMeterSerialNumber: null,
      upstreamMeterLastReading: null, upstreamMeterInstalledDate: null, placementId: meter?.placementId ?? 1,
      placementComment: null, waterType: 0,
    };
  }
  if (typeId === 3 && done) out.notes = 'Måler demontert og plugget.';
  return out;
}

const DEVIATION_NOTES = ['Ringte på, ingen åpnet.', 'Stoppekran må skiftes før måler kan byttes.', 'Kunden ønsker time etter fellesferien.', 'Måler står bak fast innredning.'];

function dismantleFor(meter: MeterRow, dismantledDate: Date | null, reading: number | null) {
  return {
    waterMeterId: meter.id, serialNo: meter.serialNo, waterType: meter.waterType, address: null, dimension: meter.dimension,
    placementId: meter.placementId, placementComment: null, dismantledDate: dismantledDate?.toISOString() ?? null,
    lastMeterReading: reading, previousMeterReading: meter.lastMeterReading, previousMeterReadDate: meter.lastReadDate?.toISOString() ?? null,
    iotKey: null, meterModelId: meter.meterModelId, readerTypeId: meter.readerTypeId, waterMeterPointId: meter.waterMeterPointId,
    meteringMode: null, waterMeterImages: [],
  };
}

/**
 * Benchmark volume: `count` more jobs (one task each) spread over the seeded companies' active
 * users and sites, generated inside PostgreSQL in chunks so 100,000 take seconds.
 */
export async function insertSyntheticJobs(db: Db, count: number): Promise<void> {
  const assignees = await db.execute<{ company_id: string; customer_id: string; registration_id: number; name: string; email: string }>(sql`
    select company_id, customer_id, registration_id, first_name || ' ' || last_name as name, email
    from users where company_id is not null and status = ${UserStatus.Activated} order by registration_id`);
  const sites = await db.execute<{ id: number; text: string; property_id: number; matrikkel_nummer: string; x: number; y: number; srs: number }>(sql`
    select a.id, a.text, a.property_id, p.matrikkel_nummer, a.x, a.y, a.srs
    from addresses a join properties p on p.id = a.property_id order by a.id`);
  if (assignees.rows.length === 0 || sites.rows.length === 0) throw new Error('insertSyntheticJobs needs seeded users and addresses');
  const people = JSON.stringify(assignees.rows);
  const places = JSON.stringify(sites.rows);
  const chunk = 20_000;
  for (let done = 0; done < count; done += chunk) {
    const size = Math.min(chunk, count - done);
    await db.execute(sql`
      with p as (select ${people}::jsonb as people, ${places}::jsonb as places),
      g as (
        select i, gen_random_uuid() as id, p.people -> (i % jsonb_array_length(p.people)) as who,
               p.places -> ((i * 7919) % jsonb_array_length(p.places)) as site, (i % 3) + 1 as type_id,
               case when i % 5 < 2 then 1 when i % 5 < 4 then 2 else 4 end as status_id
        from p, generate_series(${done + 1}::int, ${done + size}::int) as i
      ),
      j as (
        insert into jobs (id, customer_id, company_id, title, type_id, status_id, severity_id, assigned_to_id, assignee_name,
                          subscriber_text, matrikkel_nummer, matrikkelenhet_id, address_id, created_by, created_at, updated_at,
                          scheduled_date, completed_date)
        select id, (who->>'customer_id')::uuid, (who->>'company_id')::uuid,
               (array['Ny vannmåler','Utskifting av vannmåler','Demontering av vannmåler'])[type_id], type_id, status_id, 2,
               (who->>'registration_id')::int, who->>'name', site->>'text', site->>'matrikkel_nummer',
               (site->>'property_id')::bigint, (site->>'id')::bigint, who->>'email',
               now() - interval '400 days' + (i * interval '1 second'), now() - interval '400 days' + (i * interval '1 second'),
               now() + ((i % 60) - 30) * interval '1 day', case when status_id = 4 then now() - interval '1 day' end
        from g order by i
        returning id, type_id, status_id, title, assigned_to_id, assignee_name
      )
      insert into tasks (id, job_id, job_type, title, type_id, status_id, task_order, task_no, assigned_to, assignee_name,
                         subscriber_details)
      select gen_random_uuid(), j.id, (array['Install','Replace','Dismantle'])[j.type_id], j.title, j.type_id,
             case j.status_id when 1 then 1 when 2 then 2 else 4 end, 0, 1, j.assigned_to_id, j.assignee_name,
             jsonb_build_object('addressId', (g.site->>'id')::bigint, 'addressText', g.site->>'text',
                                'location', jsonb_build_object('x', (g.site->>'x')::float8, 'y', (g.site->>'y')::float8, 'srs', (g.site->>'srs')::int),
                                'coordinateSource', 'Property')
      from j join g on g.id = j.id`);
  }
  // Fresh statistics and visibility maps, as a running database would have them.
  await db.execute(sql`vacuum analyze jobs`);
  await db.execute(sql`vacuum analyze tasks`);
}
