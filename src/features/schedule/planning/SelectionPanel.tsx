/**
 * Side panel B (spec 2 §2.1): the summary (planned hours against the available hours, both from the
 * plan's start on; days and weeks planned; at most 151 px high), then by name the items the week cannot
 * take from the start on (the layout's dry run), above the selection list in its order.
 * Under it "Continue into next week" (the submit's isPossibleToScheduleNextWeek). Delete is offered
 * only for Scheduled or Cancelled saved items (and every item chosen here); Cancelled and Obstacle keep a marker.
 */
import { memo, useMemo } from 'react';
import { Box, chakra, Checkbox, Flex, Heading, Stack, Text, type SystemStyleObject } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { assignmentSummary, toHours, type FreeDay } from '../../../domain/scheduling/hours';
import { CLOSE_ICON_PATH } from '../../../ui/icons';
import { dateText } from './PlanChooser';
import { canRemove, itemsFrom, markerOf, plannedDurations } from './selection';
import type { PlanSelection } from './usePlanSelection';
import type { TFunction } from 'i18next';

const SUMMARY_MAX_PX = 151;
/** The selection list's rows, styled once here: Cancelled and Obstacle keep a coloured marker. */
const LIST_CSS: SystemStyleObject = {
  '& > li': {
    display: 'flex', alignItems: 'center', gap: '2', borderWidth: '1px', borderRadius: 'md', px: '2', py: '1', flexShrink: 0,
  },
  '& > li[data-marker=cancelled]': { borderLeftWidth: '6px', borderLeftColor: 'red.solid' },
  '& > li[data-marker=obstacle]': { borderLeftWidth: '6px', borderLeftColor: 'orange.solid' },
  '& .no': { fontSize: 'sm', color: 'fg.muted', minWidth: '2ch' },
  '& .what': { flex: '1', minWidth: '0', display: 'flex', flexDirection: 'column' },
  '& .address, & .details': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .address': { fontSize: 'sm', fontWeight: 'medium' },
  '& .details': { fontSize: 'xs', color: 'fg.muted' },
  '& button': {
    display: 'inline-flex', alignItems: 'center', justifyContent: 'center', w: '6', h: '6', borderRadius: 'sm', cursor: 'pointer', color: 'fg', flexShrink: 0,
    _hover: { bg: 'bg.muted' }, _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
  },
  '& button svg': { w: '1.25em', h: '1.25em' },
};

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
  const texts = useMemo(() => rowTexts(t), [t]);
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
      {/* A plan may hold hundreds of items: each row is plain elements styled once by the list (a
          Chakra component per element cost about a second for 400 rows on the edit route). */}
      <chakra.ol flex="1" overflowY="auto" listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="1" data-testid="planning-selection-list" css={LIST_CSS}>
        {selection.items.map((item, n) => (
          <SelectedRow key={item.waterMeterPointId} item={item} n={n} texts={texts} onRemove={selection.remove} />
        ))}
      </chakra.ol>
    </Flex>
  );
}

type SelectedItem = SelectionPanelProps['selection']['items'][number];

/**
 * The rows' texts, each made once per language and value: 400 rows asked i18next for about 2,000
 * texts on every render of the panel (~150 ms of the edit route's first draw), most of them the same.
 */
function rowTexts(t: TFunction<'planning'>) {
  const made = new Map<string, string>();
  const once = (key: string, make: () => string) => {
    let text = made.get(key);
    if (text === undefined) {
      text = make();
      made.set(key, text);
    }
    return text;
  };
  // A mark no address holds, put where the address goes and replaced per row.
  const MARK = '\u0000address\u0000';
  return {
    details: (item: SelectedItem) => [
      once(`type${item.assignmentType}`, () => t(`AssignmentType.${item.assignmentType}`)),
      once(`min${item.duration}`, () => t('Duration.Minutes', { count: item.duration })),
      once(`status${item.status ?? ''}`, () => (item.status ? t(`ScheduleItemStatus.${item.status}`) : t('Selection.New'))),
      ...(item.scheduledDate && item.startTime
        ? [`${dateText(item.scheduledDate.slice(0, 10))} ${item.startTime}–${item.endTime ?? ''}`] : []),
    ].join(' · '),
    removeLabel: (item: SelectedItem) => once(item.scheduleItemId ? 'delete' : 'remove',
      () => t(item.scheduleItemId ? 'Selection.Delete' : 'Selection.Remove', { address: MARK })).replace(MARK, item.address),
  };
}
type RowTexts = ReturnType<typeof rowTexts>;

const SelectedRow = memo(function SelectedRow({ item, n, texts, onRemove }: {
  item: SelectedItem; n: number; texts: RowTexts; onRemove: (item: SelectedItem) => unknown;
}) {
  const marker = markerOf(item);
  return (
    <li data-marker={marker ?? undefined} data-testid="planning-selected">
      <span className="no">{n + 1}</span>
      <span className="what">
        <span className="address">{item.address}</span>
        <span className="details">{texts.details(item)}</span>
      </span>
      {canRemove(item) && (
        <button type="button" aria-label={texts.removeLabel(item)} onClick={() => void onRemove(item)}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d={CLOSE_ICON_PATH} fill="currentColor" /></svg>
        </button>
      )}
    </li>
  );
});
