/** One chip per filter set, each with a remove button, and reset-all (spec 2 §2.1). */
import { Button, HStack, Tag } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AssignmentLookups } from '../../../domain/schemas/scheduling';
import { activeFilters, clearFilter, EMPTY_FILTER, type FilterState } from './filters';
import { filterValueText } from './filterLabels';

export interface FilterChipsProps {
  filter: FilterState;
  lookups: AssignmentLookups | undefined;
  onChange: (next: FilterState) => void;
}

export function FilterChips({ filter, lookups, onChange }: FilterChipsProps) {
  const { t } = useTranslation('planning');
  const keys = activeFilters(filter);
  if (!keys.length) return null;
  return (
    <HStack gap="2" wrap="wrap" data-testid="planning-chips" aria-label={t('Filter.Chips')} role="group">
      {keys.map((key) => (
        <Tag.Root key={key} size="lg" variant="subtle" colorPalette="blue" data-testid={`chip-${key}`}>
          <Tag.Label>{`${t(`Filter.${key}`)}: ${filterValueText(t, lookups, filter, key)}`}</Tag.Label>
          <Tag.EndElement>
            <Tag.CloseTrigger aria-label={t('Filter.Remove', { name: t(`Filter.${key}`) })} onClick={() => onChange(clearFilter(filter, key))} />
          </Tag.EndElement>
        </Tag.Root>
      ))}
      <Button size="xs" variant="ghost" onClick={() => onChange(EMPTY_FILTER)} data-testid="planning-reset-filters">{t('Filter.ResetAll')}</Button>
    </HStack>
  );
}
