/**
 * The property lookups behind a chosen search result (spec 1 §5): GET /api/Property/sectionedproperties,
 * /subproperties and /matrikkelenhet, through the rules of src/domain/jobs/property.ts.
 */
import { apiFetch } from '../../../data/transport';
import type { AddressSearchResult } from '../../../domain/api';
import {
  propertyFromOption, resolveAddressChoice, type ApiGet, type PropertyResolution, type SelectedProperty, type SubPropertyOption,
} from '../../../domain/jobs/property';

const get: ApiGet = (path) => apiFetch(path);

/** What choosing a search result leads to: a property, a choice of units, a refined search or an error. */
export function resolveAddress(result: AddressSearchResult): Promise<PropertyResolution> {
  return resolveAddressChoice(result, get);
}

/** The property for the unit chosen among a street address's units. */
export function resolveSubProperty(result: AddressSearchResult, option: SubPropertyOption, addressId: number | null): Promise<SelectedProperty> {
  return propertyFromOption(result, option, addressId, get);
}
