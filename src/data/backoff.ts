/**
 * Retry delays for work that fails while the device is offline or the server is away (outbox
 * replay, the hub's connection): exponential and capped, so a device offline for hours tries
 * rarely and does not fill the console; jittered, so devices coming back at once do not retry in
 * step. Half of each delay is fixed, so retries never bunch up either.
 */
export interface BackoffOptions {
  /** The first delay's upper bound. */
  firstMs: number;
  /** No delay is longer than this. */
  maxMs: number;
  /** Uniform in [0, 1); Math.random unless a test fixes it. */
  random?: () => number;
}

/** The delay before retry number `attempt` (0 = the first): uniform in [base / 2, base], base = min(maxMs, firstMs · 2^attempt). */
export function backoffDelay(attempt: number, { firstMs, maxMs, random = Math.random }: BackoffOptions): number {
  // 2^attempt beyond 2^30 only overflows towards Infinity; the cap is long reached by then.
  const base = Math.min(maxMs, firstMs * 2 ** Math.min(attempt, 30));
  return Math.round(base / 2 + (random() * base) / 2);
}

/** A retry schedule: next() gives the next delay, reset() starts over (after a success, or when the network is back). */
export class Backoff {
  private attempt = 0;

  constructor(private readonly options: BackoffOptions) {}

  next(): number {
    return backoffDelay(this.attempt++, this.options);
  }

  reset(): void {
    this.attempt = 0;
  }
}
