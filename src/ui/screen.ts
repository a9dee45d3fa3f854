/** Screen-width rules: spec 1 §9 breakpoints and spec 3 §2 screen size classes. */
import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../domain/constants';

export type ScreenClass = 'mobile' | 'tablet' | 'desktop' | 'wide';

/** Spec 3 §2: mobile up to 600, tablet 601-1024, desktop 1025-1500, wide above. */
export function screenClass(widthPx: number): ScreenClass {
  if (widthPx <= 600) return 'mobile';
  if (widthPx <= 1024) return 'tablet';
  if (widthPx <= 1500) return 'desktop';
  return 'wide';
}

/** Spec 1 §9: "mobile" layout below 1000 px. */
export function isMobileWidth(widthPx: number): boolean {
  return widthPx < MOBILE_BREAKPOINT_PX;
}

export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}

export function useScreenClass(): ScreenClass {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    () => screenClass(window.innerWidth),
    () => 'desktop',
  );
}
