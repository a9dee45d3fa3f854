/**
 * The deviation list's causes as checkboxes, a fieldset per type (deviations, then obstacles), as the
 * plumber's "not carried out" form and the error page's submit as deviation offer them. Rendered again
 * only when the causes, the choice or the legends change: the plumber's form re-renders with each photo,
 * and the checkboxes were most of that render, in one main-thread task with a screen's first photo.
 */
import { memo } from 'react';
import { Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import { DeviationType } from '../domain/enums';
import type { DeviationCause } from '../domain/reports/status';

interface CauseGroupsProps {
  causes: readonly DeviationCause[];
  chosen: readonly number[];
  onToggle: (id: number, on: boolean) => void;
  /** The fieldsets' legends, in the screen's language. */
  deviationsLegend: string;
  obstaclesLegend: string;
}

export const CauseGroups = memo(function CauseGroups({ causes, chosen, onToggle, deviationsLegend, obstaclesLegend }: CauseGroupsProps) {
  const group = (type: number) => causes.filter((c) => c.deviationType === type);
  return (
    <>
      {[DeviationType.Deviation, DeviationType.Obstacle].map((type) => group(type).length > 0 && (
        <Box as="fieldset" key={type} data-testid={`causes-${type === DeviationType.Deviation ? 'deviation' : 'obstacle'}`}>
          <Text as="legend" fontWeight="semibold" mb="2">{type === DeviationType.Deviation ? deviationsLegend : obstaclesLegend}</Text>
          <Stack gap="1">
            {group(type).map((c) => (
              <Checkbox.Root key={c.id} checked={chosen.includes(c.id)} onCheckedChange={(e) => onToggle(c.id, e.checked === true)} data-testid={`cause-${c.id}`}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{c.value}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Box>
      ))}
    </>
  );
});
