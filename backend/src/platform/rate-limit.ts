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
 * SERVICE_UNAVAILABLE. The "Losing Redis" table in docs/storage.md says which limit does what, and why.
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
  // A limit that is off (perMinute 0) has no window: saying "limit 9007199254740991" would mean nothing.
  if (decision.limit >= Number.MAX_SAFE_INTEGER) return;
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
    // A limit that is off has no window to tell about: no RateLimit-* headers (never a limit of 2^53 - 1).
    if (limiter.off) return next();
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

/** How long one attempt may hold its place in line: longer than any lookup, short enough to heal after a crash mid-attempt. */
const IN_FLIGHT_TTL_MS = 30_000;
/** How long an attempt waits for attempts ahead of it to settle before it is refused. */
const IN_FLIGHT_WAIT_MS = 2_000;

/**
 * Failures counted against several identities at once (a socket, its user, its address): an attempt
 * is refused with 429 RATE_LIMITED once any of them has had `limit` failures in its window, before
 * its work runs. Only failures count; successes cost nothing. So that attempts sent all at once
 * cannot overrun the limit, each one also holds a place while it runs: an identity never has more
 * attempts in flight than it has failures left. Extra attempts wait (up to IN_FLIGHT_WAIT_MS) for
 * those ahead to settle instead of being refused, so six friends behind one address joining at
 * once with the right code all get in, while a burst of guesses is still cut at the limit.
 * While the counters cannot answer, the rule's `whenUnavailable` decides, as for
 * createRateLimiter; a place is given back to the counters that took it, and only while it lasts.
 */
export function createFailureLimiter(counters: Counters, rule: RateLimitRule & { refusal: string }, logger?: Logger) {
  const mode = rule.whenUnavailable ?? 'open';
  const outage = outageLog(logger, { rule: rule.name, whenUnavailable: mode }, { failed: 'failure limit on its fallback: counters unreachable', recovered: 'failure limit counted in the shared counters again' });
  const local = mode === 'local' ? createLocalCounters() : null;
  const failuresKey = (identity: FailureIdentity) => `ratelimit:${rule.name}:${identity.scope}:${identity.id}`;
  const inFlightKey = (identity: FailureIdentity) => `${failuresKey(identity)}:in-flight`;
  const windowSeconds = Math.round(rule.windowMs / 1000);
  const refused = (identity: FailureIdentity, retryAfterSeconds: number) =>
    new AppError(429, 'RATE_LIMITED', `${rule.refusal}: at most ${rule.limit} per ${windowSeconds} seconds. Try again in ${retryAfterSeconds} s.`, {
      scope: identity.scope,
      limit: rule.limit,
      windowSeconds,
      retryAfterSeconds,
    });

  /** Runs `op` on the shared counters, or as the rule says while they cannot answer; null when nothing is counted (`open`). */
  async function count<T>(op: (on: Counters) => Promise<T>): Promise<{ value: T; on: Counters } | null> {
    try {
      const value = await op(counters);
      outage.recovered();
      return { value, on: counters };
    } catch (error) {
      outage.failed(error);
      if (mode === 'closed') throw new AppError(503, 'SERVICE_UNAVAILABLE', 'This cannot be checked right now; try again in a moment.', { retryable: true });
      return local ? { value: await op(local), on: local } : null;
    }
  }

  interface Place {
    identity: FailureIdentity;
    on: Counters;
    failures: CounterValue;
    inFlight: number;
    heldUntil: number;
  }

  /** Reads the identity's failures and takes a place in its line, on the same counters. */
  async function takePlace(identity: FailureIdentity): Promise<Place | null> {
    const taken = await count(async (on) => {
      // `by: 0` reads the failures with their window's remaining time in one step.
      const failures = await on.increment(failuresKey(identity), { by: 0, ttlMs: rule.windowMs });
      const inFlight = await on.increment(inFlightKey(identity), { ttlMs: IN_FLIGHT_TTL_MS });
      return { failures, inFlight };
    });
    if (!taken) return null;
    const { failures, inFlight } = taken.value;
    return { identity, on: taken.on, failures, inFlight: inFlight.value, heldUntil: Date.now() + (inFlight.ttlMs ?? IN_FLIGHT_TTL_MS) };
  }

  // Once its counter has expired a place is gone with it: given back, it would open one more.
  const giveBack = (places: readonly Place[]) =>
    Promise.all(places.filter((place) => Date.now() < place.heldUntil).map((place) => place.on.increment(inFlightKey(place.identity), { by: -1, ttlMs: IN_FLIGHT_TTL_MS }).catch(() => undefined)));

  /** Places on every identity, or a refusal, or the identity whose line is full for now. */
  async function enter(identities: readonly FailureIdentity[]): Promise<Place[] | FailureIdentity> {
    const settled = await Promise.allSettled(identities.map(takePlace));
    const places = settled.flatMap((each) => (each.status === 'fulfilled' && each.value ? [each.value] : []));
    const unavailable = settled.find((each) => each.status === 'rejected');
    if (unavailable) {
      await giveBack(places);
      throw unavailable.reason;
    }
    const spent = places.find((place) => place.failures.value >= rule.limit);
    if (spent) {
      await giveBack(places);
      throw refused(spent.identity, Math.max(1, Math.ceil((spent.failures.ttlMs ?? rule.windowMs) / 1000)));
    }
    const full = places.find((place) => place.failures.value + place.inFlight > rule.limit);
    if (full) {
      await giveBack(places);
      return full.identity;
    }
    return places;
  }

  return {
    rule,
    /**
     * Runs `work` unless an identity has no failures left (then throws RATE_LIMITED before `work`
     * runs); a throw that `failed` recognises counts as a failure, anything else costs nothing.
     */
    async attempt<T>(identities: readonly FailureIdentity[], work: () => Promise<T>, failed: (error: unknown) => boolean): Promise<T> {
      const giveUpAt = Date.now() + IN_FLIGHT_WAIT_MS;
      let places = await enter(identities);
      while (!Array.isArray(places)) {
        if (Date.now() >= giveUpAt) throw refused(places, 1);
        // Attempts ahead of this one settle within a lookup's time; a little jitter spreads the retries.
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 15));
        places = await enter(identities);
      }
      try {
        return await work();
      } catch (error) {
        if (failed(error)) await Promise.all(places.map((place) => place.on.increment(failuresKey(place.identity), { ttlMs: rule.windowMs }).catch(() => undefined)));
        throw error;
      } finally {
        await giveBack(places);
      }
    },
  };
}
export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
