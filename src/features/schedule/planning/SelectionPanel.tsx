/**
 * Side panel B (spec 2 §2.1): the summary (planned hours against the available hours, both from the
 * plan's start on; days and weeks planned; at most 151 px high), then by name the items the week cannot
 * take from the start on (the layout's dry run), above the selection list in its order.
 * Under it "Continue into next week" (the submit's isPossibleToScheduleNextWeek). Delete is offered
 * only for Scheduled or Cancelled saved items (and every item chosen here); Cancelled and Obstacle keep a marker.
 */
import { Box, Checkbox, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { assignmentSummary, toHours, type FreeDay } from '../../../domain/scheduling/hours';
import { CloseIcon } from '../../../ui';
import { dateText } from './PlanChooser';
import { canRemove, itemsFrom, markerOf, plannedDurations } from './selection';
import type { PlanSelection } from './usePlanSelection';

const SUMMARY_MAX_PX = 151;
const MARKER_COLOUR = { cancelled: 'red.solid', obstacle: 'orange.solid' } as const;

export interface SelectionPanelProps {
  selection: Pick<PlanSelection, 'items' | 'start' | 'planned' | 'available' | 'remove' | 'nextWeek' | 'setNextWeek' | 'overWeek' | 'notFitting'>;
  freeTime: readonly FreeDay[];
  /** The board's whole width (under the table and the map on a narrow window), not a side panel. */
  fill?: boolean;
}

export function SelectionPanel({ selection, freeTime, fill = false }: SelectionPanelProps) {
  const { t, i18n } = useTranslation('planning');
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'nb-NO', { maximumFractionDigits: 2 });
  const summary = assignmentSummary(plannedDurations(itemsFrom(selection.items, selection.start)), freeTime);
  const over = selection.planned > selection.available;
  return (
    <Flex as="aside" aria-label={t('Selection.Heading')} direction="column" w={fill ? '100%' : '20vw'} minW={fill ? '0' : '300px'} flexShrink={0} gap="2" data-testid="planning-selection">
      <Box borderWidth="1px" borderRadius="md" p="3" maxH={`${SUMMARY_MAX_PX}px`} overflow="hidden" data-testid="planning-summary">
        <Text fontWeight="semibold" color={selection.overWeek ? 'fg.error' : undefined} data-testid="planning-hours">
          {t('Summary.Hours', { planned: number.format(toHours(selection.planned)), available: number.format(toHours(selection.available)) })}
        </Text>
        <Text fontSize="sm">{t('Summary.Days', { count: summary.numberOfDaysPlanned })}</Text>
        <Text fontSize="sm">{t('Summary.Weeks', { count: summary.numberOfWeeksPlanned })}</Text>
        <Text fontSize="sm" color="fg.muted">{t('Summary.Items', { count: selection.items.length })}</Text>
        {(over || selection.notFitting.length > 0) && selection.nextWeek && <Text fontSize="sm" color="fg.muted" data-testid="planning-rest-next-week">{t('Summary.RestNextWeek')}</Text>}
      </Box>
      {selection.notFitting.length > 0 && !selection.nextWeek && (
        <Box role="status" borderWidth="1px" borderColor="border.error" borderRadius="md" p="2" maxH="8rem" overflowY="auto" data-testid="planning-not-fitting">
          <Text fontSize="sm" fontWeight="semibold" color="fg.error">{t('Summary.NotFitting', { count: selection.notFitting.length })}</Text>
          <Stack as="ul" gap="0" m="0" pl="4">
            {selection.notFitting.map((i) => <Text as="li" key={i.waterMeterPointId} fontSize="sm" truncate>{i.address}</Text>)}
          </Stack>
        </Box>
      )}
      <Checkbox.Root checked={selection.nextWeek} onCheckedChange={(e) => selection.setNextWeek(e.checked === true)} size="sm" data-testid="planning-next-week">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('Summary.ContinueNextWeek')}</Checkbox.Label>
      </Checkbox.Root>
      <Heading as="h2" size="sm">{t('Selection.Heading')}</Heading>
      {selection.items.length === 0 && <Text color="fg.muted" fontSize="sm">{t('Selection.Empty')}</Text>}
      <Stack as="ol" gap="1" flex="1" overflowY="auto" listStyleType="none" m="0" p="0" data-testid="planning-selection-list">
        {selection.items.map((item, n) => {
          const marker = markerOf(item);
          return (
            <Flex
              as="li" key={item.waterMeterPointId} align="center" gap="2" borderWidth="1px" borderRadius="md" px="2" py="1"
              borderLeftWidth={marker ? '6px' : '1px'} borderLeftColor={marker ? MARKER_COLOUR[marker] : undefined} data-testid="planning-selected"
            >
              <Text fontSize="sm" color="fg.muted" minW="2ch">{n + 1}</Text>
              <Box flex="1" minW="0">
                <Text truncate fontSize="sm" fontWeight="medium">{item.address}</Text>
                <Text truncate fontSize="xs" color="fg.muted">
                  {[t(`AssignmentType.${item.assignmentType}`), t('Duration.Minutes', { count: item.duration }),
                    item.status ? t(`ScheduleItemStatus.${item.status}`) : t('Selection.New'),
                    ...(item.scheduledDate && item.startTime ? [`${dateText(item.scheduledDate.slice(0, 10))} ${item.startTime}–${item.endTime ?? ''}`] : [])].join(' · ')}
                </Text>
              </Box>
              {canRemove(item) && (
                <IconButton
                  size="xs" variant="ghost" aria-label={t(item.scheduleItemId ? 'Selection.Delete' : 'Selection.Remove', { address: item.address })}
                  onClick={() => void selection.remove(item)}
                >
                  <CloseIcon />
                </IconButton>
              )}
            </Flex>
          );
        })}
      </Stack>
    </Flex>
  );
}
