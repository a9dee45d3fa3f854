/**
 * What a card needs from its week without a prop through the grid (spec 2 §2.2 card menu, §4 batch job
 * status): the one card menu of the week, opened at a card's button, and the cards flagged because
 * their status changed on the server since the admin last loaded the week.
 */
import { createContext, useContext } from 'react';
import { rulesOf } from '../../../domain/scheduling/itemStatus';
import type { ScheduleItem } from '../../../domain/schemas/scheduling';

export interface CardMenuAnchor { x: number; y: number }

export interface CardWeekContext {
  openMenu: (item: ScheduleItem, at: CardMenuAnchor) => void;
  flagged: ReadonlySet<number>;
}

const NONE: CardWeekContext = { openMenu: () => {}, flagged: new Set() };
export const CardWeek = createContext<CardWeekContext>(NONE);
export const useCardWeek = (): CardWeekContext => useContext(CardWeek);

/**
 * The items whose status differs from the one the admin last acknowledged (`seen`, by id): items new
 * to the week are not flagged, nor are items gone from it.
 */
export function changedStatuses(seen: ReadonlyMap<number, number>, items: readonly Pick<ScheduleItem, 'id' | 'status'>[]): Set<number> {
  const out = new Set<number>();
  for (const i of items) {
    const before = seen.get(i.id);
    if (before !== undefined && before !== i.status) out.add(i.id);
  }
  return out;
}

/** Whether the card menu offers the note (spec 2 §4 Notes): it can be written, or there is one to read. */
export const noteOffered = (item: Pick<ScheduleItem, 'status' | 'notes'>): boolean => rulesOf(item.status).noteAddable || !!item.notes;
/**
 * Whether the card menu offers Cancel (spec 2 §4 Cancel: not for JobCreationFailed, Confirmed or
 * JobCreated; ours, nor for a Cancelled card, which the cancel would only skip).
 */
export const cancelOffered = (item: Pick<ScheduleItem, 'id' | 'status'>): boolean => {
  const r = rulesOf(item.status);
  return item.id > 0 && r.cancelOffered && !r.cancelSkipped;
};
