/**
 * The assignment table (spec 2 §2.1): header 60 px, rows 70 px, virtualised (50,000 points stay a
 * few dozen rows in the page). Rows are focusable: Space or Enter toggles the row, arrow keys move,
 * Home and End jump, so a keyboard user selects without the map. Empty: 'Det er ikke noe data'.
 */
import { useMemo, useRef } from 'react';
import { Box, chakra, Flex, Spinner, Text, type SystemStyleObject } from '@chakra-ui/react';
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { AssignmentItemStatus } from '../../../domain/scheduling/enums';
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import { dateText } from './PlanChooser';
import { selectVerdict } from './selection';
import type { PlanSelection } from './usePlanSelection';

const HEADER_PX = 60;
const ROW_PX = 70;
/** Their least widths with the row's padding fit the table's least width (LIST_MIN_PX, 400 px): the Status column stays whole. */
const COLUMNS = '28px minmax(6.5rem, 2fr) minmax(5.5rem, 1fr) 5rem minmax(4.5rem, 1fr)';

/**
 * The rows are plain elements styled once here (a Chakra component per cell cost the board's first
 * draw ~60 ms of style hashing for 40 rows, and as much again on every scroll).
 */
const ROWS_CSS: SystemStyleObject = {
  '& > [role=row]': {
    position: 'absolute', top: '0', left: '0', w: '100%', h: `${ROW_PX}px`, display: 'grid', gridTemplateColumns: COLUMNS, alignItems: 'center',
    px: '2', fontSize: 'sm', borderBottomWidth: '1px', cursor: 'pointer',
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '-2px' },
  },
  '& > [role=row][aria-selected=true]': { bg: 'blue.subtle' },
  '& > [role=row]:not([data-verdict=ok])': { color: 'fg.muted' },
  '& > [role=row][data-verdict=disabled]': { cursor: 'not-allowed' },
  '& [role=gridcell]': { minW: '0' },
  '& input': { w: '4', h: '4', pointerEvents: 'none' },
  '& .main, & .sub': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .address': { fontWeight: 'medium' },
  '& .sub': { color: 'fg.muted', fontSize: 'xs' },
};

/** Until the scroller is first observed, the window's height stands in for its own (rows enough to fill it). */
const INITIAL_RECT = { width: 0, height: typeof window === 'undefined' ? 900 : window.innerHeight };

/**
 * The scroller's size from a ResizeObserver only, which reports it after the frame's own layout. The
 * virtualizer's default measured it at mount too (getBoundingClientRect in React's commit): that forced
 * a layout of the whole board, then the frame laid it out again (~100 ms of the edit route's first draw).
 */
function observeScrollerRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return observeElementRect(instance, cb);
  const observer = new ResizeObserver(([entry]) => {
    cb({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
  });
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

export interface AssignmentTableProps {
  items: readonly AssignmentListItem[];
  loading: boolean;
  selection: Pick<PlanSelection, 'selectedIds' | 'toggle' | 'selectMany' | 'deselectMany' | 'week'>;
}

export function AssignmentTable({ items, loading, selection }: AssignmentTableProps) {
  const { t } = useTranslation('planning');
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useVirtualizer({
    count: items.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 8,
    initialRect: INITIAL_RECT, observeElementRect: observeScrollerRect,
  });
  const { week } = selection;
  // 50,000 verdicts: made once per list and week, not on every render (a selection, a focus).
  const takeable = useMemo(() => items.filter((a) => selectVerdict(a, week) === 'ok'), [items, week]);
  const allTaken = takeable.length > 0 && takeable.every((a) => selection.selectedIds.has(a.waterMeterPointId));

  // At once when the row is rendered (the next key must reach it), else after scrolling it in.
  const focusRow = (index: number) => {
    if (index < 0 || index >= items.length) return;
    const row = () => scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    rows.scrollToIndex(index);
    const now = row();
    if (now) now.focus();
    else requestAnimationFrame(() => row()?.focus());
  };

  const statusText = (a: AssignmentListItem, selected: boolean) => {
    if (a.scheduleItemStatus) return t(`ScheduleItemStatus.${a.scheduleItemStatus}`);
    if (selected) return t(`ItemStatus.${AssignmentItemStatus.Selected}`);
    if (a.weekNo !== undefined && (a.weekNo !== selection.week.weekNo || a.year !== selection.week.year)) return t('Table.OtherWeek', { week: a.weekNo, year: a.year });
    return t(`ItemStatus.${a.assignmentItemStatus}`);
  };

  return (
    <Flex direction="column" h="100%" borderWidth="1px" borderRadius="md" role="grid" aria-label={t('Table.Label')} aria-rowcount={items.length + 1} aria-multiselectable data-testid="planning-table">
      <Box role="row" aria-rowindex={1} display="grid" gridTemplateColumns={COLUMNS} alignItems="center" h={`${HEADER_PX}px`} px="2" borderBottomWidth="1px" fontWeight="semibold" fontSize="sm" flexShrink={0}>
        <Box role="columnheader">
          <chakra.input
            type="checkbox" w="4" h="4" aria-label={t('Table.SelectAll')} checked={allTaken} disabled={!takeable.length} data-testid="planning-select-all"
            onChange={() => (allTaken ? selection.deselectMany(takeable.map((a) => a.waterMeterPointId)) : selection.selectMany(takeable))}
          />
        </Box>
        <Box role="columnheader">{t('Table.Address')}</Box>
        <Box role="columnheader">{t('Table.Type')}</Box>
        <Box role="columnheader">{t('Table.InstallDate')}</Box>
        <Box role="columnheader">{t('Table.Status')}</Box>
      </Box>
      <Box ref={scroller} flex="1" overflowY="auto" position="relative">
        {loading ? <Flex justify="center" p="6"><Spinner /></Flex> : items.length === 0 ? (
          <Text p="6" textAlign="center" color="fg.muted" data-testid="planning-empty">{t('Table.Empty')}</Text>
        ) : (
          <Box h={`${rows.getTotalSize()}px`} position="relative" css={ROWS_CSS}>
            {rows.getVirtualItems().map((v) => {
              const a = items[v.index];
              const selected = selection.selectedIds.has(a.waterMeterPointId);
              const verdict = selectVerdict(a, selection.week);
              return (
                <div
                  key={a.waterMeterPointId} role="row" aria-rowindex={v.index + 2} aria-selected={selected} aria-disabled={verdict === 'disabled' || undefined}
                  data-index={v.index} data-testid="planning-row" data-verdict={verdict} tabIndex={0} style={{ transform: `translateY(${v.start}px)` }}
                  onClick={() => selection.toggle(a)}
                  onKeyDown={(e) => {
                    if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); selection.toggle(a); }
                    else if (e.key === 'ArrowDown') { e.preventDefault(); focusRow(v.index + 1); }
                    else if (e.key === 'ArrowUp') { e.preventDefault(); focusRow(v.index - 1); }
                    else if (e.key === 'Home') { e.preventDefault(); focusRow(0); }
                    else if (e.key === 'End') { e.preventDefault(); focusRow(items.length - 1); }
                  }}
                >
                  <div role="gridcell">
                    <input type="checkbox" tabIndex={-1} readOnly checked={selected} disabled={verdict === 'disabled'} aria-label={t('Table.Select', { address: a.address })} />
                  </div>
                  <div role="gridcell">
                    <span className="main address">{a.address}</span>
                    <span className="sub">{[a.agreementNo, a.matrikkelenhetNr].filter(Boolean).join(' · ')}</span>
                  </div>
                  <div role="gridcell">{t(`AssignmentType.${a.assignmentType}`)}</div>
                  <div role="gridcell">{a.installDate ? dateText(a.installDate.slice(0, 10)) : ''}</div>
                  <div role="gridcell">
                    <span className="main">{statusText(a, selected)}</span>
                    {a.assigneeName && <span className="sub">{a.assigneeName}</span>}
                  </div>
                </div>
              );
            })}
          </Box>
        )}
      </Box>
    </Flex>
  );
}
