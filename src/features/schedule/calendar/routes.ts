/**
 * Each shown day's route for the calendar's map (spec 2 §2.2): the day's cards in the order they are
 * driven (by start), cancelled ones and those without a place left out, with the day's drive counted
 * as the batch counts it (routeOrder.ts routeKm from the base and back, travelMinutes by the company's
 * road factor and speed).
 */
import { cardColour } from '../../../domain/scheduling/itemStatus';
import { DEFAULT_TRAVEL, routeKm, travelMinutes, type GeoPoint, type TravelModel } from '../../../domain/scheduling/routeOrder';
import type { DayRoute } from '../map';
import type { PlacedCard } from './cardLayout';

/** One colour per weekday (Monday first), apart on the map and from the status colours of the points. */
export const DAY_COLOURS = ['#2b6cb0', '#c05621', '#2f855a', '#6b46c1', '#b83280', '#2c7a7b', '#744210'] as const;

export function dayRoutes(
  cards: ReadonlyMap<string, readonly PlacedCard[]>, weekDates: readonly string[], shown: readonly string[],
  base: GeoPoint | null, travel: TravelModel | undefined, label: (card: PlacedCard, n: number) => string,
): DayRoute[] {
  return shown.map((date) => {
    const stops = (cards.get(date) ?? [])
      .filter((c) => cardColour(c.item.status) !== 'cancelled' && Number.isFinite(c.item.latitude) && Number.isFinite(c.item.longitude))
      .slice().sort((a, b) => a.from - b.from || a.item.sequenceNumber - b.item.sequenceNumber);
    const km = routeKm(stops.map((c) => ({ lat: c.item.latitude!, lng: c.item.longitude! })), base);
    return {
      date,
      colour: DAY_COLOURS[Math.max(0, weekDates.indexOf(date)) % DAY_COLOURS.length],
      stops: stops.map((c, i) => ({ id: c.item.id, lat: c.item.latitude!, lng: c.item.longitude!, label: label(c, i + 1) })),
      km,
      minutes: stops.length ? travelMinutes(km, travel ?? DEFAULT_TRAVEL) : 0,
    };
  });
}
