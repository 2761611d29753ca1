import { entityKey, type EntityKey } from '@cinema-dna/shared-types';
import type { ImportContext, Importer } from '../importer.js';
import { type EntityDetails, type IngestEntity } from '../model.js';
import { TMDB_DEFAULT_BASE_URL, TmdbClient } from './client.js';
import { CrawlState, MOVIE_LISTS, type MovieList } from './crawl-state.js';
import { movieToGraph, personDetails, pickSubtype, roundPopularity, type RoleCounts } from './movie-graph.js';
import { TmdbMovieDetailsSchema, TmdbMovieListPageSchema, TmdbPersonDetailsSchema, type TmdbCastCredit, type TmdbCrewCredit } from './schemas.js';

export interface TmdbImportOptions {
  /** TMDB_API_KEY: a v3 key or a v4 read access token. */
  apiKey: string;
  baseUrl?: string;
  /** Pages of each list (popular, top rated) to crawl, 20 movies a page; TMDB serves at most 500. Default 10. */
  pages?: number;
  /** Checkpoint file; the fetched bodies are cached beside it (`<name>.movies.ndjson.gz`, `<name>.people.ndjson.gz`). */
  stateFile: string;
  /** Default 40 (TMDB's limit). */
  requestsPerSecond?: number;
  /** Requests in flight; latency, not the rate limit, caps a single request stream. Default 8. */
  concurrency?: number;
}

/** TMDB refuses `page` above 500 on list endpoints. */
const TMDB_MAX_PAGE = 500;

/**
 * `data:tmdb`: crawls the popular and top-rated movie lists, each movie's details with credits and
 * keywords, and each credited person's details; then writes them in the TMDB 5000 importer's id
 * scheme so the two merge. Resumable: every fetched body is cached beside `stateFile` and the
 * checkpoint says which are done, so an interrupted run continues and still writes a complete source.
 */
export const importTmdb: Importer<TmdbImportOptions> = async (options, context) => {
  const { progress, logger, signal } = context;
  if (!options.apiKey) throw new Error('The TMDB import needs an API key: set TMDB_API_KEY (a v3 key or a v4 read access token).');
  const baseUrl = options.baseUrl ?? TMDB_DEFAULT_BASE_URL;
  const pages = Math.min(TMDB_MAX_PAGE, Math.max(1, options.pages ?? 10));
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const client = new TmdbClient({
    apiKey: options.apiKey,
    baseUrl,
    requestsPerSecond: options.requestsPerSecond,
    onRetry: (info) => logger.warn(info, 'TMDB request retried'),
  });
  const state = CrawlState.open(options.stateFile, baseUrl);
  if (state.resumed) logger.info({ movies: state.moviesDone.size, people: state.peopleDone.size }, 'TMDB crawl resumed');

  try {
    // Lists: page 1 of each first (it tells how many pages there are), then the rest.
    progress.phase('TMDB: movie list pages', pages * MOVIE_LISTS.length);
    const pageDone = () => progress.update(MOVIE_LISTS.reduce((sum, list) => sum + state.list(list).pagesDone.length, 0));
    const fetchPage = async (list: MovieList, page: number) => {
      const body = await client.get(`/movie/${list}`, TmdbMovieListPageSchema, { page }, signal);
      state.pageDone(list, page, body?.total_pages ?? 0, body?.results.map((movie) => movie.id) ?? []);
      state.save();
      pageDone();
    };
    for (const list of MOVIE_LISTS) if (state.list(list).totalPages === null) await fetchPage(list, 1);
    const pageJobs = MOVIE_LISTS.flatMap((list) => {
      const { totalPages, pagesDone } = state.list(list);
      const last = Math.min(pages, totalPages ?? 0);
      return Array.from({ length: Math.max(0, last) }, (_, i) => i + 1)
        .filter((page) => !pagesDone.includes(page))
        .map((page) => ({ list, page }));
    });
    await forEachConcurrently(pageJobs, concurrency, signal, ({ list, page }) => fetchPage(list, page));
    state.save(true);

    progress.phase('TMDB: movies with credits and keywords', state.movieIds.length);
    progress.update(state.moviesDone.size);
    const movieJobs = state.movieIds.filter((id) => !state.moviesDone.has(id));
    await forEachConcurrently(movieJobs, concurrency, signal, async (id) => {
      const movie = await client.get(`/movie/${id}`, TmdbMovieDetailsSchema, { append_to_response: 'credits,keywords' }, signal);
      if (movie) await state.movies.append(movie);
      else logger.warn({ id }, 'TMDB movie listed but gone (404); skipped');
      state.movieDone(id);
      state.save();
      progress.update(state.moviesDone.size);
    });
    state.save(true);

    const personIds = new Set<number>();
    for await (const movie of state.movies.read()) {
      for (const person of [...(movie.credits?.cast ?? []), ...(movie.credits?.crew ?? [])]) personIds.add(person.id);
    }
    progress.phase('TMDB: people', personIds.size);
    progress.update(state.peopleDone.size);
    const personJobs = [...personIds].filter((id) => !state.peopleDone.has(id));
    await forEachConcurrently(personJobs, concurrency, signal, async (id) => {
      const person = await client.get(`/person/${id}`, TmdbPersonDetailsSchema, {}, signal);
      if (person) await state.people.append(person);
      state.personDone(id);
      state.save();
      progress.update(state.peopleDone.size);
    });
    state.save(true);

    const written = await writeSource(state, context);
    logger.info({ ...written, requests: client.requests }, 'TMDB crawl written');
    state.markComplete();
  } finally {
    state.save(true);
  }
};

/** Streams the cached bodies into the source: movies and their links, then people, then the vocabulary. */
async function writeSource(state: CrawlState, { writer, progress, signal }: ImportContext): Promise<{ movies: number; people: number }> {
  progress.phase('TMDB: writing the source', state.moviesDone.size);
  const related = new Map<EntityKey, IngestEntity>();
  const people = new Map<number, { credit: TmdbCastCredit | TmdbCrewCredit; counts: RoleCounts; popularity: number }>();
  const moviesWritten = new Set<number>();

  for await (const body of state.movies.read()) {
    signal?.throwIfAborted();
    // A body can be cached twice when a run stopped between caching it and checkpointing it.
    if (moviesWritten.has(body.id)) continue;
    moviesWritten.add(body.id);
    const graph = movieToGraph(body);
    const moviePopularity = graph.movie.popularity;
    await writer.addEntity(graph.movie);
    for (const entity of graph.related) {
      const key = entityKey(entity.type, entity.id);
      const known = related.get(key);
      if (known) known.popularity += moviePopularity;
      else related.set(key, { ...entity, popularity: moviePopularity });
    }
    for (const link of graph.links) await writer.addLink(link);
    for (const { person, roles, weight } of graph.credits) {
      const entry = people.get(person.id) ?? { credit: person, counts: {}, popularity: 0 };
      for (const role of roles) entry.counts[role] = (entry.counts[role] ?? 0) + 1;
      entry.popularity += moviePopularity * weight;
      people.set(person.id, entry);
    }
    progress.update(moviesWritten.size);
  }

  const personEntity = (id: number, name: string, details: EntityDetails): IngestEntity => {
    const { counts, popularity } = people.get(id)!;
    const subtype = pickSubtype(counts);
    return { type: 'person', id: String(id), name, popularity: roundPopularity(popularity), ...(subtype ? { subtype } : {}), details };
  };
  let peopleWritten = 0;
  for await (const person of state.people.read()) {
    if (!people.has(person.id)) continue;
    await writer.addEntity(personEntity(person.id, person.name, personDetails(person)));
    people.delete(person.id);
    peopleWritten += 1;
  }
  // People whose details TMDB no longer has (404): what their credits say is still true.
  for (const [id, { credit }] of people) {
    await writer.addEntity(personEntity(id, credit.name, personDetails(credit)));
    peopleWritten += 1;
  }
  for (const entity of related.values()) await writer.addEntity({ ...entity, popularity: roundPopularity(entity.popularity) });
  return { movies: moviesWritten.size, people: peopleWritten };
}

/**
 * Runs `work` over `items` with at most `concurrency` in flight. The first failure stops new work;
 * it is rethrown once the work in flight has settled, so no cache write is left half done.
 */
async function forEachConcurrently<T>(items: readonly T[], concurrency: number, signal: AbortSignal | undefined, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      if (signal?.aborted) {
        failure ??= { error: signal.reason };
        break;
      }
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
