/**
 * The demo meter register (schema/scheduling.ts meterPoints): 50,000 points of the utility allotted to the
 * company with the agreement, about 1 % to the other. The utility's area spans two UTM zones (spec 1
 * §9): Bærum (zone 32) and, east of 12°E, Eidskog and Trysil in Innlandet (zone 33), where it also runs
 * the meter service; about a fifth of the points lie there. Streets of the postal areas with house
 * numbers; a block of flats carries several meters under one building number; a few hundred points
 * have no coordinates (left out of the planning map, spec 2 §3). All five lookup lists are filled (the
 * zone list names the utility's operating zones, one per postal area group). Deterministic
 * (server/db/random.ts); written with one multi-row INSERT per chunk from typed arrays (unnest), so the
 * seed stays within a second or two. bench/register.ts writes the same points as a file to import.
 */
import { sql } from 'drizzle-orm';
import { composeMatrikkelNummer } from '../../src/domain/geo/matrikkel';
import { AssignmentType, type AssignmentTypeId } from '../../src/domain/scheduling/enums';
import type { DbOrTx } from './tx';
import { registerLookups } from './schema';
import { mulberry32 } from './random';
import { arrayLiteral } from './arrayLiteral';

export const DEMO_REGISTER_SIZE = 50_000;

/** The lookup lists' names; a point's lookup is one of these (ids are positions + 1). */
export const DEMO_REGISTER_LOOKUPS = {
  dimension: ['DN15', 'DN20', 'DN25', 'DN32', 'DN40', 'DN50'],
  zone: ['Sandvika', 'Bekkestua', 'Stabekk', 'Høvik', 'Lommedalen', 'Bærums Verk', 'Kolsås', 'Eiksmarka', 'Eidskog', 'Trysil'],
  readerType: ['Manuell avlesning', 'Radio (wM-Bus)', 'NB-IoT', 'Fjernavlest via AMS'],
  agreementType: ['Privat bolig', 'Borettslag og sameie', 'Næring', 'Kommunal eiendom'],
  status: ['Aktiv', 'Planlagt', 'Venter på kunde', 'Utsatt'],
} as const;
type LookupList = keyof typeof DEMO_REGISTER_LOOKUPS;

export interface DemoRegisterPoint {
  company: 'a' | 'b';
  externalId: number;
  waterMeterId: number | null;
  meterSerial: string | null;
  agreementNo: string;
  assignmentType: AssignmentTypeId;
  priority: number;
  lat: number | null;
  lng: number | null;
  address: string;
  street: string;
  buildingNo: string;
  matrikkelenhetNr: string;
  installDate: string | null;
  referenceId: string | null;
  /** Index into DEMO_REGISTER_LOOKUPS[list], or null. */
  lookups: Record<LookupList, number | null>;
}

/**
 * Postal areas: centre (WGS84), the municipality (kommunenr, for the cadastre units), the zone lookup
 * they belong to, first parts of street names. Every point of an area, its spread included, stays on
 * its side of 12°E, the border of UTM zones 32 and 33.
 */
interface Area { postcode: string; city: string; lat: number; lng: number; kommunenr: string; zone: number; parts: readonly string[] }
const BAERUM: readonly Area[] = [
  { postcode: '1337', city: 'Sandvika', lat: 59.8895, lng: 10.5225, kommunenr: '3201', zone: 0, parts: ['Sandviks', 'Kino', 'Elias Smiths', 'Løkke', 'Brodtkorbs', 'Otto Sverdrups'] },
  { postcode: '1338', city: 'Sandvika', lat: 59.8960, lng: 10.5050, kommunenr: '3201', zone: 0, parts: ['Hamang', 'Hauger', 'Sollihøgda', 'Tanum', 'Kjørbo'] },
  { postcode: '1356', city: 'Bekkestua', lat: 59.9180, lng: 10.5870, kommunenr: '3201', zone: 1, parts: ['Ringstabekk', 'Kirke', 'Gamle Ringeriks', 'Bekkestu', 'Nedre Skui'] },
  { postcode: '1369', city: 'Stabekk', lat: 59.9090, lng: 10.6100, kommunenr: '3201', zone: 2, parts: ['Stabekk', 'Nadderud', 'Gamle Drammens', 'Tjernsrud', 'Dr. Dedichens'] },
  { postcode: '1363', city: 'Høvik', lat: 59.9010, lng: 10.5700, kommunenr: '3201', zone: 3, parts: ['Høvik', 'Ramstad', 'Blommenholm', 'Ekeberg', 'Fjord'] },
  { postcode: '1350', city: 'Lommedalen', lat: 59.9560, lng: 10.4800, kommunenr: '3201', zone: 4, parts: ['Lommedals', 'Gommerud', 'Gullhaug', 'Bryn', 'Nordby'] },
  { postcode: '1354', city: 'Bærums Verk', lat: 59.9500, lng: 10.5050, kommunenr: '3201', zone: 5, parts: ['Verks', 'Bærums', 'Wølneggen', 'Fossum', 'Hammer'] },
  { postcode: '1352', city: 'Kolsås', lat: 59.9240, lng: 10.5000, kommunenr: '3201', zone: 6, parts: ['Kolsås', 'Skollerud', 'Toppen', 'Berger', 'Rykkinn'] },
  { postcode: '1359', city: 'Eiksmarka', lat: 59.9450, lng: 10.6150, kommunenr: '3201', zone: 7, parts: ['Eiks', 'Anker', 'Tanum', 'Ekra', 'Jar'] },
  { postcode: '1344', city: 'Haslum', lat: 59.9200, lng: 10.5600, kommunenr: '3201', zone: 1, parts: ['Haslum', 'Lysne', 'Gjettum', 'Vøyen', 'Hosle'] },
];
/** East of 12°E: Eidskog (3416) and Trysil (3421) in Innlandet, UTM zone 33. */
const EAST: readonly Area[] = [
  { postcode: '2230', city: 'Skotterud', lat: 59.9850, lng: 12.1200, kommunenr: '3416', zone: 8, parts: ['Skotterud', 'Stasjons', 'Åbogen', 'Matrand', 'Vestmark', 'Kirke'] },
  { postcode: '2240', city: 'Magnor', lat: 59.9560, lng: 12.2050, kommunenr: '3416', zone: 8, parts: ['Magnor', 'Glassverk', 'Grense', 'Eda', 'Morast'] },
  { postcode: '2420', city: 'Trysil', lat: 61.3150, lng: 12.2650, kommunenr: '3421', zone: 9, parts: ['Innbygda', 'Trysil', 'Korsberg', 'Fageråsen', 'Elve', 'Prestgards'] },
  { postcode: '2422', city: 'Nybergsund', lat: 61.2600, lng: 12.3200, kommunenr: '3421', zone: 9, parts: ['Nybergsund', 'Sagbruks', 'Ljørdals', 'Bjørånes', 'Flå'] },
];
/** The share of buildings east of 12°E (UTM zone 33). */
const EAST_SHARE = 0.2;
const SUFFIXES = ['veien', ' vei', 'gata', 'bakken', 'lia', 'åsen', 'stien', ' terrasse', 'tunet', 'jordet', 'haugen', 'svingen'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** `count` points, the same every time for the same count and seed. */
export function demoRegisterPoints(count = DEMO_REGISTER_SIZE, seed = 20261126): DemoRegisterPoint[] {
  const random = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  /** Roughly normal around 0 (sum of three uniforms): houses thin out away from an area's centre. */
  const spread = () => random() + random() + random() - 1.5;
  const points: DemoRegisterPoint[] = [];
  let building = 300_900_000;
  let meterId = 5_200_000;
  const nextHouse = new Map<string, number>();
  const gnrOf = new Map<string, number>();
  while (points.length < count) {
    const area = pick(random() < EAST_SHARE ? EAST : BAERUM);
    const street = `${pick(area.parts)}${pick(SUFFIXES)}`;
    const key = `${area.postcode} ${street}`;
    if (!gnrOf.has(key)) gnrOf.set(key, int(1, 140));
    // House numbers go up along the street: odd and even sides, now and then a letter (12B).
    const house = (nextHouse.get(key) ?? 0) + int(1, 3);
    nextHouse.set(key, house);
    const houseNo = `${house}${random() < 0.08 ? pick(['A', 'B', 'C']) : ''}`;
    const address = `${street} ${houseNo}, ${area.postcode} ${area.city}`;
    const buildingNo = String(++building);
    // Mostly houses with one meter; a tenth two-family houses, one in twenty-five a block of flats.
    const roll = random();
    const meters = roll < 0.04 ? int(4, 16) : roll < 0.14 ? 2 : 1;
    const placed = random() >= 0.006;
    const lat = placed ? Math.round((area.lat + spread() * 0.016) * 1e6) / 1e6 : null;
    const lng = placed ? Math.round((area.lng + spread() * 0.032) * 1e6) / 1e6 : null;
    const agreementType = meters > 2 ? 1 : random() < 0.08 ? pick([2, 3]) : 0;
    const company = random() < 0.01 ? 'b' : 'a';
    const gnr = gnrOf.get(key)!;
    const bnr = int(1, 900);
    for (let m = 0; m < meters && points.length < count; m++) {
      const r = random();
      const assignmentType = r < 0.2 ? AssignmentType.New : r < 0.9 ? AssignmentType.Replacement : AssignmentType.Dismantle;
      const hasMeter = assignmentType !== AssignmentType.New;
      points.push({
        company, externalId: 2_000_000 + points.length + 1,
        waterMeterId: hasMeter ? ++meterId : null,
        meterSerial: hasMeter ? `${pick(['', 'KA', 'S', 'EV'])}${pad(int(0, 99_999_999), 8)}` : null,
        agreementNo: `VA-${pad(int(10_000, 999_999), 6)}`,
        assignmentType, priority: random() < 0.85 ? 0 : int(1, 3), lat, lng, address, street, buildingNo,
        matrikkelenhetNr: composeMatrikkelNummer({ kommunenr: area.kommunenr, gnr, bnr, fnr: 0, snr: meters > 2 ? m + 1 : 0 }),
        installDate: hasMeter ? `${int(2004, 2021)}-${pad(int(1, 12), 2)}-${pad(int(1, 28), 2)}` : null,
        referenceId: random() < 0.3 ? `SAK-${int(2024, 2026)}-${pad(int(1, 99_999), 5)}` : null,
        lookups: {
          dimension: hasMeter || random() < 0.5 ? (meters > 2 && m === 0 ? pick([3, 4, 5]) : pick([0, 1, 1, 1, 2])) : null,
          zone: area.zone,
          readerType: hasMeter ? pick([0, 0, 1, 1, 2, 3]) : null,
          agreementType,
          status: pick([0, 0, 0, 0, 1, 2, 3]),
        },
      });
    }
  }
  return points;
}

const CHUNK = 25_000;

/** The demo register of the customer: its lookup lists and `count` points. */
export async function seedRegister(db: DbOrTx, ids: { customerId: string; companyA: string; companyB: string }, count = DEMO_REGISTER_SIZE): Promise<void> {
  await db.insert(registerLookups).values(Object.entries(DEMO_REGISTER_LOOKUPS).flatMap(([list, names]) =>
    names.map((name, i) => ({ customerId: ids.customerId, list, id: i + 1, name }))));
  const points = demoRegisterPoints(count);
  const id = (i: number | null) => (i === null ? null : i + 1);
  for (let i = 0; i < points.length; i += CHUNK) {
    const chunk = points.slice(i, i + CHUNK);
    // One array literal per column, unnested into rows.
    const col = (type: string, get: (p: DemoRegisterPoint) => unknown) => sql`${arrayLiteral(chunk.map(get))}::${sql.raw(type)}[]`;
    await db.execute(sql`
      insert into meter_points (customer_id, company_id, external_id, water_meter_id, meter_serial, agreement_no, assignment_type,
        priority, lat, lng, address, street, building_no, matrikkelenhet_nr, install_date, dimension_id, zone_id, reader_type_id,
        agreement_type_id, status_id, reference_id)
      select ${ids.customerId}::uuid, case when r.other then ${ids.companyB}::uuid else ${ids.companyA}::uuid end, r.external_id,
        r.water_meter_id, r.meter_serial, r.agreement_no, r.assignment_type, r.priority, r.lat, r.lng, r.address, r.street,
        r.building_no, r.matrikkelenhet_nr, r.install_date, r.dimension_id, r.zone_id, r.reader_type_id, r.agreement_type_id,
        r.status_id, r.reference_id
      from unnest(${col('bool', (p) => p.company === 'b')}, ${col('bigint', (p) => p.externalId)}, ${col('bigint', (p) => p.waterMeterId)},
        ${col('text', (p) => p.meterSerial)}, ${col('text', (p) => p.agreementNo)}, ${col('int', (p) => p.assignmentType)},
        ${col('int', (p) => p.priority)}, ${col('float8', (p) => p.lat)}, ${col('float8', (p) => p.lng)}, ${col('text', (p) => p.address)},
        ${col('text', (p) => p.street)}, ${col('text', (p) => p.buildingNo)}, ${col('text', (p) => p.matrikkelenhetNr)},
        ${col('text', (p) => p.installDate)}, ${col('int', (p) => id(p.lookups.dimension))}, ${col('int', (p) => id(p.lookups.zone))},
        ${col('int', (p) => id(p.lookups.readerType))}, ${col('int', (p) => id(p.lookups.agreementType))},
        ${col('int', (p) => id(p.lookups.status))}, ${col('text', (p) => p.referenceId)})
        as r(other, external_id, water_meter_id, meter_serial, agreement_no, assignment_type, priority, lat, lng, address, street,
          building_no, matrikkelenhet_nr, install_date, dimension_id, zone_id, reader_type_id, agreement_type_id, status_id, reference_id)`);
  }
}
