/**
 * The calendar map's routes (calendar/routes.ts): each shown day's cards in the order driven, cancelled
 * and placeless ones left out, and the drive counted from the base and back as routeOrder.ts counts it
 * (kilometres worked out here by hand with the haversine formula, not with the module's own helper).
 */
import { describe, expect, it } from 'vitest';
import { ScheduleItemStatus } from '../../src/domain/scheduling/enums';
import type { ScheduleItem } from '../../src/domain/schemas/scheduling';
import type { PlacedCard } from '../../src/features/schedule/calendar/cardLayout';
import { DAY_COLOURS, dayRoutes } from '../../src/features/schedule/calendar/routes';

const week = ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05', '2027-03-06', '2027-03-07'];
const card = (id: number, date: string, from: number, lat: number | null, lng: number | null, status: number = ScheduleItemStatus.Scheduled): PlacedCard => ({
  item: { id, status, address: `Vei ${id}`, latitude: lat, longitude: lng, sequenceNumber: id } as ScheduleItem,
  date, from, to: from + 60, lane: 0, lanes: 1,
});
const label = (c: PlacedCard, n: number) => `${n}:${c.item.id}`;
// One degree of latitude on the 6371.0088 km sphere.
const DEG_KM = (6371.0088 * Math.PI) / 180;

describe('dayRoutes', () => {
  it('orders a day by start, leaves out cancelled and placeless cards, and colours by weekday', () => {
    const cards = new Map([
      [week[1], [card(3, week[1], 600, 59.92, 10.5), card(1, week[1], 480, 59.9, 10.5), card(2, week[1], 540, null, null),
        card(4, week[1], 700, 59.95, 10.5, ScheduleItemStatus.Cancelled)]],
    ]);
    const [mon, tue] = dayRoutes(cards, week, week.slice(0, 2), null, undefined, label);
    expect(mon).toMatchObject({ date: week[0], stops: [], km: 0, minutes: 0, colour: DAY_COLOURS[0] });
    expect(tue.colour).toBe(DAY_COLOURS[1]);
    expect(tue.stops.map((s) => s.label)).toEqual(['1:1', '2:3']);
    // Two stops 0.02° of latitude apart, no base: one leg.
    expect(tue.km).toBeCloseTo(0.02 * DEG_KM, 6);
    // Default travel: road factor 1.3 at 40 km/h.
    expect(tue.minutes).toBe(Math.round(((0.02 * DEG_KM * 1.3) / 40) * 60));
  });

  it('counts the drive from the base and back, by the company’s road factor and speed', () => {
    const cards = new Map([[week[2], [card(7, week[2], 480, 60.0, 10.5), card(8, week[2], 600, 60.1, 10.5)]]]);
    const [wed] = dayRoutes(cards, week, [week[2]], { lat: 59.9, lng: 10.5 }, { roadFactor: 1.5, speedKmh: 30 }, label);
    // Base → 60.0 → 60.1 → base: 0.1 + 0.1 + 0.2 degrees along one meridian.
    expect(wed.km).toBeCloseTo(0.4 * DEG_KM, 6);
    expect(wed.minutes).toBe(Math.round(((0.4 * DEG_KM * 1.5) / 30) * 60));
    expect(wed.stops.map((s) => [s.id, s.lat])).toEqual([[7, 60.0], [8, 60.1]]);
  });
});
