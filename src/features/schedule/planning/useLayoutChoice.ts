/**
 * The table/map split of the planning page (spec 2 §2.1 layout dialog): 50/50, 600px/dynamic or
 * dynamic/600px, remembered per page in local storage; without a choice (or with 'default' chosen
 * back) section B (the map) takes 40 %. No choice squeezes a pane: the table keeps at least
 * LIST_MIN_PX (its Status column whole) and the map MAP_MIN_PX. Where the board has no room for both
 * side by side, the map stands above the table ('stacked'); where it has no room for the table beside
 * the selection panel either, everything stands in one column ('column', e.g. 760 px).
 */
import { useCallback, useLayoutEffect, useState } from 'react';

export const LAYOUT_CHOICES = ['default', 'half', 'tableFixed', 'mapFixed'] as const;
export type LayoutChoice = (typeof LAYOUT_CHOICES)[number];

/** The table's least width: its columns' least widths (AssignmentTable COLUMNS) with its padding. */
export const LIST_MIN_PX = 400;
export const MAP_MIN_PX = 320;
/** Side panel A open, and its collapsed button. */
export const FILTER_PX = 240;
export const FILTER_COLLAPSED_PX = 32;
/** Side panel B: 300 px or 20vw (spec 2 §2.1). */
export const SELECTION_MIN_PX = 300;
export const SELECTION_VW = 0.2;
/** The board's gap between its parts. */
export const GAP_PX = 8;

const storageKey = (page: string) => `meterwork.planning.layout.${page}`;

function stored(page: string): LayoutChoice {
  try {
    const value = globalThis.localStorage?.getItem(storageKey(page));
    return (LAYOUT_CHOICES as readonly string[]).includes(value ?? '') ? (value as LayoutChoice) : 'default';
  } catch {
    return 'default';
  }
}

/**
 * CSS flex of section A (the table) and section B (the map) side by side: a fixed 600 px gives way
 * to the other pane's least width (the panes' minWidth), the shares keep their ratio.
 */
export function sectionFlex(choice: LayoutChoice): { table: string; map: string } {
  switch (choice) {
    case 'half': return { table: '1 1 0px', map: '1 1 0px' };
    case 'tableFixed': return { table: '0 1 600px', map: '1 1 0px' };
    case 'mapFixed': return { table: '1 1 0px', map: '0 1 600px' };
    default: return { table: '3 1 0px', map: '2 1 0px' };
  }
}

export type BoardMode = 'side' | 'stacked' | 'column';

export const selectionWidth = (viewportWidth: number) => Math.max(SELECTION_MIN_PX, viewportWidth * SELECTION_VW);

/** The width left for the panes in a board row `rowWidth` wide, beside the filter panel and the selection panel. */
export function panesWidth(rowWidth: number, filterOpen: boolean, viewportWidth: number): number {
  return rowWidth - (filterOpen ? FILTER_PX : FILTER_COLLAPSED_PX) - selectionWidth(viewportWidth) - 2 * GAP_PX;
}

/** How the board stands in a row `rowWidth` wide: panes side by side, the map above the table, or all in one column. */
export function boardMode(rowWidth: number, filterOpen: boolean, viewportWidth: number): BoardMode {
  const panes = panesWidth(rowWidth, filterOpen, viewportWidth);
  if (panes >= LIST_MIN_PX + GAP_PX + MAP_MIN_PX) return 'side';
  if (panes >= LIST_MIN_PX) return 'stacked';
  return 'column';
}

/** Whether the filter panel opens at first: only where it leaves the panes side by side. */
export const filterFitsBeside = (rowWidth: number, viewportWidth: number) => boardMode(rowWidth, true, viewportWidth) === 'side';

/**
 * The width of the element given to the returned callback ref, and the window's, followed as they
 * change (null until measured; measured before the first paint).
 */
export function useWidths(): [(el: HTMLElement | null) => void, { width: number; viewport: number } | null] {
  const [el, setEl] = useState<HTMLElement | null>(null);
  const [widths, setWidths] = useState<{ width: number; viewport: number } | null>(null);
  useLayoutEffect(() => {
    if (!el) return;
    const read = () => {
      const next = { width: Math.round(el.getBoundingClientRect().width), viewport: window.innerWidth };
      setWidths((prev) => (prev && prev.width === next.width && prev.viewport === next.viewport ? prev : next));
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    window.addEventListener('resize', read);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', read);
    };
  }, [el]);
  return [setEl, widths];
}

export function useLayoutChoice(page: string) {
  const [choice, setChoice] = useState<LayoutChoice>(() => stored(page));
  const choose = useCallback((next: LayoutChoice) => {
    setChoice(next);
    try {
      globalThis.localStorage?.setItem(storageKey(page), next);
    } catch {
      // Private mode may refuse storage: the choice holds for this visit.
    }
  }, [page]);
  return { choice, choose };
}
