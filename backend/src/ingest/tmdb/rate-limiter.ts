import { setTimeout as sleep } from 'node:timers/promises';

/** Time as the rate limiter and retries see it; tests inject a fake one to assert delays without waiting. */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) => sleep(ms, undefined, signal ? { signal } : undefined),
};

/**
 * A token bucket of `limit` tokens where each token comes back exactly `windowMs` after it was spent
 * (a sliding window). A classic bucket refilling at limit/s lets a full bucket plus a second of refill
 * through in one second — up to 2× the limit — which is what gets a crawler 429s; this one never
 * starts more than `limit` requests in any window of `windowMs`. `pauseUntil` holds every caller
 * back after a 429 so the whole crawl honours the server's Retry-After, not just the request that got it.
 */
export class RequestRateLimiter {
  /** Start times of the last `limit` requests, oldest first. */
  private readonly starts: number[] = [];
  private pausedUntil = 0;
  /** Callers are served in arrival order, one at a time, so none starves. */
  private tail: Promise<void> = Promise.resolve();

  constructor(
    readonly limit: number,
    readonly windowMs = 1000,
    private readonly clock: Clock = systemClock,
  ) {
    if (!(limit >= 1)) throw new Error(`Rate limit must be at least 1 request per window (got ${limit})`);
  }

  /** Waits for a token; rejects when `signal` aborts while waiting. */
  acquire(signal?: AbortSignal): Promise<void> {
    const turn = this.tail.then(() => this.waitForToken(signal));
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  /** Holds back every request until `clock.now() + ms` (e.g. a 429's Retry-After). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
  }

  private async waitForToken(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      const oldest = this.starts.length >= this.limit ? this.starts[0]! : -Infinity;
      const wait = Math.max(this.pausedUntil - now, oldest + this.windowMs - now);
      if (wait <= 0) break;
      await this.clock.sleep(Math.ceil(wait), signal);
    }
    this.starts.push(this.clock.now());
    if (this.starts.length > this.limit) this.starts.shift();
  }
}
