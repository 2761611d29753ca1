import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_RULE, PasswordSchema, UsernameSchema } from '@cinema-dna/shared-types';
import { z } from 'zod';
import { parseTrustProxy } from './client-address.js';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());
const optionalString = z.preprocess(emptyAsUndefined, z.string().min(1).optional());

/** Every setting the server reads from the environment. Each appears in .env.example. */
export const ConfigSchema = z.object({
  /** HTTP port for the API, sockets and the built frontend. 0 picks a free port (tests). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to bind. */
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string. Unset: the app runs its own embedded PostgreSQL in DATA_DIR/postgres. */
  DATABASE_URL: optionalUrl,
  /** PostgreSQL schema (search_path) to use; tests and CI use a fresh one per run. */
  DATABASE_SCHEMA: z.preprocess(emptyAsUndefined, z.string().regex(/^[a-z_][a-z0-9_]*$/).default('public')),
  /** Redis connection string. Unset: in-process cache, pub/sub, sorted sets and counters. */
  REDIS_URL: optionalUrl,
  /** Prefix of every Redis key and channel, so several deployments or test runs can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(64).default('cdna:'),
  /**
   * Longest one Redis command may wait for its answer, in ms. Past it the command fails as if Redis were
   * down (boards answer their last rows marked degraded, other Redis-backed answers 503), and while it
   * stays unanswered further commands fail at once, so a hung Redis never holds a request.
   */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(100),
  /**
   * This process's name among the replicas (GET /api/health's `replica`, the metrics' `replica` label,
   * the status page). Unset: host:pid. `npm run cluster` names its replicas r1, r2, ...
   */
  REPLICA_ID: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'letters, digits and _.:- only (1-64)').optional()),
  /**
   * On SIGTERM, how long to keep answering before the listener closes, in ms: the sockets are handed
   * over at once (their clients reconnect elsewhere), requests still arriving (a proxy that has not yet
   * stopped sending) are served. 0: close at once. `npm run cluster` sets 2000 (nginx is told first).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Folder for the embedded database, graph snapshots and the generated session secret. */
  DATA_DIR: z.string().default('./data'),
  /** Cookie signing secret. Unset: generated once and kept in DATA_DIR/session-secret. */
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /** TMDB API key for the data:tmdb crawler and lazy poster/biography enrichment. Optional. */
  TMDB_API_KEY: optionalString,
  /** Google OAuth 2.0 client for "Sign in with Google". Both or neither; unset turns Google sign-in off. */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** Google's OAuth 2.0 endpoints; tests point them at a local OAuth server. */
  GOOGLE_AUTH_URL: z.preprocess(emptyAsUndefined, z.url().default('https://accounts.google.com/o/oauth2/v2/auth')),
  GOOGLE_TOKEN_URL: z.preprocess(emptyAsUndefined, z.url().default('https://oauth2.googleapis.com/token')),
  GOOGLE_USERINFO_URL: z.preprocess(emptyAsUndefined, z.url().default('https://openidconnect.googleapis.com/v1/userinfo')),
  /** The first administrator, created (or promoted) at start. Both or neither; the password must meet the password rules. */
  ADMIN_USERNAME: z.preprocess(emptyAsUndefined, UsernameSchema.optional()),
  ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Public base URL of the app (OAuth callbacks, share links, Open Graph tags). */
  PUBLIC_URL: optionalUrl,
  /** pino log level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest JSON request body accepted. */
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, 'must look like 100kb').default('100kb'),
  /** Find-connection requests per client per minute (REST and live search): per user when signed in, else per IP. 0 turns the limit off (benchmarks). */
  FIND_CONNECTION_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  /** API requests per minute from one IP address without credentials (/api/health is exempt). 0 turns the limit off. */
  RATE_LIMIT_PUBLIC_PER_MINUTE: z.coerce.number().int().min(0).default(100),
  /** API requests per minute from one signed-in user (session or API key). 0 turns the limit off. */
  RATE_LIMIT_AUTHENTICATED_PER_MINUTE: z.coerce.number().int().min(0).default(1000),
  /** Failed password sign-ins per account (username, any letter case) per LOGIN_THROTTLE_WINDOW_MINUTES before sign-in is refused with 429. 0 turns it off. */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(0).default(10),
  /** Failed password sign-ins per client IP per window before sign-in is refused with 429. 0 turns it off. */
  LOGIN_FAILURES_PER_IP: z.coerce.number().int().min(0).default(50),
  /** The window of the two login limits above, in minutes. */
  LOGIN_THROTTLE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /** "production" requires PUBLIC_URL with Google sign-in and keeps verification links out of the log. */
  NODE_ENV: z.preprocess(emptyAsUndefined, z.string().default('development')),
  /**
   * Reverse proxies whose X-Forwarded-For names the client (rate limits, logs): their addresses or
   * CIDRs, `loopback`/`linklocal`/`uniquelocal`, or a hop count. Unset: none; the peer is the client.
   */
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return value === undefined ? (false as const) : parseTrustProxy(value);
        } catch (error) {
          ctx.issues.push({ code: 'custom', input: value, message: `must be proxy addresses, CIDRs, loopback/linklocal/uniquelocal or a hop count (${(error as Error).message})` });
          return z.NEVER;
        }
      }),
  ),
  /** Entries the in-process cache keeps (embedded mode, no REDIS_URL); the least recently used go first. */
  MEMORY_CACHE_MAX_ENTRIES: z.coerce.number().int().min(100).default(50_000),
  /** Folder of the built frontend to serve; unset uses frontend/dist beside the backend. */
  STATIC_DIR: optionalString,
  /** Longest one connection search may run, in ms; past it the search fails with 503 SEARCH_BUDGET_EXCEEDED (and a stuck search worker is replaced 2 s later). */
  SEARCH_TIME_BUDGET_MS: z.coerce.number().int().min(1).default(5000),
  /** Most entities one connection search may reach (both directions, both passes) before it fails with 503 SEARCH_BUDGET_EXCEEDED. */
  SEARCH_MAX_VISITED: z.coerce.number().int().min(1).default(2_000_000),
  /** How often the domain-event outbox is polled for events no commit in this process announced (another process's, a retry due). */
  EVENTS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** TMDB API base URL (the System tab's movie-API probe and enrichment); tests point it at a local server. */
  TMDB_API_URL: z.preprocess(emptyAsUndefined, z.url().default('https://api.themoviedb.org/3')),
  /** Wikidata SPARQL endpoint probed by the System tab and the status page (a tiny ASK query). Unset: not configured. */
  WIKIDATA_SPARQL_URL: optionalUrl,
  /** Bearer token of the Prometheus endpoint GET /metrics. Unset: /metrics answers 404. */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** How often the status checker measures the six services, in ms (one check per interval across replicas). */
  STATUS_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
});

export type Config = z.infer<typeof ConfigSchema> & { SESSION_SECRET: string };

/** Raised when the environment does not describe a runnable server; `message` lists every problem. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment, or throws a ConfigError naming every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  // Checked on the raw values so it is reported together with any other problem.
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  }
  // Without PUBLIC_URL the OAuth redirect_uri would come from the request's Host header.
  if (env.NODE_ENV === 'production' && env.GOOGLE_CLIENT_ID && !env.PUBLIC_URL) {
    problems.push('PUBLIC_URL: required in production when Google sign-in is configured (GOOGLE_CLIENT_ID)');
  }
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push('ADMIN_PASSWORD: ADMIN_USERNAME and ADMIN_PASSWORD go together');
  } else if (env.ADMIN_PASSWORD) {
    const password = PasswordSchema.safeParse(env.ADMIN_PASSWORD);
    const sameAsName = password.success && password.data.toLowerCase() === env.ADMIN_USERNAME?.normalize('NFKC').trim().toLowerCase();
    // Never echo the value: only the rule.
    if (!password.success || sameAsName) problems.push(`ADMIN_PASSWORD: ${PASSWORD_RULE}`);
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
  const config = parsed.data;
  return { ...config, DATA_DIR: path.resolve(config.DATA_DIR), SESSION_SECRET: config.SESSION_SECRET ?? persistedSecret(config.DATA_DIR) };
}

/** A random secret generated on first start and kept under DATA_DIR, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(path.resolve(dataDir), 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
