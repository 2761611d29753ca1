import type { Logger } from '../../platform/logging.js';
import type { DetailsEnricher } from '../../catalog/model.js';
import type { EntityDetails } from '../model.js';
import { TmdbClient } from './client.js';
import { movieDetails, personDetails } from './movie-graph.js';
import { TmdbMovieDetailsSchema, TmdbPersonDetailsSchema } from './schemas.js';

/** The part of the app's KeyValueStore the enricher needs. */
export interface EnrichmentCache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
}

export interface TmdbEnricherOptions {
  /** TMDB_API_KEY; unset or empty turns enrichment off (every call answers null, no request). */
  apiKey?: string;
  baseUrl?: string;
  cache: EnrichmentCache;
  logger?: Pick<Logger, 'warn'>;
  /** A page render waits for this at most per attempt. Default 4 s. */
  timeoutMs?: number;
}

/** The catalog's enrichment port, answered from TMDB. */
export type TmdbEnricher = DetailsEnricher;

export const ENRICHMENT_TTL_MS = 86_400_000;

/**
 * Lazy enrichment of a detail page from TMDB, cached for a day (TMDB's terms allow caching, and a day
 * keeps images and bios fresh enough). It never throws into a page render: failures are logged and
 * answered with null. "Not found" is cached too, so a missing id does not cost a request per view;
 * failures are not, so the next view tries again.
 */
export function createTmdbEnricher(options: TmdbEnricherOptions): TmdbEnricher {
  const { cache, logger } = options;
  const client = options.apiKey
    ? // One retry at most: a page is waiting, and the next view tries again anyway.
      new TmdbClient({ apiKey: options.apiKey, baseUrl: options.baseUrl, maxRetries: 1, timeoutMs: options.timeoutMs ?? 4000, maxRetryAfterMs: 2000 })
    : null;
  const inFlight = new Map<string, Promise<EntityDetails | null>>();

  const enrich = (kind: 'movie' | 'person', tmdbId: number | string): Promise<EntityDetails | null> => {
    if (!client || !/^\d+$/.test(String(tmdbId))) return Promise.resolve(null);
    const key = `tmdb:${kind}:${tmdbId}`;
    // Two renders of the same page at once share one request.
    const pending = inFlight.get(key);
    if (pending) return pending;
    const lookup = (async () => {
      try {
        const cached = await readCache(key);
        if (cached !== undefined) return cached;
        const details =
          kind === 'movie'
            ? await client.get(`/movie/${tmdbId}`, TmdbMovieDetailsSchema).then((movie) => (movie ? movieDetails(movie) : null))
            : await client.get(`/person/${tmdbId}`, TmdbPersonDetailsSchema).then((person) => (person ? personDetails(person) : null));
        await cache.set(key, JSON.stringify(details), ENRICHMENT_TTL_MS).catch((error: unknown) => logger?.warn({ err: error, key }, 'TMDB enrichment not cached'));
        return details;
      } catch (error) {
        logger?.warn({ err: error, key }, 'TMDB enrichment failed');
        return null;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, lookup);
    return lookup;
  };

  /** undefined: not cached (or the cache is down); null: cached "not found". */
  const readCache = async (key: string): Promise<EntityDetails | null | undefined> => {
    try {
      const value = await cache.get(key);
      return value === null ? undefined : (JSON.parse(value) as EntityDetails | null);
    } catch (error) {
      logger?.warn({ err: error, key }, 'TMDB enrichment cache unreadable');
      return undefined;
    }
  };

  return { enrichMovie: (id) => enrich('movie', id), enrichPerson: (id) => enrich('person', id) };
}
