/**
 * Address and property lookups during job creation (spec 1 §5, §7): which calls an address choice
 * needs, how sectioned units become sub-property options, and which error each failure shows.
 * The calls go through an injected `get`, so the rules run (and are tested) without a network.
 */
import type { AddressSearchResult, Job, Location } from '../api';
import { AddressResultType } from '../enums';
import { titleCase } from '../format';
import { liveTasks } from './rules';
import { locationMatrikkelNummer } from '../geo/matrikkel';

/** GET /api/Property/sectionedproperties/{addressId}. */
export interface SectionedPropertiesResponse {
  gateAdresse: {
    adresseId: number;
    adresseMatrikkelenhetId: number;
    bruksenheter: { unikMatrikkelenhetId: string | number; matrikkelenhetId: number }[];
  };
}

export interface PropertyOwner {
  id: string | number | null;
  navn: string | null;
}

/** GET /api/Property/subproperties?unikMatrikkelenhetsId=a,b. */
export interface SubPropertiesResponse {
  infoForMatrikkelenhet: { unikid: string | number; matrikkelnr: string; eierforhold: PropertyOwner[] | null }[];
}

/** GET /api/Property/matrikkelenhet/{nr}. */
export interface MatrikkelenhetResponse {
  posisjon: Location | null;
}

/** The property a new job is created for. */
export interface SelectedProperty {
  addressText: string;
  addressId: number | null;
  matrikkelNummer: string;
  matrikkelenhetId: number;
  location: Location | null;
}

export interface SubPropertyOption {
  unikid: string;
  matrikkelNummer: string;
  matrikkelenhetId: number;
  /** Title-cased name of the first owner with id and name; null when none has both. */
  ownerName: string | null;
}

/** i18n keys (jobs namespace) of the lookup failures, spec 1 §8. */
export type PropertyErrorKey =
  | 'NoSectionedPropertiesFound'
  | 'ErrorRetrievingSectionedProperties'
  | 'NoUtilityUnitsFound'
  | 'ErrorRetrievingUtilityUnits'
  | 'FailedFetchingSubProperties';

export type PropertyResolution =
  | { kind: 'selected'; property: SelectedProperty }
  | { kind: 'choose'; options: SubPropertyOption[]; addressId: number | null }
  | { kind: 'refine'; text: string }
  | { kind: 'error'; key: PropertyErrorKey };

export type ApiGet = <T>(path: string) => Promise<T>;

/** Search targets for job creation: property units, streets and street addresses. */
export const JOB_ADDRESS_TARGETS = [AddressResultType.PropertyUnit, AddressResultType.Street, AddressResultType.StreetAddress];

export function addressSearchPath(query: string, targets: readonly string[] = JOB_ADDRESS_TARGETS): string {
  return `/api/Property/search?q=${encodeURIComponent(query.trim())}&targets=${encodeURIComponent(targets.join(','))}`;
}

export function subPropertiesPath(unikIds: readonly string[]): string {
  return `/api/Property/subproperties?unikMatrikkelenhetsId=${encodeURIComponent(unikIds.join(','))}`;
}

const GROUP_ORDER: readonly string[] = [AddressResultType.StreetAddress, AddressResultType.PropertyUnit, AddressResultType.Street];

/** Results grouped by type (street addresses, property units, streets, then anything else), order kept inside a group. */
export function groupAddressResults(results: readonly AddressSearchResult[]): { type: string; results: AddressSearchResult[] }[] {
  const groups = new Map<string, AddressSearchResult[]>();
  for (const r of results) {
    const list = groups.get(r.type);
    if (list) list.push(r);
    else groups.set(r.type, [r]);
  }
  const rank = (t: string) => (GROUP_ORDER.includes(t) ? GROUP_ORDER.indexOf(t) : GROUP_ORDER.length);
  return [...groups.entries()].sort((a, b) => rank(a[0]) - rank(b[0])).map(([type, list]) => ({ type, results: list }));
}

/** Owner entries without id are skipped in favour of the first with id and name (spec 1 §5). */
export function pickOwner(owners: readonly PropertyOwner[] | null | undefined): { id: string | number; name: string } | null {
  const owner = (owners ?? []).find((o) => o.id != null && o.id !== '' && o.navn != null && o.navn.trim() !== '');
  return owner ? { id: owner.id as string | number, name: titleCase(owner.navn as string) } : null;
}

/** Distinct unit ids of a sectioned address, in order. */
export function unitIds(sectioned: SectionedPropertiesResponse): string[] {
  return [...new Set((sectioned.gateAdresse?.bruksenheter ?? []).map((u) => String(u.unikMatrikkelenhetId)))];
}

/** Joins the cadastre's unit info with the address's units (unikid = unikMatrikkelenhetId). */
export function buildSubPropertyOptions(sectioned: SectionedPropertiesResponse, sub: SubPropertiesResponse): SubPropertyOption[] {
  const units = new Map((sectioned.gateAdresse?.bruksenheter ?? []).map((u) => [String(u.unikMatrikkelenhetId), u]));
  const options: SubPropertyOption[] = [];
  const seen = new Set<string>();
  for (const info of sub.infoForMatrikkelenhet ?? []) {
    const unikid = String(info.unikid);
    const unit = units.get(unikid);
    if (!unit || seen.has(unikid) || !info.matrikkelnr) continue;
    seen.add(unikid);
    options.push({
      unikid,
      matrikkelNummer: info.matrikkelnr,
      matrikkelenhetId: unit.matrikkelenhetId,
      ownerName: pickOwner(info.eierforhold)?.name ?? null,
    });
  }
  return options;
}

function statusOf(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') return error.status;
  return null;
}

export function sectionedErrorKey(error: unknown): PropertyErrorKey {
  return statusOf(error) === 404 ? 'NoSectionedPropertiesFound' : 'ErrorRetrievingSectionedProperties';
}

export function subPropertiesErrorKey(error: unknown): PropertyErrorKey {
  return statusOf(error) === 404 ? 'NoUtilityUnitsFound' : 'ErrorRetrievingUtilityUnits';
}

/**
 * The location of a property. A section (last digit above 0) takes the base property's position;
 * otherwise the search result's location is used when it has one. A failed position lookup leaves
 * the location empty rather than blocking creation: the job location page then says it is missing.
 */
export async function locateProperty(matrikkelNummer: string, known: Location | null, get: ApiGet): Promise<Location | null> {
  const nr = locationMatrikkelNummer(matrikkelNummer);
  if (nr === matrikkelNummer && known) return known;
  try {
    const res = await get<MatrikkelenhetResponse>(`/api/Property/matrikkelenhet/${encodeURIComponent(nr)}`);
    return res.posisjon ?? known;
  } catch {
    return known;
  }
}

/**
 * What choosing a search result leads to (spec 1 §5): a street refines the search; a property unit
 * is used as is; a street address is looked up for its sectioned units — exactly one is used
 * directly, several give the selector, none gives the error.
 */
export async function resolveAddressChoice(result: AddressSearchResult, get: ApiGet): Promise<PropertyResolution> {
  if (result.type === AddressResultType.Street) return { kind: 'refine', text: result.addressText };

  if (result.addressId == null) {
    if (!result.matrikkelNummer || result.matrikkelenhetId == null) return { kind: 'error', key: 'NoUtilityUnitsFound' };
    const location = await locateProperty(result.matrikkelNummer, result.location, get);
    return {
      kind: 'selected',
      property: {
        addressText: result.addressText,
        addressId: null,
        matrikkelNummer: result.matrikkelNummer,
        matrikkelenhetId: result.matrikkelenhetId,
        location,
      },
    };
  }

  let sectioned: SectionedPropertiesResponse;
  try {
    sectioned = await get<SectionedPropertiesResponse>(`/api/Property/sectionedproperties/${encodeURIComponent(String(result.addressId))}`);
  } catch (e) {
    return { kind: 'error', key: sectionedErrorKey(e) };
  }
  const ids = unitIds(sectioned);
  if (ids.length === 0) return { kind: 'error', key: 'NoUtilityUnitsFound' };

  let sub: SubPropertiesResponse;
  try {
    sub = await get<SubPropertiesResponse>(subPropertiesPath(ids));
  } catch (e) {
    return { kind: 'error', key: subPropertiesErrorKey(e) };
  }
  const options = buildSubPropertyOptions(sectioned, sub);
  if (options.length === 0) return { kind: 'error', key: 'NoUtilityUnitsFound' };
  if (options.length > 1) return { kind: 'choose', options, addressId: sectioned.gateAdresse.adresseId ?? null };
  return { kind: 'selected', property: await propertyFromOption(result, options[0], sectioned.gateAdresse.adresseId ?? null, get) };
}

/** The property for a chosen sub-property of a street address. */
export async function propertyFromOption(
  result: AddressSearchResult,
  option: SubPropertyOption,
  addressId: number | null,
  get: ApiGet,
): Promise<SelectedProperty> {
  return {
    addressText: result.addressText,
    addressId: addressId ?? result.addressId,
    matrikkelNummer: option.matrikkelNummer,
    matrikkelenhetId: option.matrikkelenhetId,
    location: await locateProperty(option.matrikkelNummer, result.location, get),
  };
}

/** The property a job already on the device stands on (its matrikkel, first task's location). */
export function propertyFromJob(job: Job): SelectedProperty {
  const first = liveTasks(job)[0] ?? job.jobTasks[0];
  return {
    addressText: job.subscriberText || first?.subscriberDetails?.addressText || '',
    addressId: job.matrikkel.addressId ?? first?.subscriberDetails?.addressId ?? null,
    matrikkelNummer: job.matrikkel.matrikkelNummer,
    matrikkelenhetId: job.matrikkel.matrikkelenhetId,
    location: first?.subscriberDetails?.location ?? null,
  };
}
