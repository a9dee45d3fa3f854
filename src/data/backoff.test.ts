import { describe, expect, it } from 'vitest';
import { Backoff, backoffDelay } from './backoff';

const opts = { firstMs: 1000, maxMs: 60_000 };

describe('backoffDelay', () => {
  it('doubles from the first delay up to the cap, each delay between half and all of its step', () => {
    const low = Array.from({ length: 10 }, (_, i) => backoffDelay(i, { ...opts, random: () => 0 }));
    const high = Array.from({ length: 10 }, (_, i) => backoffDelay(i, { ...opts, random: () => 0.999999 }));
    expect(low).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(high).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
  });

  it('jitters: devices retrying at the same attempt spread over the step', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(4, opts)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) {
      expect(d).toBeGreaterThanOrEqual(8000);
      expect(d).toBeLessThanOrEqual(16_000);
    }
  });

  it('stays capped however long the device has been offline', () => {
    expect(backoffDelay(1e6, { ...opts, random: () => 0.5 })).toBe(45_000);
    expect(Number.isFinite(backoffDelay(5000, opts))).toBe(true);
  });
});

describe('Backoff', () => {
  it('grows with each failure and starts over after a reset', () => {
    const b = new Backoff({ ...opts, random: () => 0 });
    expect([b.next(), b.next(), b.next()]).toEqual([500, 1000, 2000]);
    b.reset();
    expect(b.next()).toBe(500);
  });

  it('an hour offline makes few attempts, not one every few seconds', () => {
    const b = new Backoff({ firstMs: 5000, maxMs: 5 * 60_000, random: () => 0 });
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < 3_600_000) {
      elapsed += b.next();
      attempts++;
    }
    expect(attempts).toBeLessThan(30);
  });
});
