import { plural } from '@cinema-dna/shared-types';
import type { Response } from 'express';
import type { Counters } from '../../platform/cache/types.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import { outageLog } from '../../platform/cache/unavailable.js';
import { createLocalCounters, setRateLimitHeaders, type RateLimitDecision } from '../../platform/rate-limit.js';

export interface LoginThrottleSettings {
  /** Failed password sign-ins allowed per account (username, any letter case) per window; 0 turns it off. */
  failuresPerAccount: number;
  /** Failed password sign-ins allowed per client IP per window; 0 turns it off. */
  failuresPerIp: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = { failuresPerAccount: 10, failuresPerIp: 50, windowMs: 15 * 60_000 };

type Scope = 'account' | 'ip';

/**
 * Counts failed password sign-ins on the shared counters (so every node counts together), per
 * account and per IP. Once either count reaches its limit, sign-ins are refused with 429 until the
 * window ends, the right password included: answering a correct guess differently from a wrong
 * one would let guessing go on at full speed. The cost is that someone can lock an account's
 * password sign-in for one window; Google sign-in and existing sessions keep working.
 * Successful sign-ins are not counted. While the shared counters are unreachable (they say so within
 * REDIS_COMMAND_TIMEOUT_MS) each process counts alone: sign-in keeps working, and guessing stays
 * bounded, by the limits times the number of processes.
 */
export function createLoginThrottle(counters: Counters, settings: LoginThrottleSettings, logger?: Logger) {
  const limits: Record<Scope, number> = { account: settings.failuresPerAccount, ip: settings.failuresPerIp };
  const keyOf = (scope: Scope, identity: string) => `login-failures:${scope}:${identity}`;
  const identities = (username: string, ip: string | undefined): [Scope, string][] => [
    ['account', username.toLowerCase()],
    ['ip', ip ?? 'unknown'],
  ];
  const active = (scope: Scope) => limits[scope] > 0;
  const local = createLocalCounters();
  const outage = outageLog(logger, {}, { failed: 'login throttle counting on this process alone: counters unreachable', recovered: 'login throttle counted in the shared counters again' });
  /** `use` on the shared counters, or on this process's own while they cannot answer. */
  async function counted<T>(use: (on: Counters) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await use(counters);
    } catch (error) {
      outage.failed(error);
      return use(local);
    }
    outage.recovered();
    return result;
  }

  return {
    settings,

    /** Throws the 429 (and sets Retry-After) when the account or the IP has no attempts left. */
    async check(res: Response, username: string, ip: string | undefined): Promise<void> {
      for (const [scope, identity] of identities(username, ip)) {
        if (!active(scope)) continue;
        const key = keyOf(scope, identity);
        if ((await counted((on) => on.get(key))) < limits[scope]) continue;
        // Adding 0 reads the remaining window (the counter exists, so no new window starts).
        const { ttlMs } = await counted((on) => on.increment(key, { by: 0, ttlMs: settings.windowMs }));
        const decision: RateLimitDecision = { allowed: false, limit: limits[scope], remaining: 0, resetMs: ttlMs ?? settings.windowMs };
        setRateLimitHeaders(res, decision);
        throw tooManyFailures(scope, decision, settings.windowMs);
      }
    },

    /** Counts one failed attempt against the account and the IP. */
    async recordFailure(username: string, ip: string | undefined): Promise<void> {
      await Promise.all(
        identities(username, ip)
          .filter(([scope]) => active(scope))
          .map(([scope, identity]) => counted((on) => on.increment(keyOf(scope, identity), { ttlMs: settings.windowMs }))),
      );
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

function tooManyFailures(scope: Scope, decision: RateLimitDecision, windowMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const who = scope === 'account' ? 'this account' : 'your network';
  return new AppError(429, 'RATE_LIMITED', `Too many failed sign-ins for ${who}. Try again in ${plural(minutes, 'minute')}.`, {
    scope,
    limit: decision.limit,
    windowSeconds: Math.round(windowMs / 1000),
    retryAfterSeconds,
  });
}
