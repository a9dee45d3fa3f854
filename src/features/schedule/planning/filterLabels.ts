/** What a set filter says on its chip: the lookup's name, the assignment type's, or the value itself. */
import type { TFunction } from 'i18next';
import { NO_STATUS_FILTER_KEY } from '../../../domain/scheduling/enums';
import type { AssignmentLookups } from '../../../domain/schemas/scheduling';
import type { FilterKey, FilterState } from './filters';
import { dateText } from './PlanChooser';

const LOOKUP_OF: Partial<Record<FilterKey, keyof AssignmentLookups>> = {
  dimensionId: 'dimensions', zoneId: 'zone', statusId: 'status', readerTypeId: 'readerType', agreementTypeId: 'agreementType',
};

export function lookupOptions(lookups: AssignmentLookups | undefined, key: FilterKey): { value: number; label: string }[] {
  const list = LOOKUP_OF[key];
  return list && lookups ? lookups[list].map((e) => ({ value: e.id, label: e.name })) : [];
}

export function filterValueText(t: TFunction, lookups: AssignmentLookups | undefined, filter: FilterState, key: FilterKey): string {
  const value = filter[key];
  if (key === 'assignmentType') return t(`AssignmentType.${String(value)}`);
  if (key === 'installDate') return dateText(String(value));
  if (key === 'notAssociated') return t('Filter.Yes');
  // spec 2 §4: items with no status are filtered under key 8, which is no lookup entry.
  if (key === 'statusId' && value === NO_STATUS_FILTER_KEY) return t('Filter.NoStatus');
  if (typeof value === 'number') return lookupOptions(lookups, key).find((o) => o.value === value)?.label ?? String(value);
  return String(value);
}
