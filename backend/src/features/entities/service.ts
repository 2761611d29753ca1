import { entityKey, type EntityDetail, type EntityFilms, type EntityKey, type EntitySummary, type EntityType, type FacetedSearchResponse, type GraphStats, type NamedList, type PathStep } from '@cinema-dna/shared-types';
import type { FacetedSearchQuerySchema } from '@cinema-dna/shared-types';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { catalogLink, type GraphService, type PathStepClaim } from '../../graph/index.js';
import { allEntityDetails, findEntityDetails, type StoredEntity } from '../../catalog/entity-store.js';
import type { DetailsEnricher } from '../../catalog/model.js';
import type { Counters } from '../../platform/cache/types.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { EventPublisher } from '../../platform/events/index.js';
import { byBilling, neighboursOf } from './neighbours.js';

const NO_DETAILS = Symbol('no details');

/** Spec §9 limits of the entity page. */
export const KNOWN_FOR_LIMIT = 8;
export const CAST_LIMIT = 12;
export const CREW_LIMIT = 8;
const CREW_JOBS: Record<string, string> = { directed: 'Director', produced: 'Producer', wrote: 'Writer', composed: 'Composer' };
const TIER_ORDER = { core: 0, supporting: 1, obscure: 2 } as const;
/** How many typeahead candidates the faceted search filters from. */
const FACETED_CANDIDATES = 100;

type FacetedQuery = z.output<typeof FacetedSearchQuerySchema>;

const yearOf = (stored?: StoredEntity) => stored?.details.year ?? (stored?.details.release_date ? Number(stored.details.release_date.slice(0, 4)) || null : null);

/** Entities as the API shows them: the graph's names and types, the database's detail fields. */
/** Entity details kept in memory: they only change with a new import, which needs a restart to serve. */
export const DETAILS_CACHE_ENTRIES = 200_000;

/** A view of an entity page counts once per client and entity in this window (a reload loop is one view). */
export const VIEW_WINDOW_MS = 60 * 60_000;

/** Who is looking at an entity page: the signed-in user, else the client's address. */
export interface EntityViewer {
  userId: number | null;
  address: string;
}

/** Where entity page views go: `entity.viewed`, deduplicated per client and entity by a shared counter. */
export interface EntityViewSink {
  events: EventPublisher;
  counters: Counters;
}

export function createEntityService(deps: { graph: GraphService; db: Db; enricher?: DetailsEnricher | null; views?: EntityViewSink }) {
  const { graph, db, enricher, views } = deps;
  // null marks "no details row", so absent entities do not send a query each time either.
  const detailsCache = new LRUCache<EntityKey, StoredEntity | typeof NO_DETAILS>({ max: DETAILS_CACHE_ENTRIES });

  /** Details by key: from memory, and one database query for the keys not seen yet. */
  async function findDetails(keys: EntityKey[]): Promise<Map<EntityKey, StoredEntity>> {
    const found = new Map<EntityKey, StoredEntity>();
    const missing: EntityKey[] = [];
    for (const key of keys) {
      const cached = detailsCache.get(key);
      if (cached === undefined) missing.push(key);
      else if (cached !== NO_DETAILS) found.set(key, cached);
    }
    if (missing.length > 0) {
      const loaded = await findEntityDetails(db, [...new Set(missing)]);
      for (const key of missing) {
        const stored = loaded.get(key);
        detailsCache.set(key, stored ?? NO_DETAILS);
        if (stored) found.set(key, stored);
      }
    }
    return found;
  }

  /**
   * Fills what the imported data lacks (poster, photo, biography) from TMDB, for entities with a
   * TMDB id, when a key is configured. Cached for a day by the enricher; never fails the page.
   */
  async function enriched(type: EntityType, stored: StoredEntity | undefined): Promise<StoredEntity | undefined> {
    const tmdbId = stored?.details.tmdb_id;
    if (!enricher || !stored || !tmdbId || (type !== 'movie' && type !== 'person')) return stored;
    const extra = type === 'movie' ? await enricher.enrichMovie(tmdbId) : await enricher.enrichPerson(tmdbId);
    if (!extra) return stored;
    const details = { ...stored.details };
    for (const [field, value] of Object.entries(extra)) {
      if (value !== undefined && value !== null && (details as Record<string, unknown>)[field] === undefined) (details as Record<string, unknown>)[field] = value;
    }
    return { ...stored, details };
  }

  function summary(index: number, stored?: StoredEntity): EntitySummary {
    const entity = graph.entityAt(index);
    const details = stored?.details ?? {};
    return {
      id: entity.id,
      key: entity.key,
      name: entity.name,
      type: entity.type,
      subtype: entity.subtype,
      popularity: Math.round(entity.popularity * 1000) / 1000,
      profile_path: details.profile_path ?? null,
      poster_path: details.poster_path ?? null,
      logo_path: details.logo_path ?? null,
      release_date: details.release_date ?? null,
      year: yearOf(stored),
      country: details.country ?? null,
      overview: details.overview ?? details.biography ?? null,
    };
  }

  async function summaries(indices: number[]): Promise<EntitySummary[]> {
    const stored = await findDetails(indices.map((index) => graph.entityAt(index).key as EntityKey));
    return indices.map((index) => summary(index, stored.get(graph.entityAt(index).key as EntityKey)));
  }

  /**
   * Publishes `entity.viewed` unless this client viewed the entity within VIEW_WINDOW_MS. The counter
   * is shared (Redis with several processes); while it cannot be reached the view is not counted,
   * never the page failed.
   */
  async function recordView(key: EntityKey, viewer: EntityViewer): Promise<void> {
    if (!views) return;
    const client = viewer.userId === null ? `ip:${viewer.address}` : `user:${viewer.userId}`;
    const seen = await views.counters.increment(`entity-view:${client}:${key}`, { ttlMs: VIEW_WINDOW_MS }).catch(() => null);
    if (seen?.value === 1) views.events.publish('entity.viewed', { actor: viewer.userId, entity: key }, viewer.userId === null ? 'anonymous' : `user:${viewer.userId}`);
  }

  /** The node of `type:id`, or a 404 naming the type as the entity page says it. */
  function require(type: EntityType, id: string): number {
    const index = graph.resolve(entityKey(type, id));
    if (index === null || index < 0) throw new AppError(404, 'NOT_FOUND', `The requested ${type} could not be found.`);
    return index;
  }

  /**
   * A checked path as the catalog names it (saved connections' port): each entity's summary and each
   * link's label from the graph, never the names or labels a client typed.
   */
  async function namePath(steps: readonly PathStepClaim[]): Promise<PathStep[]> {
    const loaded = graph.graph;
    const nodes = steps.map((step) => loaded.resolve(`${step.entity.type}:${step.entity.id}`));
    const named = await summaries(nodes);
    return steps.map((step, i) => ({
      entity: named[i]!,
      relationship: step.relationship && catalogLink(loaded, nodes[i]!, nodes[i + 1]!, step.relationship.type, step.relationship.direction === 'forward'),
    }));
  }

  /** A movie's summary, or null when the loaded graph does not hold it (profiles' port). */
  async function movieSummary(movieId: string): Promise<EntitySummary | null> {
    const index = graph.resolve(`movie:${movieId}`);
    return index === null ? null : ((await summaries([index]))[0] ?? null);
  }

  return {
    summaries,
    namePath,
    movieSummary,
    require,

    /**
     * Fills the details cache with every entity's details when it can hold them all (TMDB 5000:
     * 124,613 in ~2 s at boot, ~25 MB). Otherwise every search result and typeahead list naming
     * an entity not seen yet waits for a database round trip (with PGlite, the earlier embedded
     * store, a fifth of the main thread under load; on PostgreSQL still a round trip per page of
     * results, which the cache saves). A larger catalog is left to the
     * cache's own use (it would only keep an arbitrary part). Returns how many were cached.
     */
    async warmDetails(): Promise<number> {
      if (graph.status().entities > DETAILS_CACHE_ENTRIES) return 0;
      let cached = 0;
      for await (const page of allEntityDetails(db)) {
        for (const [key, stored] of page) detailsCache.set(key, stored);
        cached += page.size;
      }
      return cached;
    },

    async search(query: string, type: EntityType | undefined, limit: number): Promise<EntitySummary[]> {
      return summaries(graph.typeahead(query, { type, limit }).map((hit) => hit.index));
    },

    /** Typeahead candidates filtered by the detail fields and the graph's links, then sorted. */
    async faceted(query: FacetedQuery): Promise<FacetedSearchResponse> {
      const hits = graph.typeahead(query.query, { type: query.entityTypes, limit: FACETED_CANDIDATES });
      const stored = await findDetails(hits.map((hit) => hit.key as EntityKey));
      const genres = new Set(query.genres.map((genre) => genre.toLowerCase()));
      const countries = new Set(query.countries.map((country) => country.toLowerCase()));
      const rows = hits
        .map((hit) => ({ hit, stored: stored.get(hit.key as EntityKey) }))
        .filter(({ hit, stored: s }) => {
          if (hit.type !== 'movie') return genres.size === 0 && countries.size === 0 && query.languages.length === 0 && query.awards.length === 0;
          const year = yearOf(s);
          if (year !== null && (year < query.yearFrom || year > query.yearTo)) return false;
          const rating = s?.details.vote_average;
          if (rating !== undefined && (rating < query.ratingFrom || rating > query.ratingTo)) return false;
          if (query.languages.length > 0 && !query.languages.includes((s?.details.original_language ?? '') as never)) return false;
          if (genres.size > 0 || countries.size > 0 || query.awards.length > 0) {
            const links = neighboursOf(graph.graph, hit.index).map((link) => ({ ...link, name: graph.entityAt(link.index).name.toLowerCase() }));
            if (genres.size > 0 && !links.some((link) => link.relationship === 'has_genre' && genres.has(link.name))) return false;
            if (countries.size > 0 && !links.some((link) => (link.relationship === 'country' || link.relationship === 'filmed_in') && countries.has(link.name))) return false;
            if (query.awards.length > 0 && !query.awards.some((award) => links.some((link) => matchesAward(award, link.relationship, link.name)))) return false;
          }
          return true;
        });
      const direction = query.sortOrder === 'asc' ? 1 : -1;
      const sortValue = ({ hit, stored: s }: (typeof rows)[number]): number | string => {
        switch (query.sortBy) {
          case 'title':
            return hit.name.toLowerCase();
          case 'release_date':
            return s?.details.release_date ?? String(yearOf(s) ?? '');
          case 'vote_average':
            return s?.details.vote_average ?? -1;
          case 'vote_count':
            return s?.details.vote_count ?? -1;
          default:
            return hit.popularity;
        }
      };
      rows.sort((a, b) => {
        const x = sortValue(a);
        const y = sortValue(b);
        return (x < y ? -1 : x > y ? 1 : 0) * direction;
      });
      const page = rows.slice(0, query.limit);
      return {
        results: page.map(({ hit, stored: s }) => ({ ...summary(hit.index, s), vote_average: s?.details.vote_average ?? null })),
        total: rows.length,
      };
    },

    /** An entity page's data; with a viewer, the view is counted (see recordView). */
    async detail(type: EntityType, id: string, viewer?: EntityViewer): Promise<EntityDetail> {
      const index = require(type, id);
      if (viewer) await recordView(graph.entityAt(index).key as EntityKey, viewer);
      const links = neighboursOf(graph.graph, index);
      const related = [...new Set(links.map((link) => link.index))];
      const stored = await findDetails([graph.entityAt(index).key, ...related.map((i) => graph.entityAt(i).key)] as EntityKey[]);
      const own = await enriched(type, stored.get(graph.entityAt(index).key as EntityKey));
      const details = own?.details ?? {};
      const storedOf = (i: number) => stored.get(graph.entityAt(i).key as EntityKey);
      const byPopularity = (a: { index: number }, b: { index: number }) => graph.entityAt(b.index).popularity - graph.entityAt(a.index).popularity;
      const idOf = (i: number) => graph.entityAt(i).id;

      // Known for: the films of their credits that a fan knows them by (core, then supporting, then
      // obscure jobs — prominence.ts), the more famous film first within each.
      const credits = links.filter((link) => graph.entityAt(link.index).type === 'movie' && link.forward && type === 'person').sort((a, b) => TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || byPopularity(a, b));
      const knownFor = new Map<number, { character: string | null; job: string | null }>();
      for (const credit of credits) {
        const previous = knownFor.get(credit.index);
        if (!previous) knownFor.set(credit.index, { character: credit.relationship === 'acted_in' ? credit.label : null, job: credit.relationship === 'acted_in' ? null : (CREW_JOBS[credit.relationship] ?? credit.label) });
        if (knownFor.size >= KNOWN_FOR_LIMIT) break;
      }
      const people = type === 'movie' ? links.filter((link) => graph.entityAt(link.index).type === 'person' && !link.forward) : [];
      const cast = people
        .filter((link) => link.relationship === 'acted_in')
        .sort(byBilling((i) => graph.entityAt(i).popularity))
        .slice(0, CAST_LIMIT);
      // Directors, writers and composers (core) before producers, then the more popular.
      const crew = people
        .filter((link) => CREW_JOBS[link.relationship])
        .sort((a, b) => TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || byPopularity(a, b))
        .slice(0, CREW_LIMIT);

      return {
        ...summary(index, own),
        known_for_department: details.known_for_department ?? null,
        birthday: details.birthday ?? null,
        place_of_birth: details.place_of_birth ?? null,
        biography: details.biography ?? null,
        filmography: [...knownFor].map(([movie, role]) => ({
          id: idOf(movie),
          key: graph.entityAt(movie).key,
          title: graph.entityAt(movie).name,
          poster_path: storedOf(movie)?.details.poster_path ?? null,
          year: yearOf(storedOf(movie)),
          ...role,
        })),
        runtime: details.runtime ?? null,
        vote_average: details.vote_average ?? null,
        vote_count: details.vote_count ?? null,
        genres: links
          .filter((link) => link.relationship === 'has_genre')
          .map((link) => ({ id: idOf(link.index), name: graph.entityAt(link.index).name })),
        cast: cast.map((link) => ({
          id: idOf(link.index),
          key: graph.entityAt(link.index).key,
          name: graph.entityAt(link.index).name,
          character: link.label,
          profile_path: storedOf(link.index)?.details.profile_path ?? null,
        })),
        crew: crew.map((link) => ({ id: idOf(link.index), key: graph.entityAt(link.index).key, name: graph.entityAt(link.index).name, job: CREW_JOBS[link.relationship]! })),
        connectionCount: related.length,
      };
    },

    /**
     * The films linked to an entity (a genre's, keyword's, company's, collection's, award's, location's,
     * or a person's whole filmography), most popular first: one page of `pageSize`.
     */
    async films(type: EntityType, id: string, page: number, pageSize: number): Promise<EntityFilms> {
      const index = require(type, id);
      const movies = [...new Set(neighboursOf(graph.graph, index).map((link) => link.index))]
        .filter((i) => graph.entityAt(i).type === 'movie')
        .sort((a, b) => graph.entityAt(b).popularity - graph.entityAt(a).popularity || graph.entityAt(a).name.localeCompare(graph.entityAt(b).name));
      const shown = movies.slice((page - 1) * pageSize, page * pageSize);
      const stored = await findDetails(shown.map((i) => graph.entityAt(i).key as EntityKey));
      return {
        films: shown.map((i) => {
          const entity = graph.entityAt(i);
          const details = stored.get(entity.key as EntityKey);
          return { id: entity.id, key: entity.key, title: entity.name, poster_path: details?.details.poster_path ?? null, year: yearOf(details), vote_average: details?.details.vote_average ?? null };
        }),
        total: movies.length,
        page,
        pageSize,
      };
    },

    stats(): GraphStats {
      return graph.heroNumbers();
    },

    /** Genres or countries with how many films link to them, most linked first. */
    namedList(type: 'genre' | 'location'): NamedList {
      const g = graph.graph;
      const items: NamedList['items'] = [];
      for (let index = 0; index < g.nodeCount; index++) {
        if (g.type(index) !== type) continue;
        const entity = g.entity(index);
        items.push({ id: entity.id, name: entity.name, count: g.degree(index) });
      }
      return { items: items.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)) };
    },
  };
}
export type EntityService = ReturnType<typeof createEntityService>;

/** "oscar-winner" → an Academy Award link with won; "cannes-winner" → the Palme d'Or... */
function matchesAward(filter: string, relationship: string, awardName: string): boolean {
  const [body, result] = filter.split('-winner').length > 1 ? [filter.replace('-winner', ''), 'won'] : [filter.replace('-nominee', ''), 'nominated_for'];
  if (result === 'won' ? relationship !== 'won' : relationship !== 'nominated_for' && relationship !== 'won') return false;
  const names: Record<string, RegExp> = {
    oscar: /^academy award/,
    'golden-globe': /^golden globe/,
    bafta: /^bafta/,
    cannes: /palme d'or|^cannes/,
    venice: /golden lion|^venice/,
    berlin: /golden bear|^berlin/,
  };
  return names[body!]?.test(awardName) ?? false;
}
