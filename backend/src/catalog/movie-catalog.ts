import { entityKey, type EntityKey } from '@cinema-dna/shared-types';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { GraphService } from '../graph/index.js';
import { betterCredit, creditAt, type Credit } from '../graph/prominence.js';
import type { Graph } from '../graph/snapshot.js';
import { TIER_CODE } from '../graph/tiers.js';
import type { Db } from '../platform/db/database.js';
import { findEntityDetails, type StoredEntity } from './entity-store.js';
import { entities } from './schema.js';

/** A movie as community features see it (structurally the diary's CatalogMovie port type). */
export interface MovieFacts {
  movieId: string;
  title: string;
  year: number | null;
  posterPath: string | null;
  tmdbId: string | null;
  imdbId: string | null;
}

/** A person of a movie with their credit in it: how prominently to name them (graph/prominence.ts). */
export interface CreditedPerson {
  key: string;
  name: string;
  credit: Credit;
}
/** Sound, art, make-up, casting, effects…: credits a fan does not know people by. */
const OBSCURE_TIER = TIER_CODE.obscure;

const yearOf = (stored?: StoredEntity) => stored?.details.year ?? (stored?.details.release_date ? Number(stored.details.release_date.slice(0, 4)) || null : null);
const MOVIE_TYPE = 'movie';

/**
 * The movies of the catalog for community features (diary, import, profiles): names from the loaded
 * graph, years, posters and external ids from the details store. Built in services.ts and handed to
 * features as ports, so none of them imports the graph or the entities feature.
 */
export function createMovieCatalog(graph: GraphService, db: Db) {
  // Built once per loaded graph: a reload brings a new Graph object and a new list.
  const titleLists = new WeakMap<Graph, { movieId: string; title: string }[]>();
  const nodeOf = (movieId: string): number | null => {
    try {
      return graph.resolve(entityKey(MOVIE_TYPE, movieId));
    } catch {
      return null; // the graph is not loaded yet
    }
  };

  return {
    hasMovie: (movieId: string) => nodeOf(movieId) !== null,

    titleOf(movieId: string): string | null {
      const node = nodeOf(movieId);
      return node === null ? null : graph.entityAt(node).name;
    },

    async movies(movieIds: readonly string[]): Promise<Map<string, MovieFacts>> {
      const present = [...new Set(movieIds)].filter((id) => nodeOf(id) !== null);
      const stored = await findEntityDetails(db, present.map((id) => entityKey(MOVIE_TYPE, id)));
      const found = new Map<string, MovieFacts>();
      for (const movieId of present) {
        const details = stored.get(entityKey(MOVIE_TYPE, movieId) as EntityKey);
        const tmdb = details?.details.tmdb_id;
        found.set(movieId, {
          movieId,
          title: graph.entityAt(nodeOf(movieId)!).name,
          year: yearOf(details),
          posterPath: details?.details.poster_path ?? null,
          tmdbId: tmdb === undefined ? (/^\d+$/.test(movieId) ? movieId : null) : String(tmdb),
          imdbId: details?.details.imdb_id ?? (/^tt\d+$/.test(movieId) ? movieId : null),
        });
      }
      return found;
    },

    /**
     * The people a fan knows in each movie (cast and crew of the core and supporting tiers, each once
     * with their best credit in it; prominence.ts) and its genres, from the loaded graph.
     */
    links(movieIds: readonly string[]): Map<string, { people: CreditedPerson[]; genres: { key: string; name: string }[] }> {
      const found = new Map<string, { people: CreditedPerson[]; genres: { key: string; name: string }[] }>();
      for (const movieId of new Set(movieIds)) {
        const node = nodeOf(movieId);
        if (node === null) continue;
        const loaded = graph.graph;
        const people = new Map<number, CreditedPerson>();
        const genres = new Map<number, { key: string; name: string }>();
        for (let position = loaded.offsets[node]!; position < loaded.offsets[node + 1]!; position++) {
          const neighbour = loaded.neighbours[position]!;
          const type = loaded.type(neighbour);
          if (type === 'genre' && !genres.has(neighbour)) genres.set(neighbour, { key: loaded.key(neighbour), name: loaded.name(neighbour) });
          if (type !== 'person') continue;
          const credit = creditAt(loaded, node, position);
          if (credit.tier === OBSCURE_TIER) continue;
          const known = people.get(neighbour);
          if (!known) people.set(neighbour, { key: loaded.key(neighbour), name: loaded.name(neighbour), credit });
          else known.credit = betterCredit(known.credit, credit);
        }
        found.set(movieId, { people: [...people.values()], genres: [...genres.values()] });
      }
      return found;
    },

    titles(): readonly { movieId: string; title: string }[] {
      let loaded: Graph;
      try {
        loaded = graph.graph;
      } catch {
        return [];
      }
      let list = titleLists.get(loaded);
      if (!list) {
        list = [];
        for (let node = 0; node < loaded.nodeCount; node++) {
          if (loaded.type(node) === MOVIE_TYPE) list.push({ movieId: loaded.sourceId(node), title: loaded.name(node) });
        }
        titleLists.set(loaded, list);
      }
      return list;
    },

    /**
     * Movie ids by TMDB and IMDb id: the catalog's own keys when its source keys movies by them (the
     * TMDB sources by TMDB id, IMDb by tt-id), else the tmdb_id / imdb_id details other sources carry.
     */
    async byExternalIds(ids: { tmdb: readonly string[]; imdb: readonly string[] }) {
      const tmdb = new Map<string, string>();
      const imdb = new Map<string, string>();
      for (const id of ids.tmdb) if (nodeOf(id) !== null) tmdb.set(id, id);
      for (const id of ids.imdb) if (nodeOf(id) !== null) imdb.set(id, id);
      const tmdbLeft = [...new Set(ids.tmdb.filter((id) => !tmdb.has(id)))];
      const imdbLeft = [...new Set(ids.imdb.filter((id) => !imdb.has(id)))];
      const tmdbWanted = new Set(tmdbLeft);
      const imdbWanted = new Set(imdbLeft);
      if (tmdbLeft.length > 0 || imdbLeft.length > 0) {
        const tmdbColumn = sql<string | null>`${entities.details}->>'tmdb_id'`;
        const imdbColumn = sql<string | null>`${entities.details}->>'imdb_id'`;
        const rows = await db
          .select({ key: entities.key, tmdb: tmdbColumn, imdb: imdbColumn })
          .from(entities)
          .where(
            and(
              eq(entities.type, MOVIE_TYPE),
              or(tmdbLeft.length > 0 ? inArray(tmdbColumn, tmdbLeft) : undefined, imdbLeft.length > 0 ? inArray(imdbColumn, imdbLeft) : undefined),
            ),
          );
        for (const row of rows) {
          const movieId = row.key.slice(`${MOVIE_TYPE}:`.length);
          if (nodeOf(movieId) === null) continue;
          if (row.tmdb && tmdbWanted.has(row.tmdb) && !tmdb.has(row.tmdb)) tmdb.set(row.tmdb, movieId);
          if (row.imdb && imdbWanted.has(row.imdb) && !imdb.has(row.imdb)) imdb.set(row.imdb, movieId);
        }
      }
      return { tmdb, imdb };
    },
  };
}
export type MovieCatalog = ReturnType<typeof createMovieCatalog>;
