/**
 * Where each schedule item's card lies on the week grid (spec 2 §2.2): its Oslo day and minutes from
 * its start and end instants (never the device's zone), and, where cards of a day overlap (a cancelled
 * item's time is free again, spec 2 §4), side-by-side lanes.
 */
import { osloDayMinute } from '../../../domain/time/oslo';
import type { ScheduleItem } from '../../../domain/schemas/scheduling';

export interface PlacedCard {
  item: ScheduleItem;
  /** Oslo day YYYY-MM-DD. */
  date: string;
  /** [from, to) in minutes after the Oslo midnight. */
  from: number;
  to: number;
  /** This card's lane and how many lanes its group of overlapping cards needs. */
  lane: number;
  lanes: number;
}

/** The week's cards by day: items without a time (not laid yet) or outside `dates` have none. */
export function placeCards(items: readonly ScheduleItem[], dates: readonly string[]): Map<string, PlacedCard[]> {
  const byDay = new Map<string, PlacedCard[]>(dates.map((d) => [d, []]));
  for (const item of items) {
    if (!item.scheduleStartDateTime) continue;
    const start = new Date(item.scheduleStartDateTime);
    if (Number.isNaN(start.getTime())) continue;
    const { date, minute } = osloDayMinute(start);
    const end = item.scheduleEndDateTime ? new Date(item.scheduleEndDateTime) : new Date(start.getTime() + item.duration * 60_000);
    const to = minute + Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000));
    byDay.get(date)?.push({ item, date, from: minute, to, lane: 0, lanes: 1 });
  }
  for (const cards of byDay.values()) assignLanes(cards);
  return byDay;
}

/** Greedy lanes per group of overlapping cards, by start (then the longer first). */
function assignLanes(cards: PlacedCard[]): void {
  cards.sort((a, b) => a.from - b.from || b.to - a.to || a.item.id - b.item.id);
  let group: PlacedCard[] = [];
  let groupEnd = -1;
  const close = () => {
    const lanes = group.reduce((n, c) => Math.max(n, c.lane + 1), 1);
    for (const c of group) c.lanes = lanes;
    group = [];
  };
  for (const card of cards) {
    if (card.from >= groupEnd) close();
    const laneEnds: number[] = [];
    for (const c of group) laneEnds[c.lane] = Math.max(laneEnds[c.lane] ?? -1, c.to);
    let lane = laneEnds.findIndex((end) => end <= card.from);
    if (lane < 0) lane = laneEnds.length;
    card.lane = lane;
    group.push(card);
    groupEnd = Math.max(groupEnd, card.to);
  }
  close();
}
