/** Property and water-meter lookups: limits, shapes and customer scoping. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressSearchResult } from '../../src/domain/api';
import { ADDRESS_SEARCH_LIMIT } from '../../src/domain/constants';
import { formatMatrikkelNummer } from '../../src/domain/geo/matrikkel';
import { otherCustomer, startDemo, type Demo } from './jobs-fixtures';

let demo: Demo;
let other: Awaited<ReturnType<typeof otherCustomer>>;
beforeAll(async () => {
  demo = await startDemo();
  other = await otherCustomer(demo);
});
afterAll(async () => {
  await demo?.close();
});

const q = async <T>(text: ReturnType<typeof sql>) => (await demo.t.database.db.execute(text)).rows as T[];
const get = (path: string) => demo.api('ola', 'GET', path);

/** An address with the given number of housing units, by kind. */
async function addressWithUnits(kind: 'one' | 'several' | 'none') {
  const having = kind === 'one' ? sql`count(distinct h.property_id) = 1 and count(h.id) = 1` : kind === 'several' ? sql`count(distinct h.property_id) > 1` : sql`count(h.id) = 0`;
  const [row] = await q<{ id: number; property_id: number }>(sql`
    select a.id, a.property_id from addresses a left join housing_units h on h.address_id = a.id
    where a.customer_id = (select customer_id from users where email = 'ola.hansen@sandvika-ror.no')
    group by a.id having ${having} order by a.id limit 1`);
  return row;
}

describe('address search', () => {
  it('answers at most 5 results, property units before street addresses before streets', async () => {
    const res = await get('/api/Property/search?q=veien');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(ADDRESS_SEARCH_LIMIT);
    const streets = await get('/api/Property/search?q=veien&targets=Street');
    expect(streets.body).toHaveLength(ADDRESS_SEARCH_LIMIT);
    expect(streets.body.every((r: AddressSearchResult) => r.type === 'Street' && r.addressId === null && !r.addressText.includes(','))).toBe(true);

    const [unit] = await q<{ matrikkel_nummer: string }>(sql`select matrikkel_nummer from properties where parent_id is null order by id limit 1`);
    const human = formatMatrikkelNummer(unit.matrikkel_nummer).replace(/\/0\/0$/, '').replace(/^3201-/, '');
    const byNumber = await get(`/api/Property/search?q=${encodeURIComponent(human)}`);
    expect(byNumber.body[0]).toMatchObject({ type: 'PropertyUnit', matrikkelNummer: unit.matrikkel_nummer, addressId: null });
    const order = ['PropertyUnit', 'StreetAddress', 'Street'];
    const types = byNumber.body.map((r: AddressSearchResult) => order.indexOf(r.type));
    expect(types).toEqual([...types].sort());
  });

  it('finds street addresses case-insensitively with their property', async () => {
    const res = await get('/api/Property/search?q=l%C3%B8kketangen%207&targets=StreetAddress');
    expect(res.body[0]).toMatchObject({ type: 'StreetAddress', addressText: 'Løkketangen 7, 1338 Sandvika' });
    expect(res.body[0].matrikkelNummer).toMatch(/^\d{22}$/);
    expect(res.body[0].location.srs).toBeGreaterThan(25000);
  });

  it('stays inside the user\'s customer', async () => {
    const res = await get('/api/Property/search?q=L%C3%B8kketangen%2099');
    expect(res.body.find((r: AddressSearchResult) => r.addressId === other.address.id)).toBeUndefined();
    expect((await get(`/api/Property/sectionedproperties/${other.address.id}`)).status).toBe(404);
    expect((await get(`/api/Property/matrikkelenhet/${other.property.matrikkelNummer}`)).status).toBe(404);
    expect((await get(`/api/Property/owners/${other.property.id}`)).status).toBe(404);
    expect((await get(`/api/WaterMeters?matrikkelNummer=${other.property.matrikkelNummer}`)).body).toEqual([]);
  });

  it('rejects unknown targets and an empty query', async () => {
    expect((await get('/api/Property/search?q=x&targets=Planet')).status).toBe(400);
    expect((await get('/api/Property/search?q=')).status).toBe(400);
  });
});

describe('sectioned properties and sub-properties', () => {
  it('lists the units of a sectioned address with owners by unikid', async () => {
    const address = await addressWithUnits('several');
    const res = await get(`/api/Property/sectionedproperties/${address.id}`);
    expect(res.status).toBe(200);
    const { gateAdresse } = res.body;
    expect(gateAdresse).toMatchObject({ adresseId: address.id, adresseMatrikkelenhetId: address.property_id });
    expect(gateAdresse.bruksenheter.length).toBeGreaterThan(1);
    const ids: string[] = [...new Set<string>(gateAdresse.bruksenheter.map((b: { unikMatrikkelenhetId: string }) => b.unikMatrikkelenhetId))];
    const sub = await get(`/api/Property/subproperties?unikMatrikkelenhetsId=${encodeURIComponent(ids.join(','))}`);
    expect(sub.status).toBe(200);
    expect(sub.body.infoForMatrikkelenhet.map((i: { unikid: string }) => i.unikid).sort()).toEqual([...ids].sort());
    for (const info of sub.body.infoForMatrikkelenhet) {
      expect(info.matrikkelnr).toMatch(/^\d{22}$/);
      expect(Number(info.matrikkelnr.slice(-5))).toBeGreaterThan(0);
      expect(info.eierforhold.length).toBeGreaterThan(0);
    }
    const section = sub.body.infoForMatrikkelenhet[0].matrikkelnr;
    expect((await get(`/api/Property/matrikkelenhet/${section}`)).body).toEqual({ posisjon: null });
    const base = await get(`/api/Property/matrikkelenhet/${section.slice(0, -5)}00000`);
    expect(base.body.posisjon).toMatchObject({ srs: expect.any(Number) });
  });

  it('gives one unit for a plain house and 404 for an address without units', async () => {
    const one = await addressWithUnits('one');
    const res = await get(`/api/Property/sectionedproperties/${one.id}`);
    expect(res.body.gateAdresse.bruksenheter).toHaveLength(1);
    expect(res.body.gateAdresse.bruksenheter[0].matrikkelenhetId).toBe(one.property_id);
    const none = await addressWithUnits('none');
    expect((await get(`/api/Property/sectionedproperties/${none.id}`)).status).toBe(404);
    expect((await get('/api/Property/subproperties?unikMatrikkelenhetsId=3201-1%2F1%2F9%2F9')).status).toBe(404);
    expect((await get('/api/Property/subproperties?unikMatrikkelenhetsId=nonsense')).status).toBe(400);
  });
});

describe('units, buildings, owners, meters', () => {
  it('answers the remaining cadastre lookups', async () => {
    const [p] = await q<{ id: number; matrikkel_nummer: string; unit_id: number }>(sql`
      select p.id, p.matrikkel_nummer, h.id as unit_id from properties p join housing_units h on h.property_id = p.id
      where p.parent_id is null order by p.id limit 1`);
    expect((await get(`/api/Property/matrikkelnumber/${p.matrikkel_nummer}`)).body).toEqual({ matrikkelidenter: [{ matrikkelid: p.id, matrikkelnummer: p.matrikkel_nummer }] });
    expect((await get(`/api/Property/matrikkelnumber/${encodeURIComponent(formatMatrikkelNummer(p.matrikkel_nummer))}`)).status).toBe(200);
    expect((await get(`/api/Property/propertyId/${p.id}`)).body).toMatchObject({ id: p.id, name: expect.stringMatching(/\d{4} /) });
    expect((await get(`/api/Property/housingunit/${p.unit_id}`)).body).toMatchObject({ bruksenhetsId: p.unit_id, matrikkelenhetId: p.id, bruksenhetsnummer: expect.stringMatching(/^H\d{4}$/) });
    const units = await get(`/api/Property/housingunits/matrikkelnr/${p.matrikkel_nummer}`);
    expect(units.body.length).toBeGreaterThan(0);
    const buildings = await get(`/api/Property/buildings/matrikkelnr/${p.matrikkel_nummer}`);
    expect(buildings.body[0].housingUnits.length).toBeGreaterThan(0);
    const owners = await get(`/api/Property/owners/${p.id}`);
    expect(owners.body.length).toBeGreaterThan(0);
    expect(owners.body[0].name).toBe(owners.body[0].name.toUpperCase());
    expect((await get('/api/Property/owners/1')).status).toBe(404);
    expect((await get('/api/Property/housingunit/1')).status).toBe(404);
  });

  it('lists water meters of a unit and one meter by id', async () => {
    const [m] = await q<{ id: number; nr: string; serial_no: string }>(sql`
      select w.id, p.matrikkel_nummer as nr, w.serial_no from water_meters w join properties p on p.id = w.property_id order by w.id limit 1`);
    const list = await get(`/api/WaterMeters?matrikkelNummer=${m.nr}`);
    expect(list.body.map((w: { waterMeterId: number }) => w.waterMeterId)).toContain(m.id);
    const one = await get(`/api/WaterMeters/${m.id}`);
    expect(one.body).toMatchObject({ waterMeterId: m.id, serialNo: m.serial_no, matrikkelNummer: m.nr, placement: expect.any(String), address: expect.any(String) });
    expect((await get('/api/WaterMeters/1')).status).toBe(404);
  });
});
