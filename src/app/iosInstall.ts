/** When to show the iOS add-to-home-screen prompt (spec 1 §1, §9): iPhone/iPad, not installed, every 14 days at most. */
import { IOS_INSTALL_PROMPT_INTERVAL_DAYS } from '../domain/constants';

export const IOS_PROMPT_KEY = 'meterwork.iosInstallPrompt.lastShown';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DeviceInfo {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
  /** Already running from the home screen. */
  standalone: boolean;
}

export function isIosDevice(d: Pick<DeviceInfo, 'userAgent' | 'platform' | 'maxTouchPoints'>): boolean {
  if (/iPhone|iPad|iPod/.test(d.userAgent)) return true;
  // iPadOS 13+ reports itself as a Mac; only the touch screen tells it apart.
  return d.platform === 'MacIntel' && d.maxTouchPoints > 1;
}

export function shouldShowIosInstallPrompt(device: DeviceInfo, lastShown: string | null, now: Date): boolean {
  if (!isIosDevice(device) || device.standalone) return false;
  if (!lastShown) return true;
  const last = Date.parse(lastShown);
  if (Number.isNaN(last)) return true;
  return now.getTime() - last >= IOS_INSTALL_PROMPT_INTERVAL_DAYS * DAY_MS;
}
