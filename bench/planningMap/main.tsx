/**
 * The bench page of bench/planningMap.ts: the planning map as the planning page holds it (selection
 * state, isSelectable, delete all selections), with the Chakra system and i18n of the app. The bench
 * drives it through `window.planningMapBench`: `answer(text)` parses a list answer and hands its
 * points to the map, as the planning page does with the assignment list's answer.
 */
import { StrictMode, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { i18nReady } from '../../src/i18n';
import { system } from '../../src/ui/system';
import { PlanningMap, preloadPlanningMap } from '../../src/features/schedule/map';
import type { AssignmentListItem } from '../../src/domain/schemas/scheduling';
import { AssignmentItemStatus } from '../../src/domain/scheduling/enums';

declare global {
  interface Window {
    planningMapBench: {
      /** Parses the answer and shows its points; returns when it started. */
      answer(text: string): number;
      /** How long the last parse took. */
      parseMs(): number;
      /** Unmounts the map and mounts it again (a fresh worker). */
      remount(withText?: string): number;
      selectedCount(): number;
      /** preloadPlanningMap, as the planning page calls it when it opens. */
      preload(): Promise<void>;
    };
  }
}

/** `?mode=scheduling` shows the map as the calendar will. */
const mode = new URLSearchParams(window.location.search).get('mode') === 'scheduling' ? 'scheduling' : 'planning';
const isSelectable = (p: AssignmentListItem) => !p.isDisabled
  && p.assignmentItemStatus !== AssignmentItemStatus.PlannedItemsInOtherSchedules && p.assignmentItemStatus !== AssignmentItemStatus.Scheduled;
let lastParseMs = 0;
const parse = (text: string) => {
  const start = performance.now();
  const points = (JSON.parse(text) as AssignmentListItem[]).filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng));
  lastParseMs = performance.now() - start;
  return points;
};

function Bench() {
  const [points, setPoints] = useState<readonly AssignmentListItem[]>([]);
  const [key, setKey] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const onSelect = useCallback((ids: number[], on: boolean) => setSelected((prev) => {
    const next = new Set(prev);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    return next;
  }), []);
  window.planningMapBench = {
    answer(text) {
      const start = performance.now();
      setPoints(parse(text));
      return start;
    },
    remount(text) {
      const start = performance.now();
      setPoints(text ? parse(text) : []);
      setSelected(new Set());
      setKey((k) => k + 1);
      return start;
    },
    selectedCount: () => selected.size,
    parseMs: () => lastParseMs,
    preload: preloadPlanningMap,
  };
  return (
    <PlanningMap
      key={key} points={points} selectedIds={selected} onSelect={onSelect} isSelectable={isSelectable}
      mode={mode} onClearSelections={() => setSelected(new Set())} height="760px"
    />
  );
}

void Promise.all([i18nReady, preloadPlanningMap()]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ChakraProvider value={system}>
        <Bench />
      </ChakraProvider>
    </StrictMode>,
  );
});
