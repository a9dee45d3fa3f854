import { describe, expect, it } from 'vitest';
import { matchesNotification } from './hub';

const n = { OrganizationNumber: '912345678', CustomerId: '{6F9619FF-8B86-D011-B42D-00CF4FC964FF}', NotificationType: 'Registration' };

describe('matchesNotification', () => {
  it('matches the same organisation number and customer id, braces and case aside', () => {
    expect(matchesNotification(n, '912345678', '6f9619ff-8b86-d011-b42d-00cf4fc964ff')).toBe(true);
    expect(matchesNotification({ ...n, CustomerId: '6f9619ff-8b86-d011-b42d-00cf4fc964ff' }, '912345678', '{6F9619FF-8B86-D011-B42D-00CF4FC964FF}')).toBe(true);
  });

  it('does not match another company or another customer', () => {
    expect(matchesNotification(n, '998877665', '6f9619ff-8b86-d011-b42d-00cf4fc964ff')).toBe(false);
    expect(matchesNotification(n, '912345678', '00000000-8b86-d011-b42d-00cf4fc964ff')).toBe(false);
  });

  it('does not match when the user has no company', () => {
    expect(matchesNotification({ ...n, OrganizationNumber: '' }, '', '6f9619ff-8b86-d011-b42d-00cf4fc964ff')).toBe(false);
    expect(matchesNotification(n, null, '6f9619ff-8b86-d011-b42d-00cf4fc964ff')).toBe(false);
  });
});
