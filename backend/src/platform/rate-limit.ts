import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import type { CounterValue, Counters } from './cache/types.js';
import { outageLog } from './cache/unavailable.js';
import { AppError } from './errors.js';
import type { Logger } from './logging.js';

/**
 * What a limit does while the shared counters (Redis) cannot answer, which they say within
 * REDIS_COMMAND_TIMEOUT_MS: `open` lets every request through, `local` counts on this process alone
 * (each process allows the limit, so N processes allow N times it), `closed` refuses with 503
 * SERVICE_UNAVAILABLE. The README's "Losing Redis" table says which limit does what, and why.
 */
export type WhenUnavailable = 'open' | 'local' | 'closed';

export interface RateLimitRule {
  /** Names the counter, e.g. "find-connection". */
  name: string;
  limit: number;
  windowMs: number;
  /** Default `open`. */
  whenUnavailable?: WhenUnavailable;
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

/**
 * Fixed-window limits on the shared counters, so every node of a deployment counts together (Redis)
 * or one node counts alone (in-process). While the counters are unreachable the rule's
 * `whenUnavailable` decides; an outage must not take the product down, nor open what must stay shut.
 */
export function createRateLimiter(counters: Counters, rule: RateLimitRule, logger?: Logger) {
  // A limit that is off costs nothing: no counter round trip on every request.
  const off = rule.limit >= Number.MAX_SAFE_INTEGER;
  const mode = rule.whenUnavailable ?? 'open';
  const outage = outageLog(logger, { rule: rule.name, whenUnavailable: mode }, { failed: 'rate limit on its fallback: counters unreachable', recovered: 'rate limit counted in the shared counters again' });
  const local = mode === 'local' ? createLocalCounters() : null;
  const decide = ({ value, ttlMs }: CounterValue): RateLimitDecision => ({
    allowed: value <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(rule.limit - value, 0),
    resetMs: ttlMs ?? rule.windowMs,
  });
  return {
    rule,
    off,
    async hit(identity: string): Promise<RateLimitDecision> {
      if (off) return { allowed: true, limit: rule.limit, remaining: rule.limit, resetMs: rule.windowMs };
      const key = `ratelimit:${rule.name}:${identity}`;
      let counted: CounterValue;
      try {
        counted = await counters.increment(key, { ttlMs: rule.windowMs });
      } catch (error) {
        outage.failed(error);
        if (mode === 'closed') throw new AppError(503, 'SERVICE_UNAVAILABLE', 'This cannot be checked right now; try again in a moment.', { retryable: true });
        if (!local) return { allowed: true, limit: rule.limit, remaining: rule.limit, resetMs: rule.windowMs };
        return decide(await local.increment(key, { ttlMs: rule.windowMs }));
      }
      outage.recovered();
      return decide(counted);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The 429 every path answers with once a limit is reached. */
export function rateLimitedError(decision: RateLimitDecision, rule: RateLimitRule): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(decision.resetMs / 1000));
  return new AppError(429, 'RATE_LIMITED', `Too many requests: at most ${rule.limit} per ${Math.round(rule.windowMs / 1000)} seconds. Try again in ${retryAfterSeconds} s.`, {
    limit: rule.limit,
    windowSeconds: Math.round(rule.windowMs / 1000),
    retryAfterSeconds,
  });
}

/** IETF RateLimit headers (draft 7 style) plus Retry-After on refusal. */
export function setRateLimitHeaders(res: Response, decision: RateLimitDecision): void {
  const resetSeconds = Math.max(0, Math.ceil(decision.resetMs / 1000));
  res.setHeader('RateLimit-Limit', String(decision.limit));
  res.setHeader('RateLimit-Remaining', String(decision.remaining));
  res.setHeader('RateLimit-Reset', String(resetSeconds));
  if (!decision.allowed) res.setHeader('Retry-After', String(Math.max(1, resetSeconds)));
}

/** A limit of `perMinute` requests a minute; 0 turns it off (an effectively unbounded window). */
export function perMinute(name: string, perMinute: number, whenUnavailable?: WhenUnavailable): RateLimitRule {
  return { name, limit: perMinute || Number.MAX_SAFE_INTEGER, windowMs: 60_000, whenUnavailable };
}

/** Counters a process keeps alone (the `local` fallback): fixed windows, the least recently used dropped past `max`. */
export function createLocalCounters(max = 10_000): Counters {
  const entries = new LRUCache<string, { value: number; expiresAt: number | null }>({ max });
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async increment(key, { by = 1, ttlMs } = {}) {
      const entry = live(key) ?? { value: 0, expiresAt: ttlMs === undefined ? null : Date.now() + ttlMs };
      entry.value += by;
      entries.set(key, entry);
      return { value: entry.value, ttlMs: entry.expiresAt === null ? null : Math.max(entry.expiresAt - Date.now(), 0) };
    },
    async get(key) {
      return live(key)?.value ?? 0;
    },
  };
}

/**
 * Who a caller counts against, over HTTP and sockets alike: the signed-in user (session or API
 * key), else the client IP — the peer's, or the one a trusted proxy forwarded (TRUST_PROXY).
 */
export function clientIdentity(caller: { userId?: number; ip?: string }): string {
  return caller.userId !== undefined ? `user:${caller.userId}` : `ip:${caller.ip ?? 'unknown'}`;
}

/** clientIdentity of an HTTP request (`req.ip` follows the app's trust proxy rule). */
export const requestIdentity = (req: Request) => clientIdentity({ userId: req.user?.id, ip: req.ip });

/** Express middleware limiting per user when signed in, else per client IP. */
export function rateLimit(limiter: RateLimiter): RequestHandler {
  return async (req, res, next) => {
    const decision = await limiter.hit(requestIdentity(req));
    setRateLimitHeaders(res, decision);
    next(decision.allowed ? undefined : rateLimitedError(decision, limiter.rule));
  };
}

export interface ApiRateLimiters {
  /** Anonymous requests, per IP (spec §9: 100 a minute). */
  public: RateLimiter;
  /** Signed-in requests, per user (spec §9: 1000 a minute). */
  authenticated: RateLimiter;
}

/** The two API-wide tiers on the shared counters. */
export function createApiRateLimiters(counters: Counters, limits: { publicPerMinute: number; authenticatedPerMinute: number }, logger?: Logger): ApiRateLimiters {
  return {
    public: createRateLimiter(counters, perMinute('api-public', limits.publicPerMinute), logger),
    authenticated: createRateLimiter(counters, perMinute('api-authenticated', limits.authenticatedPerMinute), logger),
  };
}

/**
 * The API-wide tier limit, after authentication: signed-in callers count per user against the
 * authenticated tier, everyone else per IP against the public one. `exempt` paths (health checks
 * of load balancers) are never counted.
 */
export function apiRateLimit(limiters: ApiRateLimiters, options: { exempt?: string[] } = {}): RequestHandler {
  const exempt = new Set(options.exempt ?? []);
  return async (req, res, next) => {
    const limiter = req.user ? limiters.authenticated : limiters.public;
    if (limiter.off || exempt.has(req.path)) return next();
    const decision = await limiter.hit(requestIdentity(req));
    setRateLimitHeaders(res, decision);
    next(decision.allowed ? undefined : rateLimitedError(decision, limiter.rule));
  };
}

/** One of the identities a failure counts against, named for the answer (`socket`, `user`, `address`). */
export interface FailureIdentity {
  scope: string;
  id: string;
}

/**
 * Failures counted against several identities at once (a socket, its user, its address): an attempt
 * is refused with 429 RATE_LIMITED once any of them has had `limit` failures in its window. Only
 * failures count: each attempt reserves one on every identity before it runs and gives them back
 * when it did not fail, so attempts sent all at once cannot overrun the limit (each holds its
 * reservation while it runs) and successes cost nothing. The price of that exactness: while an
 * identity has more attempts in flight at once than it has failures left, the extra ones are refused
 * even if they would have succeeded. While the counters cannot answer, the
 * rule's `whenUnavailable` decides, as for createRateLimiter; a reservation is given back to the
 * counters that took it (if those have gone, it stays: the error is on the safe side), and only
 * within the window it was taken in.
 */
export function createFailureLimiter(counters: Counters, rule: RateLimitRule & { refusal: string }, logger?: Logger) {
  const mode = rule.whenUnavailable ?? 'open';
  const outage = outageLog(logger, { rule: rule.name, whenUnavailable: mode }, { failed: 'failure limit on its fallback: counters unreachable', recovered: 'failure limit counted in the shared counters again' });
  const local = mode === 'local' ? createLocalCounters() : null;
  const keyOf = (identity: FailureIdentity) => `ratelimit:${rule.name}:${identity.scope}:${identity.id}`;

  /** Takes one from the identity's allowance; null when nothing was counted (`open` during an outage). */
  async function reserve(identity: FailureIdentity): Promise<{ identity: FailureIdentity; on: Counters; counted: CounterValue; windowEndsAt: number } | null> {
    const key = keyOf(identity);
    const taken = (on: Counters, counted: CounterValue) => ({ identity, on, counted, windowEndsAt: Date.now() + (counted.ttlMs ?? rule.windowMs) });
    try {
      const counted = await counters.increment(key, { ttlMs: rule.windowMs });
      outage.recovered();
      return taken(counters, counted);
    } catch (error) {
      outage.failed(error);
      if (mode === 'closed') throw new AppError(503, 'SERVICE_UNAVAILABLE', 'This cannot be checked right now; try again in a moment.', { retryable: true });
      if (!local) return null;
      return taken(local, await local.increment(key, { ttlMs: rule.windowMs }));
    }
  }

  return {
    rule,
    /**
     * Runs `work` unless an identity has no failures left (then throws RATE_LIMITED before `work`
     * runs); a throw that `failed` recognises counts as a failure, anything else is given back.
     */
    async attempt<T>(identities: readonly FailureIdentity[], work: () => Promise<T>, failed: (error: unknown) => boolean): Promise<T> {
      const settled = await Promise.allSettled(identities.map(reserve));
      const reserved = settled.flatMap((each) => (each.status === 'fulfilled' && each.value ? [each.value] : []));
      // Once its window has ended a reservation is gone with it: given back, it would add one to the next window's allowance.
      const giveBack = () =>
        Promise.all(
          reserved
            .filter(({ windowEndsAt }) => Date.now() < windowEndsAt)
            .map(({ identity, on }) => on.increment(keyOf(identity), { by: -1, ttlMs: rule.windowMs }).catch(() => undefined)),
        );
      const refusal = settled.find((each) => each.status === 'rejected');
      if (refusal) {
        await giveBack();
        throw refusal.reason;
      }
      const over = reserved.find(({ counted }) => counted.value > rule.limit);
      if (over) {
        await giveBack();
        const retryAfterSeconds = Math.max(1, Math.ceil((over.counted.ttlMs ?? rule.windowMs) / 1000));
        const windowSeconds = Math.round(rule.windowMs / 1000);
        throw new AppError(429, 'RATE_LIMITED', `${rule.refusal}: at most ${rule.limit} per ${windowSeconds} seconds. Try again in ${retryAfterSeconds} s.`, {
          scope: over.identity.scope,
          limit: rule.limit,
          windowSeconds,
          retryAfterSeconds,
        });
      }
      try {
        const result = await work();
        await giveBack();
        return result;
      } catch (error) {
        if (!failed(error)) await giveBack();
        throw error;
      }
    },
  };
}
export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
