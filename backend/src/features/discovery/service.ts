import {
  DISCOVERY_TEXTS,
  POPULAR_SOCIAL_DAYS,
  TRENDING_RECOMPUTE_MS,
  type AwardWinners,
  type DatedMovieList,
  type DiscoveryFriend,
  type MoodSelector,
  type PopularPeople,
  type PopularSocial,
  type Recommendations,
  type Surprise,
  type TopRated,
  type TrendingMovies,
  type TrendingWindow,
} from '@cinema-dna/shared-types';
import { desc, eq } from 'drizzle-orm';
import type { GraphService } from '../../graph/index.js';
import type { Graph } from '../../graph/snapshot.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import { createCards } from './cards.js';
import { DAY_MS, WEIGHTED_RATING_FORMULA } from './formulas.js';
import { createListsJob } from './job.js';
import type { ComputedLists, ListName } from './lists.js';
import { MOODS } from './moods.js';
import type { DiscoveryCommunity, RecommendPort } from './ports.js';
import { COLD_START_VIEWS, recommendFor } from './recommendations.js';
import { discoveryLists, discoveryUserViews } from './schema.js';

export interface DiscoveryServiceDeps {
  db: Db;
  graph: GraphService;
  /** The server's clock (tests move it): the lists' hour, the friends' 30 days, the data's "today". */
  clock: () => number;
  community: DiscoveryCommunity;
  /** The engine's random walks (GraphService.recommend); null: recommendations are cold-start picks only. */
  recommend: RecommendPort | null;
  logger: Logger;
  /** How often the lists' timer checks whether a recompute is due (tests shorten it). */
  checkIntervalMs?: number;
  /** Surprise Me's draw (default Math.random). */
  random?: () => number;
}

const NO_MOVIES = () => new AppError(404, 'NOT_FOUND', `${DISCOVERY_TEXTS.noMoviesTitle}: ${DISCOVERY_TEXTS.noMoviesDescription}.`);
const formatCount = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * Discovery (spec §2 Discovery page, §7): the lists the hourly job computes (job.ts, lists.ts), served
 * as cards; Surprise Me, moods, Popular with Friends and recommendations per request. Reads other
 * features' rows only through the community port; never touches the engine's search path.
 */
export function createDiscoveryService(deps: DiscoveryServiceDeps) {
  const { db, clock, community, logger } = deps;
  const random = deps.random ?? Math.random;
  const cards = createCards(db);
  const job = createListsJob({ db, graph: deps.graph, clock, ratings: () => community.ratings(), moods: MOODS, logger, checkIntervalMs: deps.checkIntervalMs });

  /** A stored list, waiting for this process's first computation when none is stored yet. */
  async function list<N extends ListName>(name: N): Promise<{ items: ComputedLists[N]; computedAt: Date } | null> {
    const read = async () => (await db.select().from(discoveryLists).where(eq(discoveryLists.name, name)))[0];
    let row = await read();
    if (!row) {
      await job.settled();
      row = await read();
    }
    return row ? { items: row.items as ComputedLists[N], computedAt: row.computedAt } : null;
  }

  const loadedGraph = (): Graph => {
    try {
      return deps.graph.graph;
    } catch {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The movie graph is still loading. Try again in a moment.');
    }
  };

  return {
    job,

    /** Trending films of the window (score: formulas.ts), with when the list was computed and is next. */
    async trending(timeWindow: TrendingWindow, limit: number): Promise<TrendingMovies> {
      const stored = await list(`trending:${timeWindow}`);
      const movies = await cards.movies(loadedGraph(), (stored?.items.movies ?? []).slice(0, limit).map((entry) => entry.key));
      return {
        movies,
        timeWindow,
        updatedAt: stored?.computedAt.toISOString() ?? null,
        nextUpdateAt: stored ? new Date(stored.computedAt.getTime() + TRENDING_RECOMPUTE_MS).toISOString() : null,
      };
    },

    /** Highest Rated by weighted rating, with the formula's m and C. */
    async topRated(limit: number): Promise<TopRated> {
      const stored = await list('top-rated');
      const entries = (stored?.items.movies ?? []).slice(0, limit);
      const ratings = new Map(entries.map((entry) => [entry.key, entry.score]));
      return {
        movies: await cards.movies(loadedGraph(), entries.map((entry) => entry.key), (key) => ({ weightedRating: ratings.get(key)! })),
        meanRating: stored?.items.meanRating ?? null,
        minimumVotes: stored?.items.minimumVotes ?? null,
        formula: WEIGHTED_RATING_FORMULA,
      };
    },

    /** Recent Releases or Coming Soon, relative to the data's reference date. */
    async dated(which: 'recent' | 'upcoming', limit: number): Promise<DatedMovieList> {
      const stored = await list(which);
      return {
        movies: await cards.movies(loadedGraph(), (stored?.items.movies ?? []).slice(0, limit).map((entry) => entry.key)),
        referenceDate: stored?.items.referenceDate ?? null,
      };
    },

    /** Films with `won` links to awards, most wins first. */
    async awardWinners(limit: number): Promise<AwardWinners> {
      const stored = await list('award-winners');
      const graph = loadedGraph();
      const entries = (stored?.items.movies ?? []).slice(0, limit);
      const awards = new Map(entries.map((entry) => [entry.key, entry.awards]));
      return {
        movies: await cards.movies(graph, entries.map((entry) => entry.key), (key) => ({
          awards: awards
            .get(key)!
            .filter((award) => graph.resolve(award.key) >= 0)
            .map((award) => ({ key: award.key, name: graph.name(graph.resolve(award.key)), label: award.label })),
        })),
      };
    },

    /** Popular People: the source's popularity blended with the product's activity (as trending). */
    async popularPeople(limit: number): Promise<PopularPeople> {
      const stored = await list('people');
      return { people: await cards.people(loadedGraph(), (stored?.items.people ?? []).slice(0, limit)) };
    },

    /** Every mood's films (ranked by weighted rating) and what each mood mixes. */
    async moods(limit: number): Promise<MoodSelector> {
      const stored = await list('moods');
      const byMood = MOODS.map((mood) => [mood.name, (stored?.items.moods[mood.name] ?? []).slice(0, limit).map((entry) => entry.key)] as const);
      const all = await cards.movies(loadedGraph(), [...new Set(byMood.flatMap(([, keys]) => keys))]);
      const byKey = new Map(all.map((card) => [card.key, card]));
      return {
        moods: Object.fromEntries(byMood.map(([name, keys]) => [name, keys.flatMap((key) => byKey.get(key) ?? [])])),
        about: Object.fromEntries(MOODS.map((mood) => [mood.name, mood])),
      };
    },

    /**
     * One good film at random: from the top quartile by weighted rating (the most popular films when
     * nothing is rated), never one the signed-in user logged or marked watched; else a trending film.
     */
    async surprise(userId: number | null): Promise<Surprise> {
      const [stored, history] = await Promise.all([list('surprise'), userId === null ? null : community.history(userId)]);
      const seen = new Set<string>([...(history?.diary ?? []).map((entry) => `movie:${entry.movieId}`), ...(history?.watchlist ?? []).filter((item) => item.watched).map((item) => `movie:${item.movieId}`)]);
      const graph = loadedGraph();
      const pool = (stored?.items.movies ?? []).filter((entry) => !seen.has(entry.key) && graph.resolve(entry.key) >= 0);
      if (pool.length > 0) {
        const picked = pool[Math.floor(random() * pool.length)]!;
        const [movie] = await cards.movies(graph, [picked.key]);
        if (movie) {
          const genre = movie.genres[0]?.name;
          const rated = stored?.items.threshold !== null && movie.voteAverage !== null && movie.voteCount;
          const reason = rated
            ? `${genre ? `A ${genre} film` : 'A film'} rated ${movie.voteAverage!.toFixed(1)}/10 by ${formatCount(movie.voteCount!)} voters: in the top quarter of the catalog by weighted rating.`
            : `${genre ? `A ${genre} film` : 'A film'} among the most popular in the catalog.`;
          return { movie, reason };
        }
      }
      const trending = (await list('trending:week'))?.items.movies.filter((entry) => !seen.has(entry.key)) ?? [];
      const fallback = trending.length > 0 ? trending[Math.floor(random() * trending.length)]! : null;
      const [movie] = fallback ? await cards.movies(graph, [fallback.key]) : [];
      if (!movie) throw NO_MOVIES();
      return { movie, reason: DISCOVERY_TEXTS.surpriseFallback };
    },

    /** What the people the user follows logged (publicly) or listed in the last POPULAR_SOCIAL_DAYS days, most first. */
    async popularSocial(userId: number, limit: number): Promise<PopularSocial> {
      const since = new Date(clock() - POPULAR_SOCIAL_DAYS * DAY_MS);
      const rows = await community.friendsActivity(userId, since);
      const films = new Map<string, { logs: number; watchlists: number; friends: Map<number, DiscoveryFriend>; lastAt: number }>();
      const everyone = new Map<number, { friend: DiscoveryFriend; actions: number }>();
      for (const row of rows) {
        const key = `movie:${row.movieId}`;
        const film = films.get(key) ?? { logs: 0, watchlists: 0, friends: new Map(), lastAt: 0 };
        film.logs += row.logs;
        film.watchlists += row.watchlists;
        film.friends.set(row.friend.id, row.friend);
        film.lastAt = Math.max(film.lastAt, row.lastAt.getTime());
        films.set(key, film);
        const known = everyone.get(row.friend.id) ?? { friend: row.friend, actions: 0 };
        known.actions += row.logs + row.watchlists;
        everyone.set(row.friend.id, known);
      }
      // Most logs and adds first, then the most friends, then the latest.
      const ranked = [...films].sort(([, a], [, b]) => b.logs + b.watchlists - (a.logs + a.watchlists) || b.friends.size - a.friends.size || b.lastAt - a.lastAt);
      const graph = loadedGraph();
      const present = ranked.filter(([key]) => graph.resolve(key) >= 0).slice(0, limit);
      const byKey = new Map(present);
      return {
        movies: await cards.movies(graph, present.map(([key]) => key), (key) => {
          const film = byKey.get(key)!;
          return { friends: [...film.friends.values()], logs: film.logs, watchlists: film.watchlists };
        }),
        friendsWatching: [...everyone.values()].sort((a, b) => b.actions - a.actions || a.friend.username.localeCompare(b.friend.username)).map((entry) => entry.friend),
      };
    },

    /** Recommended For You (recommendations.ts). */
    async recommendations(userId: number): Promise<Recommendations> {
      const [history, viewed, genrePopular, trending] = await Promise.all([
        community.history(userId),
        db
          .select({ key: discoveryUserViews.entityKey })
          .from(discoveryUserViews)
          .where(eq(discoveryUserViews.userId, userId))
          .orderBy(desc(discoveryUserViews.viewedAt))
          .limit(COLD_START_VIEWS),
        list('genre-popular'),
        list('trending:week'),
      ]);
      const walks = deps.recommend;
      return recommendFor({
        graph: loadedGraph(),
        cards,
        // A failing walk (a worker lost, the graph reloading) leaves the cold-start picks, never a 5xx.
        recommend: walks
          ? (seeds, options) =>
              walks(seeds, options).catch((error: unknown) => {
                logger.warn({ err: error instanceof Error ? error.message : String(error), userId }, 'recommendations: walks failed, cold-start picks served');
                return [];
              })
          : null,
        history,
        viewed: viewed.map((row) => row.key),
        genrePopular: genrePopular?.items.genres ?? {},
        trending: trending?.items.movies.map((entry) => entry.key) ?? [],
        // The same walks all day for one user: the list does not reshuffle on every visit.
        rngSeed: (userId * 2_654_435_761 + Math.floor(clock() / DAY_MS)) >>> 0,
      });
    },

    /** Starts the lists' hourly job (computes at once when nothing fresh is stored). */
    start(): void {
      job.start();
    },

    /** Stops the job's timer and waits for a recompute in progress. */
    close(): Promise<void> {
      return job.close();
    },
  };
}
export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
