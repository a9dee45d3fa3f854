/**
 * The filter panel's state (spec 2 §2.1) and what the server is asked (spec 2 §3 AssignmentFilter). A
 * filter that is set is one chip; removing the chip clears it.
 */
import type { AssignmentFilter } from '../../../domain/schemas/scheduling';

export interface FilterState {
  assignmentType: number | null;
  installDate: string | null;
  dimensionId: number | null;
  /** Street name typed; asked as a prefix of the street (type 'Street'). */
  street: string;
  zoneId: number | null;
  statusId: number | null;
  readerTypeId: number | null;
  agreementTypeId: number | null;
  /** 'not associated to assignment list': only points in no live schedule item. */
  notAssociated: boolean;
}

export type FilterKey = keyof FilterState;

export const EMPTY_FILTER: FilterState = {
  assignmentType: null, installDate: null, dimensionId: null, street: '', zoneId: null,
  statusId: null, readerTypeId: null, agreementTypeId: null, notAssociated: false,
};

export const FILTER_KEYS = Object.keys(EMPTY_FILTER) as FilterKey[];

const isSet = (state: FilterState, key: FilterKey): boolean => {
  const value = state[key];
  return typeof value === 'string' ? value.trim() !== '' : value !== null && value !== false;
};

/** The keys set, in the panel's order: one chip each. */
export const activeFilters = (state: FilterState): FilterKey[] => FILTER_KEYS.filter((k) => isSet(state, k));

export const clearFilter = (state: FilterState, key: FilterKey): FilterState => ({ ...state, [key]: EMPTY_FILTER[key] });

export function toAssignmentFilter(state: FilterState): AssignmentFilter {
  const filter: AssignmentFilter = {};
  if (state.assignmentType !== null) filter.assignmentType = state.assignmentType;
  if (state.installDate) filter.installDate = state.installDate;
  if (state.dimensionId !== null) filter.dimensionId = state.dimensionId;
  const street = state.street.trim();
  if (street) filter.address = { name: street, type: 'Street' };
  if (state.zoneId !== null) filter.zoneId = state.zoneId;
  if (state.statusId !== null) filter.statusId = state.statusId;
  if (state.readerTypeId !== null) filter.readerTypeId = state.readerTypeId;
  if (state.agreementTypeId !== null) filter.agreementTypeId = state.agreementTypeId;
  if (state.notAssociated) filter.assigned = true;
  return filter;
}
