/**
 * The cadastre lookups of job creation (spec 1 §3, §5, §7), answered from our properties,
 * addresses and housing units and always limited to the user's customer (the water utility).
 *
 * Identifiers: matrikkelenhetId is a unit's numeric id; matrikkelNummer its 22-digit number
 * (src/domain/geo/matrikkel.ts); unikMatrikkelenhetId / unikid its human form "3201-58/42/0/3". Paths
 * taking a number accept either the 22-digit or the human form.
 */
import type { AddressSearchResult, BuildingUnit } from '../../src/domain/schemas';
import { ADDRESS_SEARCH_LIMIT } from '../../src/domain/constants';
import { AddressResultType, type AddressResultTypeName } from '../../src/domain/enums';
import { composeMatrikkelNummer, formatMatrikkelNummer, parseMatrikkelNummer } from '../../src/domain/geo/matrikkel';
import type { UserContext } from '../auth/context';
import { badRequest, notFound } from '../http/errors';
import type { DbOrTx } from '../db/tx';
import {
  findAddressesContaining, findBuildingUnits, findCustomerAddress, findCustomerProperty, findPropertiesByNummer, findPropertiesLike,
  findPropertyByNummer, findStreetsContaining, firstAddressOf, housingUnitsAt, location, type AddressRow, type PropertyRow,
} from '../repositories/property';

/** The 22-digit number for a 22-digit or human ("3201-58/42/0/3") form; null when neither. */
export function toMatrikkelNummer(value: string): string | null {
  const v = value.trim();
  if (parseMatrikkelNummer(v)) return v;
  const m = /^(\d{4})-(\d{1,5})\/(\d{1,4})\/(\d{1,4})\/(\d{1,5})$/.exec(v);
  return m ? composeMatrikkelNummer({ kommunenr: m[1], gnr: Number(m[2]), bnr: Number(m[3]), fnr: Number(m[4]), snr: Number(m[5]) }) : null;
}

function requireNummer(value: string, field: string): string {
  const nr = toMatrikkelNummer(value);
  if (!nr) throw badRequest(field, 'must be a 22-digit matrikkel number or kommune-gnr/bnr/fnr/snr');
  return nr;
}

async function propertyByNummer(db: DbOrTx, user: UserContext, nr: string): Promise<PropertyRow> {
  const row = await findPropertyByNummer(db, user.customerId, nr);
  if (!row) throw notFound('Property');
  return row;
}

// --- search ---------------------------------------------------------------------------------------

const ALL_TARGETS: AddressResultTypeName[] = [AddressResultType.PropertyUnit, AddressResultType.StreetAddress, AddressResultType.Street];

/** Parses the targets list (comma separated, any case); empty means all. */
export function parseTargets(raw: string | undefined): AddressResultTypeName[] {
  if (!raw || !raw.trim()) return ALL_TARGETS;
  return raw.split(',').map((t) => t.trim()).filter(Boolean).map((t) => {
    const found = ALL_TARGETS.find((a) => a.toLowerCase() === t.toLowerCase());
    if (!found) throw badRequest('querystring/targets', `holds an unknown target "${t}" (allowed: ${ALL_TARGETS.join(', ')})`);
    return found;
  });
}

/** "58/42", "3201-58/42/0/3" or 22 digits → a LIKE pattern over matrikkel numbers; null when q is not one. */
function matrikkelPattern(q: string): string | null {
  if (/^\d{22}$/.test(q)) return q;
  const m = /^(?:(\d{4})\s*-\s*)?(\d{1,5})\s*\/\s*(\d{1,4})(?:\s*\/\s*(\d{1,4}))?(?:\s*\/\s*(\d{1,5}))?$/.exec(q);
  if (!m) return null;
  const pad = (v: string | undefined, n: number) => (v === undefined ? '_'.repeat(n) : v.padStart(n, '0'));
  return `${m[1] ?? '____'}${pad(m[2], 5)}${pad(m[3], 4)}${pad(m[4], 4)}${pad(m[5], 5)}`;
}


/**
 * GET /api/Property/search?q=&targets=: at most ADDRESS_SEARCH_LIMIT results, property units first,
 * then street addresses, then streets. A property unit result has addressId null (the unit is used
 * as is, no sectioned lookup); a street result carries only the street name (the client refines
 * the search with it).
 */
export async function searchAddresses(db: DbOrTx, user: UserContext, q: string, targets: AddressResultTypeName[]): Promise<AddressSearchResult[]> {
  const text = q.trim();
  const out: AddressSearchResult[] = [];
  const room = () => ADDRESS_SEARCH_LIMIT - out.length;

  const pattern = matrikkelPattern(text);
  if (targets.includes(AddressResultType.PropertyUnit) && pattern) {
    const units = await findPropertiesLike(db, user.customerId, pattern, room());
    const addressOf = await firstAddresses(db, units);
    for (const p of units) {
      const a = addressOf.get(p.id) ?? (p.parentId != null ? addressOf.get(p.parentId) : undefined);
      out.push({
        addressText: a?.text ?? formatMatrikkelNummer(p.matrikkelNummer), addressId: null, matrikkelenhetId: p.id,
        matrikkelNummer: p.matrikkelNummer, location: location(p) ?? (a ? location(a) : null), type: AddressResultType.PropertyUnit,
      });
    }
  }
  if (targets.includes(AddressResultType.StreetAddress) && room() > 0) {
    const rows = await findAddressesContaining(db, user.customerId, text, room());
    for (const { address: a, nr } of rows) {
      out.push({
        addressText: a.text, addressId: a.id, matrikkelenhetId: a.propertyId, matrikkelNummer: nr, location: location(a),
        type: AddressResultType.StreetAddress,
      });
    }
  }
  if (targets.includes(AddressResultType.Street) && room() > 0) {
    const rows = await findStreetsContaining(db, user.customerId, text, room());
    for (const r of rows) {
      out.push({ addressText: r.street, addressId: null, matrikkelenhetId: null, matrikkelNummer: null, location: location(r), type: AddressResultType.Street });
    }
  }
  return out;
}

/** The lowest-numbered address on each of the given units (and on their parents). */
function firstAddresses(db: DbOrTx, units: PropertyRow[]): Promise<Map<number, AddressRow>> {
  return firstAddressOf(db, [...new Set(units.flatMap((p) => (p.parentId != null ? [p.id, p.parentId] : [p.id])))]);
}

// --- sectioned properties and sub-properties ------------------------------------------------------

/**
 * GET /api/Property/sectionedproperties/{addressId} →
 * { gateAdresse: { adresseId, adresseMatrikkelenhetId, bruksenheter: [{ unikMatrikkelenhetId, matrikkelenhetId,
 *   bruksenhetId, bruksenhetsnummer }] } }: one entry per housing unit (bruksenhet) at the address,
 * pointing at the matrikkel unit it belongs to (a section, or the property itself). 404 when the
 * address is unknown or has no housing units.
 */
export async function sectionedProperties(db: DbOrTx, user: UserContext, addressId: number) {
  const address = await findCustomerAddress(db, user.customerId, addressId);
  if (!address) throw notFound('Address');
  const rows = await housingUnitsAt(db, address.id);
  if (rows.length === 0) throw notFound('Housing units at the address');
  return {
    gateAdresse: {
      adresseId: address.id,
      adresseMatrikkelenhetId: address.propertyId,
      bruksenheter: rows.map(({ unit, nr }) => ({
        unikMatrikkelenhetId: formatMatrikkelNummer(nr), matrikkelenhetId: unit.propertyId, bruksenhetId: unit.id, bruksenhetsnummer: unit.ident,
      })),
    },
  };
}

/**
 * GET /api/Property/subproperties?unikMatrikkelenhetsId=a,b →
 * { infoForMatrikkelenhet: [{ unikid, matrikkelnr (22 digits), matrikkelenhetId, eierforhold: [{ id, navn }] }] }.
 * Owner names are as the cadastre gives them (upper case; id null for some). 404 when none is found.
 */
export async function subProperties(db: DbOrTx, user: UserContext, unikIds: string[]) {
  const wanted = unikIds.map((u) => u.trim()).filter(Boolean);
  if (wanted.length === 0) throw badRequest('querystring/unikMatrikkelenhetsId', 'must list at least one unit');
  const byNr = new Map(wanted.map((u) => [requireNummer(u, 'querystring/unikMatrikkelenhetsId'), u]));
  const rows = await findPropertiesByNummer(db, user.customerId, [...byNr.keys()]);
  if (rows.length === 0) throw notFound('Properties');
  return {
    infoForMatrikkelenhet: rows.map((p) => ({
      unikid: byNr.get(p.matrikkelNummer)!, matrikkelnr: p.matrikkelNummer, matrikkelenhetId: p.id, eierforhold: p.owners,
    })),
  };
}

/** GET /api/Property/matrikkelenhet/{nr} → { posisjon: {x, y, srs} | null }. Sections have no position of their own. */
export async function matrikkelenhetPosition(db: DbOrTx, user: UserContext, nr: string) {
  const p = await propertyByNummer(db, user, requireNummer(nr, 'params/nr'));
  return { posisjon: location(p) };
}

/** GET /api/Property/matrikkelnumber/{nr} → { matrikkelidenter: [{ matrikkelid, matrikkelnummer }] }. */
export async function matrikkelIdenter(db: DbOrTx, user: UserContext, nr: string) {
  const p = await propertyByNummer(db, user, requireNummer(nr, 'params/nr'));
  return { matrikkelidenter: [{ matrikkelid: p.id, matrikkelnummer: p.matrikkelNummer }] };
}

/** GET /api/Property/propertyId/{id} → { id, name, matrikkelNummer }; name is the first address, else the number. */
export async function propertyName(db: DbOrTx, user: UserContext, id: number) {
  const p = await findCustomerProperty(db, user.customerId, id);
  if (!p) throw notFound('Property');
  const a = (await firstAddresses(db, [p]));
  const address = a.get(p.id) ?? (p.parentId != null ? a.get(p.parentId) : undefined);
  return { id: p.id, name: address?.text ?? formatMatrikkelNummer(p.matrikkelNummer), matrikkelNummer: p.matrikkelNummer };
}

/** GET /api/Property/owners/{matrikkelenhetId} → [{ id, name }]; 404 when the unit is unknown or has no owners. */
export async function propertyOwners(db: DbOrTx, user: UserContext, id: number) {
  const p = await findCustomerProperty(db, user.customerId, id);
  if (!p || p.owners.length === 0) throw notFound('Property owners');
  return p.owners.map((o) => ({ id: o.id, name: o.navn }));
}

// --- housing units and buildings ------------------------------------------------------------------

/** GET /api/Property/housingunit/{id} → BuildingUnit. */
export async function housingUnit(db: DbOrTx, user: UserContext, id: number): Promise<BuildingUnit> {
  const [unit] = await findBuildingUnits(db, user.customerId, { unitId: id });
  if (!unit) throw notFound('Housing unit');
  return unit;
}

/** GET /api/Property/housingunits/matrikkelnr/{nr} → BuildingUnit[] of the unit and, for a base property, its sections. */
export async function housingUnitsOf(db: DbOrTx, user: UserContext, nr: string): Promise<BuildingUnit[]> {
  const p = await propertyByNummer(db, user, requireNummer(nr, 'params/nr'));
  return findBuildingUnits(db, user.customerId, { propertyOrSectionsOf: p.id });
}

/** GET /api/Property/buildings/matrikkelnr/{nr} → [{ buildingId, housingUnits: BuildingUnit[] }]; 404 when none. */
export async function buildingsOf(db: DbOrTx, user: UserContext, nr: string) {
  const units = await housingUnitsOf(db, user, nr);
  const byBuilding = new Map<number, BuildingUnit[]>();
  for (const u of units) {
    if (u.buildingId == null) continue;
    const list = byBuilding.get(u.buildingId);
    if (list) list.push(u);
    else byBuilding.set(u.buildingId, [u]);
  }
  if (byBuilding.size === 0) throw notFound('Buildings');
  return [...byBuilding].map(([buildingId, housingUnits]) => ({ buildingId, housingUnits }));
}
