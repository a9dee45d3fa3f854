/**
 * Side panel A, the search filter (spec 2 §2.1): assignment type, installed on or before, dimension,
 * street (prefix of the street name), zone, status, reader type, agreement type and 'not associated
 * to assignment list'. Collapsible.
 */
import { Box, Checkbox, Field, Grid, HStack, Heading, IconButton, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_TYPE_IDS, NO_STATUS_FILTER_KEY } from '../../../domain/scheduling/enums';
import type { AssignmentLookups } from '../../../domain/schemas/scheduling';
import { DateField, SelectField } from '../../../ui/form';
import type { FilterKey, FilterState } from './filters';
import { lookupOptions } from './filterLabels';

export interface FilterPanelProps {
  filter: FilterState;
  lookups: AssignmentLookups | undefined;
  onChange: (next: FilterState) => void;
  onCollapse: () => void;
  /** The board's whole width (above the map on a narrow window): the fields side by side as they fit. */
  wide?: boolean;
}

const LOOKUP_FILTERS = ['dimensionId', 'zoneId', 'statusId', 'readerTypeId', 'agreementTypeId'] as const satisfies readonly FilterKey[];

export function FilterPanel({ filter, lookups, onChange, onCollapse, wide = false }: FilterPanelProps) {
  const { t } = useTranslation('planning');
  const set = <K extends FilterKey>(key: K, value: FilterState[K]) => onChange({ ...filter, [key]: value });
  const options = (key: (typeof LOOKUP_FILTERS)[number]) => {
    const list = lookupOptions(lookups, key);
    // spec 2 §4: items with no status are asked for under key 8.
    return key === 'statusId' && !list.some((o) => o.value === NO_STATUS_FILTER_KEY) ? [...list, { value: NO_STATUS_FILTER_KEY, label: t('Filter.NoStatus') }] : list;
  };
  return (
    <Box as="aside" aria-label={t('Filter.Heading')} w={wide ? '100%' : '240px'} flexShrink={0} overflowY={wide ? undefined : 'auto'} pr="1" data-testid="planning-filter">
      <HStack justify="space-between" mb="2">
        <Heading as="h2" size="sm">{t('Filter.Heading')}</Heading>
        <IconButton size="xs" variant="ghost" aria-label={t('Filter.Collapse')} aria-expanded onClick={onCollapse}>‹</IconButton>
      </HStack>
      <Grid gap="3" templateColumns={wide ? 'repeat(auto-fill, minmax(14rem, 1fr))' : '1fr'} alignItems="end">
        <SelectField
          label={t('Filter.assignmentType')} testId="filter-assignmentType" placeholder={t('Filter.All')} value={filter.assignmentType}
          options={ASSIGNMENT_TYPE_IDS.map((id) => ({ value: id, label: t(`AssignmentType.${id}`) }))} onChange={(v) => set('assignmentType', v)}
        />
        <DateField label={t('Filter.installDate')} value={filter.installDate} onChange={(v) => set('installDate', v)} testId="filter-installDate" />
        <Field.Root>
          <Field.Label>{t('Filter.street')}</Field.Label>
          <Input
            size="sm" value={filter.street} maxLength={200} placeholder={t('Filter.StreetPlaceholder')} data-testid="filter-street"
            onChange={(e) => set('street', e.currentTarget.value)}
          />
        </Field.Root>
        {LOOKUP_FILTERS.map((key) => (
          <SelectField
            key={key} label={t(`Filter.${key}`)} testId={`filter-${key}`} placeholder={t('Filter.All')} value={filter[key]}
            options={options(key)} onChange={(v) => set(key, v)}
          />
        ))}
        <Checkbox.Root checked={filter.notAssociated} onCheckedChange={(e) => set('notAssociated', e.checked === true)} data-testid="filter-notAssociated">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('Filter.notAssociated')}</Checkbox.Label>
        </Checkbox.Root>
      </Grid>
    </Box>
  );
}
