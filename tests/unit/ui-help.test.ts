import { describe, expect, it } from 'vitest';
import { resolveContactInfo } from '../../src/features/help/api/fetchContactInfo';
import { COPYRIGHT_YEAR, formatOrgNumber } from '../../src/ui/installation';

describe('help and support contact', () => {
  it("uses the utility's contact when given", () => {
    expect(resolveContactInfo({ emailAddress: ' vann@kommune.no ', phoneNumber: '22 33 44 55' }, 'support@x.no'))
      .toEqual({ emailAddress: 'vann@kommune.no', phoneNumber: '22 33 44 55' });
  });
  it('falls back to the support e-mail and no phone when the answer is missing or empty', () => {
    const fallback = { emailAddress: 'support@x.no', phoneNumber: '' };
    expect(resolveContactInfo(null, 'support@x.no')).toEqual(fallback);
    expect(resolveContactInfo({ emailAddress: '', phoneNumber: '' }, 'support@x.no')).toEqual(fallback);
    expect(resolveContactInfo({}, 'support@x.no')).toEqual(fallback);
  });
  it('keeps a phone given without an e-mail', () => {
    expect(resolveContactInfo({ phoneNumber: '99887766' }, 'support@x.no')).toEqual({ emailAddress: 'support@x.no', phoneNumber: '99887766' });
  });
});

describe('about', () => {
  it('prints the copyright year 2024 and organisation numbers in groups of three', () => {
    expect(COPYRIGHT_YEAR).toBe(2024);
    expect(formatOrgNumber('924809175')).toBe('924 809 175');
    expect(formatOrgNumber('abc')).toBe('abc');
  });
});
