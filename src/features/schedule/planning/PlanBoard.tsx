/**
 * The planning board (spec 2 §2.1): collapsible filter panel A, the assignment table beside the map,
 * selection panel B with the summary; Back, Next (submit), the duration override and the layout dialog.
 * After Next the batch's progress is shown live, then the week as planned.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Flex, HStack, Heading, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../../data/ids';
import { ApiError } from '../../../data/transport';
import { isoWeekDates } from '../../../domain/time/oslo';
import { workingWeek, type WeekFacts } from '../../../domain/scheduling/freeWeek';
import { PLANNING_TIME_STEP_MINUTES } from '../../../domain/scheduling/enums';
import { firstFreeStart, planStart, timeOf, type DayMinute } from '../../../domain/scheduling/hours';
import type { BatchJobState, Schedule } from '../../../domain/schemas/scheduling';
import { snackbar } from '../../../ui';
import { useSession } from '../../../data/session';
import { useAssignmentList } from '../api/fetchAssignmentList';
import { useAssignmentLookups } from '../api/fetchAssignmentLookups';
import { AssignmentTable } from './AssignmentTable';
import { BatchView } from './BatchView';
import { DurationOverride } from './DurationOverride';
import { FilterChips } from './FilterChips';
import { FilterPanel } from './FilterPanel';
import { activeFilters, EMPTY_FILTER, toAssignmentFilter, type FilterState } from './filters';
import { LayoutDialog } from './LayoutDialog';
import { dateText } from './PlanChooser';
import { schedulerRequest } from './selection';
import { SelectionPanel } from './SelectionPanel';
import { useBatchJob } from './useBatchJob';
import { useDebounced } from '../../../ui/useDebounced';
import { boardMode, filterFitsBeside, LIST_MIN_PX, MAP_MIN_PX, sectionFlex, useLayoutChoice, useWidths } from './useLayoutChoice';
import { usePlanSelection } from './usePlanSelection';
import { preloadPlanningMap } from '../map';
import { MapSection } from './MapSection';
import { useWeekLive } from '../calendar/useWeekLive';

/**
 * A start before the week (the edit route opens a later week with no slot chosen) is the week's first
 * working minute: the plan never says it starts before its week.
 */
function startInWeek(week: WeekFacts, start: DayMinute): DayMinute {
  if (start.date >= week.dates[0]) return start;
  return firstFreeStart(workingWeek(week), { date: week.dates[0], minute: 0 }, PLANNING_TIME_STEP_MINUTES) ?? { date: week.dates[0], minute: 0 };
}

/** The map and the table when they stand one above the other. */
const STACKED_MAP_HEIGHT = '360px';
const STACKED_LIST_HEIGHT = '480px';

/** How often the plan's start is read again while the chosen slot may pass. */
const NOW_TICK_MS = 60_000;

export interface PlanBoardProps {
  schedule: Schedule;
  /** The server's facts of the plumber's week: what fits is read from them (freeWeek.ts). */
  week: WeekFacts;
  durations: ReadonlyMap<number, number>;
  editing: boolean;
  startDateTime?: string;
  onBack: (s?: Schedule) => void;
  onChanged: () => void;
}

export function PlanBoard({ schedule, week, durations, editing, startDateTime, onBack, onChanged }: PlanBoardProps) {
  const { t, i18n } = useTranslation('planning');
  const [filter, setFilter] = useState<FilterState>(EMPTY_FILTER);
  const [layoutOpen, setLayoutOpen] = useState(false);
  const layout = useLayoutChoice(editing ? 'edit' : 'plan');
  const flex = sectionFlex(layout.choice);
  const [rowRef, row] = useWidths();
  // The filter panel opens at first where it leaves the table and the map side by side.
  const [filterOpen, setFilterOpen] = useState<boolean | null>(null);
  useLayoutEffect(() => {
    if (filterOpen === null && row) setFilterOpen(filterFitsBeside(row.width, row.viewport));
  }, [filterOpen, row]);
  const filterShown = filterOpen ?? false;
  const mode = row ? boardMode(row.width, filterShown, row.viewport) : 'side';
  const side = mode === 'side';
  const column = mode === 'column';
  const street = useDebounced(filter.street, 300);
  const asked = useMemo(() => toAssignmentFilter({ ...filter, street }), [filter, street]);
  const lookups = useAssignmentLookups(useSession()?.companyId ?? null);
  const list = useAssignmentList(schedule, asked);
  const refetchList = list.refetch;
  // A saved item deleted or a batch finished: the schedule and the list are read again.
  const changed = useCallback(() => { onChanged(); void refetchList(); }, [onChanged, refetchList]);
  // Another admin's plan or change in the company (a batch done, a drop, a delete) is read as it is
  // heard, and while another batch lays this week the week is read on a slow timer until it is done:
  // the page never offers points another plan has taken, nor time it no longer has.
  useWeekLive(schedule, changed);
  const durationOf = useCallback((type: number) => durations.get(type) ?? 0, [durations]);
  // The plan starts at the chosen slot, or now once that has passed (hours.ts planStart, as the server counts).
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const start = useMemo(() => startInWeek(week, planStart(now, startDateTime)), [week, now, startDateTime]);
  const selection = usePlanSelection({ schedule, facts: week, start, durationOf, onSavedChanged: changed });
  const freeTime = useMemo(() => workingWeek(week), [week]);
  const { clearChosen } = selection;

  useEffect(() => { void preloadPlanningMap(); }, []);

  const onFinished = useCallback((job: BatchJobState) => {
    if (job.status === 'Failed') snackbar.error(t('Scheduling.CreatingScheduleFailed'), job.error ? t(`Scheduling.${job.error}`, { defaultValue: '' }) : undefined);
    else clearChosen();
    changed();
  }, [t, clearChosen, changed]);
  const batch = useBatchJob(onFinished);

  // spec 2 §2.1: an empty assignment list (nothing filtered away) sends the user back; only as the page
  // opens: a filter cleared after a search with no hits must not lose the admin's selection.
  const unfiltered = activeFilters(filter).length === 0;
  const sawList = useRef(false);
  if (list.data?.length || !unfiltered) sawList.current = true;
  useEffect(() => {
    if (list.status === 'ready' && list.data?.length === 0 && unfiltered && !list.refreshing && !sawList.current) {
      snackbar.info(t('NoAssignments'));
      onBack(schedule);
    }
  }, [list.status, list.data, list.refreshing, unfiltered, t, onBack, schedule]);

  useEffect(() => {
    if (list.status === 'error') snackbar.error(t('AssignmentListLoadFailed'));
  }, [list.status, t]);
  useEffect(() => {
    if (lookups.status === 'error') snackbar.error(t('LookupLoadFailed'));
  }, [lookups.status, t]);

  const next = async () => {
    // spec 2 §5, as the server checks: more than the time from the start on only when let continue.
    if (selection.overWeek) {
      snackbar.info(t('Scheduling.OverWeekAskNextWeek', { week: schedule.weekNo }));
      return;
    }
    const request = schedulerRequest({
      batchJobId: newId(), scheduleId: schedule.id, assigneeId: schedule.assigneeId,
      week: selection.week, items: selection.items, freeTime, start: startInWeek(week, planStart(new Date(), startDateTime)), nextWeek: selection.nextWeek,
    });
    if (!request) {
      snackbar.error(t('Scheduling.InvalidSchedulingRequest'));
      return;
    }
    try {
      await batch.submit(request);
    } catch (err) {
      // The server's own refusals (spec 2 §5, and what another admin's plan took meanwhile) say why in
      // the user's language; the week and the list are read again so the page shows what holds now.
      const key = err instanceof ApiError ? (err.body as { errorKey?: unknown } | null)?.errorKey : undefined;
      const known = typeof key === 'string' && i18n.exists(`planning:Scheduling.${key.replace(/^Scheduling\./, '')}`);
      snackbar.error(
        t('Scheduling.CreatingScheduleFailed'),
        known ? t(`Scheduling.${(key as string).replace(/^Scheduling\./, '')}`, { week: schedule.weekNo, count: selection.items.length }) : undefined,
      );
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) changed();
    }
  };

  const dates = isoWeekDates(schedule.year, schedule.weekNo);
  const title = t('WeekTitle', { name: schedule.assigneeName, week: schedule.weekNo, from: dateText(dates[0]), to: dateText(dates[6]) });

  if (batch.watch.phase === 'watching') {
    return <BatchView title={title} job={batch.watch.job} schedule={schedule} onPlanMore={batch.reset} onBack={() => onBack(schedule)} />;
  }

  const items = list.data ?? [];
  const tablePane = (
    <Box
      key="table" flex={side ? flex.table : 'none'} minW={side ? `${LIST_MIN_PX}px` : '0'} h={side ? undefined : STACKED_LIST_HEIGHT}
      data-testid="planning-list-pane"
    >
      {list.status === 'error' && !list.data
        ? <Text color="fg.error">{t('AssignmentListLoadFailed')}</Text>
        : <AssignmentTable items={items} loading={!list.data} selection={selection} />}
    </Box>
  );
  const mapPane = (
    <Box key="map" flex={side ? flex.map : 'none'} minW={side ? `${MAP_MIN_PX}px` : '0'} overflowY={side ? 'auto' : undefined} data-testid="planning-map-section">
      <MapSection items={items} selection={selection} height={side ? undefined : STACKED_MAP_HEIGHT} />
    </Box>
  );
  return (
    <Flex
      as="main" direction="column" h={column ? 'auto' : 'calc(100dvh - 3.5rem)'} minH="560px" px="3" py="3" gap="2"
      overflow={column ? 'visible' : 'hidden'} data-testid="planning-board" data-mode={mode}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2">
          <Button variant="outline" size="sm" onClick={() => onBack(schedule)}>{t('Back')}</Button>
          <Heading as="h1" size="md" data-testid="planning-title">{title}</Heading>
          <Text fontSize="sm" color="fg.muted" data-testid="planning-start">{t('StartsAt', { date: dateText(start.date), time: timeOf(start.minute) })}</Text>
        </HStack>
        <HStack gap="2">
          <DurationOverride value={selection.override} onChange={selection.setOverride} />
          <Button variant="outline" size="sm" onClick={() => setLayoutOpen(true)}>{t('Layout.Open')}</Button>
          <Button
            colorPalette="blue" size="sm" disabled={!selection.hasNew || selection.fitPending || batch.watch.phase === 'submitting'}
            loading={batch.watch.phase === 'submitting'} onClick={() => void next()} data-testid="planning-next"
          >
            {t('Next')}
          </Button>
        </HStack>
      </HStack>
      <FilterChips filter={filter} lookups={lookups.data} onChange={setFilter} />
      <Flex ref={rowRef} flex={column ? 'none' : '1'} minH="0" gap="2" direction={column ? 'column' : 'row'}>
        {filterShown ? (
          <FilterPanel filter={filter} lookups={lookups.data} onChange={setFilter} onCollapse={() => setFilterOpen(false)} wide={column} />
        ) : column ? (
          // One column: room for the words, not only the arrow.
          <Button size="sm" variant="outline" alignSelf="flex-start" aria-expanded={false} onClick={() => setFilterOpen(true)} data-testid="planning-filter-expand">
            {t('Filter.Expand')} ›
          </Button>
        ) : (
          <IconButton
            size="sm" variant="outline" alignSelf="flex-start" aria-label={t('Filter.Expand')} aria-expanded={false} onClick={() => setFilterOpen(true)}
            data-testid="planning-filter-expand"
          >
            ›
          </IconButton>
        )}
        <Flex
          flex={column ? 'none' : '1'} minW="0" gap="2" direction={side ? 'row' : 'column'} overflowY={mode === 'stacked' ? 'auto' : undefined}
          data-testid="planning-panes" data-layout={layout.choice} data-mode={mode}
        >
          {/* Side by side the table comes first; one above the other the map does (the order read and tabbed too). */}
          {(side ? [tablePane, mapPane] : [mapPane, tablePane])}
        </Flex>
        <SelectionPanel selection={selection} freeTime={freeTime} fill={column} />
      </Flex>
      {layoutOpen && <LayoutDialog value={layout.choice} sideBySide={side} onChoose={layout.choose} onClose={() => setLayoutOpen(false)} />}
    </Flex>
  );
}
