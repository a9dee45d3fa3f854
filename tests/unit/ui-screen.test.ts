import { describe, expect, it } from 'vitest';
import { isMobileWidth, screenClass } from '../../src/ui/screen';

describe('screen widths', () => {
  it('is mobile below 1000 px (spec 1 §9)', () => {
    expect(isMobileWidth(999)).toBe(true);
    expect(isMobileWidth(1000)).toBe(false);
  });
  it('classes screens as spec 3 §2', () => {
    expect([280, 600, 601, 1024, 1025, 1500, 1501, 4000].map(screenClass))
      .toEqual(['mobile', 'mobile', 'tablet', 'tablet', 'desktop', 'desktop', 'wide', 'wide']);
  });
});
