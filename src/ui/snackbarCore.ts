/** Snackbar rules of spec 1 §9 / spec 3 §8, kept free of React so they can be tested alone. */
import { SNACKBAR_DEFAULT_MS, SNACKBAR_FALLBACK_MS } from '../domain/constants';

export type SnackbarSeverity = 'success' | 'warning' | 'error' | 'info';

export interface SnackbarOptions {
  severity: SnackbarSeverity;
  title: string;
  message?: string;
  /** Milliseconds; when none is given the snackbar stays SNACKBAR_FALLBACK_MS (5000). */
  duration?: number;
}

/** The spec: 3000 ms is the standard display, 5000 ms when a caller gives no duration at all. */
export function resolveSnackbarDuration(duration?: number): number {
  return duration ?? SNACKBAR_FALLBACK_MS;
}

export const STANDARD_SNACKBAR_MS = SNACKBAR_DEFAULT_MS;

/** Bottom left, in Chakra/Ark's logical placement names. */
export const SNACKBAR_PLACEMENT = 'bottom-start' as const;
