import { describe, expect, it } from 'vitest';
import type { AddressSearchResult } from '../../src/domain/api';
import {
  addressSearchPath, buildSubPropertyOptions, groupAddressResults, pickOwner, propertyFromJob, resolveAddressChoice, subPropertiesPath,
  type SectionedPropertiesResponse, type SubPropertiesResponse,
} from '../../src/domain/jobs/property';

const address: AddressSearchResult = {
  addressText: 'Storgata 1, 0155 Oslo', addressId: 11, matrikkelenhetId: 555, matrikkelNummer: '0301000120003400000000',
  location: { x: 597000, y: 6643000, srs: 25832 }, type: 'StreetAddress',
};

function sectioned(units: [string, number][]): SectionedPropertiesResponse {
  return { gateAdresse: { adresseId: 11, adresseMatrikkelenhetId: 555, bruksenheter: units.map(([u, m]) => ({ unikMatrikkelenhetId: u, matrikkelenhetId: m })) } };
}

/** An API double answering by path; unknown paths fail as a 404 would. */
function api(routes: Record<string, unknown>) {
  const calls: string[] = [];
  const get = async <T,>(path: string): Promise<T> => {
    calls.push(path);
    const hit = Object.entries(routes).find(([prefix]) => path.startsWith(prefix));
    if (!hit) throw Object.assign(new Error('not found'), { status: 404 });
    if (hit[1] instanceof Error) throw hit[1];
    return hit[1] as T;
  };
  return { get, calls };
}

describe('owners (spec 1 §5)', () => {
  it('skips owners without id in favour of the first with id and name, title-cased', () => {
    expect(pickOwner([{ id: null, navn: 'UTEN ID' }, { id: 4, navn: '' }, { id: 5, navn: 'KARI NORDMANN' }, { id: 6, navn: 'OLA' }]))
      .toEqual({ id: 5, name: 'Kari Nordmann' });
    expect(pickOwner([{ id: null, navn: 'UTEN ID' }])).toBeNull();
    expect(pickOwner(null)).toBeNull();
  });
});

describe('sub-property options', () => {
  it('joins unit info to the address units and drops unknown units', () => {
    const sub: SubPropertiesResponse = {
      infoForMatrikkelenhet: [
        { unikid: 'a', matrikkelnr: '0301000120003400000001', eierforhold: [{ id: 1, navn: 'OLA NORDMANN' }] },
        { unikid: 'zz', matrikkelnr: '0301000120003400000009', eierforhold: [] },
        { unikid: 'b', matrikkelnr: '0301000120003400000002', eierforhold: [{ id: null, navn: 'X' }] },
      ],
    };
    expect(buildSubPropertyOptions(sectioned([['a', 901], ['b', 902]]), sub)).toEqual([
      { unikid: 'a', matrikkelNummer: '0301000120003400000001', matrikkelenhetId: 901, ownerName: 'Ola Nordmann' },
      { unikid: 'b', matrikkelNummer: '0301000120003400000002', matrikkelenhetId: 902, ownerName: null },
    ]);
  });
});

describe('paths', () => {
  it('URL-encodes the comma list and the query', () => {
    expect(subPropertiesPath(['a', 'b'])).toBe('/api/Property/subproperties?unikMatrikkelenhetsId=a%2Cb');
    expect(addressSearchPath(' Storgata 1 ')).toBe('/api/Property/search?q=Storgata%201&targets=PropertyUnit%2CStreet%2CStreetAddress');
  });
  it('groups results by type, street addresses first', () => {
    const r = (type: string, addressText: string): AddressSearchResult => ({ ...address, type, addressText });
    const groups = groupAddressResults([r('Street', 'Storgata'), r('StreetAddress', 'Storgata 1'), r('PropertyUnit', '0301-12/34'), r('StreetAddress', 'Storgata 2')]);
    expect(groups.map((g) => [g.type, g.results.map((x) => x.addressText)])).toEqual([
      ['StreetAddress', ['Storgata 1', 'Storgata 2']],
      ['PropertyUnit', ['0301-12/34']],
      ['Street', ['Storgata']],
    ]);
  });
});

describe('choosing an address (spec 1 §5)', () => {
  it('uses exactly one unit directly, with the address location', async () => {
    const { get } = api({
      '/api/Property/sectionedproperties/11': sectioned([['a', 901]]),
      '/api/Property/subproperties': { infoForMatrikkelenhet: [{ unikid: 'a', matrikkelnr: '0301000120003400000000', eierforhold: [] }] },
    });
    const res = await resolveAddressChoice(address, get);
    expect(res).toEqual({
      kind: 'selected',
      property: { addressText: 'Storgata 1, 0155 Oslo', addressId: 11, matrikkelNummer: '0301000120003400000000', matrikkelenhetId: 901, location: address.location },
    });
  });

  it('offers a selector for several units', async () => {
    const { get } = api({
      '/api/Property/sectionedproperties/11': sectioned([['a', 901], ['b', 902]]),
      '/api/Property/subproperties': {
        infoForMatrikkelenhet: [
          { unikid: 'a', matrikkelnr: '0301000120003400000001', eierforhold: [{ id: 1, navn: 'OLA' }] },
          { unikid: 'b', matrikkelnr: '0301000120003400000002', eierforhold: [{ id: 2, navn: 'KARI' }] },
        ],
      },
    });
    const res = await resolveAddressChoice(address, get);
    expect(res.kind).toBe('choose');
    if (res.kind === 'choose') expect(res.options.map((o) => o.ownerName)).toEqual(['Ola', 'Kari']);
  });

  it('gives the no-units error when the address has none', async () => {
    const { get } = api({ '/api/Property/sectionedproperties/11': sectioned([]) });
    expect(await resolveAddressChoice(address, get)).toEqual({ kind: 'error', key: 'NoUtilityUnitsFound' });
  });

  it('maps sectioned lookup failures: 404 and others', async () => {
    expect(await resolveAddressChoice(address, api({}).get)).toEqual({ kind: 'error', key: 'NoSectionedPropertiesFound' });
    const failing = api({ '/api/Property/sectionedproperties': Object.assign(new Error('x'), { status: 500 }) });
    expect(await resolveAddressChoice(address, failing.get)).toEqual({ kind: 'error', key: 'ErrorRetrievingSectionedProperties' });
  });

  it('maps sub-property lookup failures: 404 and others', async () => {
    const notFound = api({ '/api/Property/sectionedproperties/11': sectioned([['a', 901]]) });
    expect(await resolveAddressChoice(address, notFound.get)).toEqual({ kind: 'error', key: 'NoUtilityUnitsFound' });
    const failing = api({
      '/api/Property/sectionedproperties/11': sectioned([['a', 901]]),
      '/api/Property/subproperties': Object.assign(new Error('x'), { status: 503 }),
    });
    expect(await resolveAddressChoice(address, failing.get)).toEqual({ kind: 'error', key: 'ErrorRetrievingUtilityUnits' });
  });

  it('fetches the base property location for a section (last digit above 0)', async () => {
    const { get, calls } = api({
      '/api/Property/sectionedproperties/11': sectioned([['a', 901]]),
      '/api/Property/subproperties': { infoForMatrikkelenhet: [{ unikid: 'a', matrikkelnr: '0301000120003400000003', eierforhold: [] }] },
      '/api/Property/matrikkelenhet/': { posisjon: { x: 1, y: 2, srs: 25833 } },
    });
    const res = await resolveAddressChoice(address, get);
    expect(calls).toContain('/api/Property/matrikkelenhet/0301000120003400000000');
    expect(res.kind === 'selected' && res.property.location).toEqual({ x: 1, y: 2, srs: 25833 });
  });

  it('uses a property unit as is and refines on a street', async () => {
    const unit: AddressSearchResult = { ...address, type: 'PropertyUnit', addressId: null };
    const { get, calls } = api({});
    const res = await resolveAddressChoice(unit, get);
    expect(calls).toEqual([]);
    expect(res.kind === 'selected' && res.property.matrikkelenhetId).toBe(555);
    expect(await resolveAddressChoice({ ...address, type: 'Street', addressText: 'Storgata' }, get)).toEqual({ kind: 'refine', text: 'Storgata' });
  });
});

describe('property of a job on the device', () => {
  it("takes the job's matrikkel and its first live task's location", async () => {
    const { makeJob, makeTask } = await import('./jobsFixtures');
    const job = makeJob({
      jobTasks: [
        makeTask({ taskId: 'gone', isDeleted: true, subscriberDetails: null }),
        makeTask({ taskId: 'live', taskOrder: 1, subscriberDetails: { addressId: 11, addressText: 'x', location: { x: 1, y: 2, srs: 0 }, coordinateSource: 'Property' } }),
      ],
    });
    expect(propertyFromJob(job)).toEqual({
      addressText: 'Storgata 1, 0155 Oslo', addressId: 11, matrikkelNummer: '0301000120003400000000', matrikkelenhetId: 555, location: { x: 1, y: 2, srs: 0 },
    });
  });
});
