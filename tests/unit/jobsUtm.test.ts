import { describe, expect, it } from 'vitest';
import { locationToLatLng } from '../../src/domain/geo/utm';

describe('task location to lat/lng (spec 1 §9)', () => {
  it('uses srs 0 as is (x longitude, y latitude)', () => {
    expect(locationToLatLng({ x: 10.75, y: 59.91, srs: 0 }, '0301')).toEqual([59.91, 10.75]);
  });
  it('converts UTM 32 from the location srs (Oslo)', () => {
    const [lat, lng] = locationToLatLng({ x: 597_000, y: 6_643_000, srs: 25832 }, '0301')!;
    expect(lat).toBeCloseTo(59.91, 1);
    expect(lng).toBeCloseTo(10.74, 1);
  });
  it('converts UTM 33 (Bodø) and 35 (Kirkenes)', () => {
    const [lat33, lng33] = locationToLatLng({ x: 474_000, y: 7_464_000, srs: 25833 }, '0301')!;
    expect(lat33).toBeCloseTo(67.28, 1);
    expect(lng33).toBeCloseTo(14.38, 1);
    const [lat35, lng35] = locationToLatLng({ x: 615_000, y: 7_735_000, srs: 25835 }, '0301')!;
    expect(lat35).toBeCloseTo(69.72, 1);
    expect(lng35).toBeCloseTo(29.97, 1);
  });
  it('takes the zone from the customer number when the location names none', () => {
    const loc = { x: 474_000, y: 7_464_000, srs: null as unknown as number };
    const [, lngTroms] = locationToLatLng(loc, '5501')!;
    const [, lngOslo] = locationToLatLng(loc, '0301')!;
    expect(lngTroms).toBeCloseTo(14.38, 1);
    expect(lngOslo).not.toBeCloseTo(14.38, 1);
  });
  it('gives null for a missing location', () => {
    expect(locationToLatLng(null, '0301')).toBeNull();
  });
});
