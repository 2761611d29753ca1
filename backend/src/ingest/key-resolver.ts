import { entityKey, type EntityKey } from '@cinema-dna/shared-types';
import { listSources, readSourceEntities } from './source-files.js';

export interface ExternalIds {
  imdbId?: string;
  tmdbMovieId?: string;
  tmdbPersonId?: string;
}

/** Sources whose movie/person ids are TMDB ids. */
const TMDB_ID_SOURCES = new Set(['tmdb', 'tmdb5000']);

/**
 * Finds the entity already imported under an external id: an IMDb id (the IMDb source's own keys, or
 * the imdb_id detail other sources carry) or a TMDB id (the TMDB sources' keys, or tmdb_id details).
 * Built by streaming the imported sources once; `except` leaves out the source being re-imported.
 */
export async function createKeyResolver(dataDir: string, except: string[] = []): Promise<(ids: ExternalIds) => EntityKey | null> {
  const byImdb = new Map<string, EntityKey>();
  const byTmdb = new Map<string, EntityKey>();
  for (const source of listSources(dataDir)) {
    if (except.includes(source)) continue;
    for await (const entity of readSourceEntities(dataDir, source)) {
      if (entity.type !== 'movie' && entity.type !== 'person') continue;
      const key = entityKey(entity);
      if (/^(tt|nm)\d+$/.test(entity.id)) byImdb.set(entity.id, key);
      if (entity.details?.imdb_id) byImdb.set(entity.details.imdb_id, key);
      const tmdbId = TMDB_ID_SOURCES.has(source) ? entity.id : entity.details?.tmdb_id?.toString();
      if (tmdbId) byTmdb.set(entityKey(entity.type, tmdbId), key);
    }
  }
  return ({ imdbId, tmdbMovieId, tmdbPersonId }) =>
    (imdbId ? byImdb.get(imdbId) : undefined) ??
    (tmdbMovieId ? byTmdb.get(entityKey('movie', tmdbMovieId)) : undefined) ??
    (tmdbPersonId ? byTmdb.get(entityKey('person', tmdbPersonId)) : undefined) ??
    null;
}
