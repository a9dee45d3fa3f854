import { describe, expect, it } from 'vitest';
import { isIosDevice, shouldShowIosInstallPrompt } from '../../src/app/iosInstall';

const iphone = { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15', platform: 'iPhone', maxTouchPoints: 5, standalone: false };
const ipadOs = { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15', platform: 'MacIntel', maxTouchPoints: 5, standalone: false };
const mac = { ...ipadOs, maxTouchPoints: 0 };
const android = { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8)', platform: 'Linux armv8l', maxTouchPoints: 5, standalone: false };
const now = new Date('2025-03-15T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

describe('iOS install prompt', () => {
  it('recognises iPhone and iPad (also iPadOS posing as a Mac)', () => {
    expect(isIosDevice(iphone)).toBe(true);
    expect(isIosDevice(ipadOs)).toBe(true);
    expect(isIosDevice(mac)).toBe(false);
    expect(isIosDevice(android)).toBe(false);
  });
  it('shows on first visit, not when installed, not elsewhere', () => {
    expect(shouldShowIosInstallPrompt(iphone, null, now)).toBe(true);
    expect(shouldShowIosInstallPrompt({ ...iphone, standalone: true }, null, now)).toBe(false);
    expect(shouldShowIosInstallPrompt(android, null, now)).toBe(false);
  });
  it('shows at most once every 14 days', () => {
    expect(shouldShowIosInstallPrompt(iphone, daysAgo(13.9), now)).toBe(false);
    expect(shouldShowIosInstallPrompt(iphone, daysAgo(14), now)).toBe(true);
    expect(shouldShowIosInstallPrompt(iphone, 'garbage', now)).toBe(true);
  });
});
