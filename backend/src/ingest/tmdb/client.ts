import type { z } from 'zod';
import { ImportInputError } from '../importer.js';
import { RequestRateLimiter, systemClock, type Clock } from './rate-limiter.js';
import { TmdbErrorBodySchema, type TmdbErrorBody } from './schemas.js';

export const TMDB_DEFAULT_BASE_URL = 'https://api.themoviedb.org/3';
/** TMDB allows "around 40" requests per second per IP (developer.themoviedb.org, "Rate Limiting"). */
export const TMDB_DEFAULT_REQUESTS_PER_SECOND = 40;

export interface TmdbClientOptions {
  /**
   * A v3 API key (32 hex characters, sent as the `api_key` query parameter) or a v4 API read access
   * token (a JWT, sent as `Authorization: Bearer`). TMDB's settings page shows both; either works.
   */
  apiKey: string;
  baseUrl?: string;
  requestsPerSecond?: number;
  /** Retries after a 429, a 5xx, a timeout or a network error, before giving up. */
  maxRetries?: number;
  /** Per attempt, headers and body. */
  timeoutMs?: number;
  /** The longest Retry-After the client agrees to wait; a longer one fails the request. */
  maxRetryAfterMs?: number;
  clock?: Clock;
  /** Called before each retry (logging). */
  onRetry?: (info: { path: string; status: number | null; attempt: number; delayMs: number }) => void;
}

/** TMDB answered 401: the key is missing, wrong or revoked. Never retried. */
export class TmdbAuthError extends Error {
  override name = 'TmdbAuthError';
  constructor(readonly body: TmdbErrorBody | null) {
    super(`TMDB rejected the API key (HTTP 401${body ? `, status_code ${body.status_code}: ${body.status_message}` : ''}). Check TMDB_API_KEY.`);
  }
}

/** Any other failure after the retries: the message names the request (never the key) and TMDB's own reason. */
export class TmdbRequestError extends Error {
  override name = 'TmdbRequestError';
  constructor(
    readonly request: string,
    readonly status: number | null,
    reason: string,
  ) {
    super(`TMDB ${request} failed: ${reason}`);
  }
}

/** How a key is sent: a JWT is a v4 read access token, anything else a v3 key. */
export function tmdbAuth(apiKey: string): { header?: string; queryKey?: string } {
  return /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/.test(apiKey) ? { header: `Bearer ${apiKey}` } : { queryKey: apiKey };
}

/**
 * A small TMDB API v3 client: rate-limited, retrying on 429 (honouring Retry-After), 5xx, timeouts and
 * network errors with exponential backoff, failing fast on 401, and answering 404 with null.
 * Bodies are validated with a zod schema; a body TMDB would never send is an ImportInputError.
 */
export class TmdbClient {
  private readonly baseUrl: string;
  private readonly auth: ReturnType<typeof tmdbAuth>;
  private readonly limiter: RequestRateLimiter;
  private readonly clock: Clock;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly maxRetryAfterMs: number;
  /** Requests sent (attempts, retries included). */
  requests = 0;

  constructor(private readonly options: TmdbClientOptions) {
    this.baseUrl = (options.baseUrl ?? TMDB_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.auth = tmdbAuth(options.apiKey);
    this.clock = options.clock ?? systemClock;
    this.limiter = new RequestRateLimiter(options.requestsPerSecond ?? TMDB_DEFAULT_REQUESTS_PER_SECOND, 1000, this.clock);
    this.maxRetries = options.maxRetries ?? 5;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  }

  /** GETs `path` (e.g. "/movie/550") and parses the body with `schema`; null when TMDB answers 404. */
  async get<S extends z.ZodType>(path: string, schema: S, query: Record<string, string | number> = {}, signal?: AbortSignal): Promise<z.infer<S> | null> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    // Named in errors and logs; built before the key is added so it never leaks into either.
    const request = `GET ${path}${url.search}`;
    if (this.auth.queryKey) url.searchParams.set('api_key', this.auth.queryKey);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.auth.header) headers.authorization = this.auth.header;

    for (let attempt = 0; ; attempt += 1) {
      await this.limiter.acquire(signal);
      this.requests += 1;
      let status: number;
      let body: string;
      let retryAfter: string | null;
      try {
        const response = await fetch(url, { headers, signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(this.timeoutMs)]) : AbortSignal.timeout(this.timeoutMs) });
        status = response.status;
        retryAfter = response.headers.get('retry-after');
        body = await response.text();
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : describeNetworkError(error);
        await this.backOff(request, null, attempt, this.backoffMs(attempt), reason, signal);
        continue;
      }

      if (status >= 200 && status < 300) return parseBody(schema, body, request);
      if (status === 404) return null;
      const errorBody = parseErrorBody(body);
      if (status === 401) throw new TmdbAuthError(errorBody);
      const reason = `HTTP ${status}${errorBody ? ` (status_code ${errorBody.status_code}: ${errorBody.status_message})` : ''}`;
      if (status === 429) {
        const delay = parseRetryAfter(retryAfter) ?? this.backoffMs(attempt);
        if (delay > this.maxRetryAfterMs) throw new TmdbRequestError(request, status, `${reason}; Retry-After asks for ${Math.round(delay / 1000)} s`);
        // Everyone waits, not just this request: the limit is per client IP.
        this.limiter.pause(delay);
        await this.backOff(request, status, attempt, delay, reason, signal);
        continue;
      }
      if (status >= 500) {
        await this.backOff(request, status, attempt, this.backoffMs(attempt), reason, signal);
        continue;
      }
      throw new TmdbRequestError(request, status, reason);
    }
  }

  /** 0.5 s, 1 s, 2 s... capped at 30 s. Deterministic: the rate limiter already spaces requests out. */
  private backoffMs(attempt: number): number {
    return Math.min(30_000, 500 * 2 ** attempt);
  }

  private async backOff(request: string, status: number | null, attempt: number, delayMs: number, reason: string, signal?: AbortSignal): Promise<void> {
    if (attempt >= this.maxRetries) throw new TmdbRequestError(request, status, `${reason} (after ${attempt + 1} attempts)`);
    this.options.onRetry?.({ path: request, status, attempt: attempt + 1, delayMs });
    await this.clock.sleep(delayMs, signal);
  }
}

function parseBody<S extends z.ZodType>(schema: S, body: string, request: string): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new ImportInputError(`not a JSON body: ${JSON.stringify(body.slice(0, 80))}`, `TMDB ${request}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ImportInputError(`unexpected body: ${issue.path.join('.') || '(root)'}: ${issue.message}`, `TMDB ${request}`);
  }
  return parsed.data;
}

function parseErrorBody(body: string): TmdbErrorBody | null {
  try {
    const parsed = TmdbErrorBodySchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(header: string | null, nowEpochMs = Date.now()): number | null {
  if (!header) return null;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - nowEpochMs);
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
