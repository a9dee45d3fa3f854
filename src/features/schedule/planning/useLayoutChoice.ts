/**
 * The table/map split of the planning page (spec 2 §2.1 layout dialog): 50/50, 600px/dynamic or
 * dynamic/600px, remembered per page in local storage. Without a choice section B (the map) takes 40 %.
 */
import { useCallback, useState } from 'react';

export const LAYOUT_CHOICES = ['half', 'tableFixed', 'mapFixed'] as const;
export type LayoutChoice = (typeof LAYOUT_CHOICES)[number] | 'default';

const storageKey = (page: string) => `meterwork.planning.layout.${page}`;

function stored(page: string): LayoutChoice {
  try {
    const value = globalThis.localStorage?.getItem(storageKey(page));
    return (LAYOUT_CHOICES as readonly string[]).includes(value ?? '') ? (value as LayoutChoice) : 'default';
  } catch {
    return 'default';
  }
}

/** CSS widths of section A (the table) and section B (the map). */
export function sectionWidths(choice: LayoutChoice): { table: string; map: string } {
  switch (choice) {
    case 'half': return { table: '50%', map: '50%' };
    case 'tableFixed': return { table: '600px', map: 'calc(100% - 600px)' };
    case 'mapFixed': return { table: 'calc(100% - 600px)', map: '600px' };
    default: return { table: '60%', map: '40%' };
  }
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
