/**
 * The Discovery lists on the real TMDB 5000 dataset (../shared/data/tmdb-5000; skipped when absent),
 * imported once per database through the real pipeline, served by the real app: ordering rules,
 * limits, fallbacks, the weighted rating, the hourly job driven by the injected clock, moods, Surprise
 * Me, Popular with Friends and recommendations.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DatedMovieListSchema,
  DiaryEntryCreateSchema,
  MoodSelectorSchema,
  PopularPeopleSchema,
  PopularSocialSchema,
  RecommendationsSchema,
  SurpriseSchema,
  TopRatedSchema,
  TrendingMoviesSchema,
  DISCOVERY_TEXTS,
  RELATIONSHIPS,
  type Relationship,
} from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RELATIONSHIP_CODE, RELATIONSHIP_MASK, TYPE_CODE } from '../../graph/model.js';
import { runImport } from '../../ingest/pipeline.js';
import { importTmdb5000 } from '../../ingest/tmdb5000/importer.js';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { createLogger } from '../../platform/logging.js';
import { createTestUser, signedInClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';
import { weightedRating } from './formulas.js';
import { createListsJob, readMovieFacts } from './job.js';
import { computeLists } from './lists.js';
import { MOODS } from './moods.js';
import { reasonFor } from './recommendations.js';

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
/** The shared dataset beside the checkout (../shared), or beside the folder of worktrees (../../shared). */
const SHARED = [path.resolve(REPO, '../shared/data/tmdb-5000'), path.resolve(REPO, '../../shared/data/tmdb-5000')].find((dir) => existsSync(dir)) ?? '';
const HOUR = 60 * 60_000;
const SCARFACE = '111';
const GOODFELLAS = '769';
const COLLATERAL = '1538';

describe.runIf(SHARED !== '').each(databaseTargets())('discovery on TMDB 5000 ($name)', { timeout: 60_000 }, (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  let shared: SharedState;
  let t: TestApp;
  const get = (url: string) => request(t.app).get(url);
  const graph = () => t.graph.graph;
  /** Genre and keyword names of a film, from its graph links. */
  const linksOf = (key: string) => {
    const g = graph();
    const node = g.resolve(key);
    const genres: string[] = [];
    const keywords: string[] = [];
    for (let position = g.offsets[node]!; position < g.offsets[node + 1]!; position++) {
      const other = g.neighbours[position]!;
      const code = g.relations[position]! & RELATIONSHIP_MASK;
      if (code === RELATIONSHIP_CODE.has_genre) genres.push(g.name(other).toLowerCase());
      if (code === RELATIONSHIP_CODE.has_keyword) keywords.push(g.name(other).toLowerCase());
    }
    return { genres, keywords };
  };
  const logFilm = (userId: number, movieId: string, extra: { rating?: number; isPrivate?: boolean } = {}) =>
    t.services.diary.create(userId, DiaryEntryCreateSchema.parse({ movieId, movieTitle: graph().name(graph().resolve(`movie:${movieId}`)), watchedDate: '2026-01-10', ...extra }));
  const newUser = async (prefix = 'discoverer') => (await createTestUser(t.users, { prefix })).user;
  const trendingKeys = async (limit = 50) => TrendingMoviesSchema.parse((await get(`/api/movies/trending?limit=${limit}`).expect(200)).body).movies.map((movie) => movie.key);

  beforeAll(async () => {
    database = await target.open();
    shared = createMemorySharedState();
    t = await openTestApp({
      database,
      shared,
      catalog: (context) => runImport('tmdb5000', importTmdb5000, { dir: SHARED }, { ...context, logger: createLogger('silent') }),
      // The job's timer checks often, so a test sees it recompute once the clock passes the hour.
      discoveryCheckIntervalMs: 100,
    });
    await t.services.discovery.job.settled();
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await shared?.close();
    await database?.dispose();
  });

  // How fast they answer is a benchmark's question, not this functional test's (no bench measures these lists yet).
  it('answers every public list from the hourly computation (requests only hydrate cards)', async () => {
    await get('/api/health').expect(200);
    for (const url of ['/api/movies/trending', '/api/movies/trending?limit=50', '/api/people/popular', '/api/movies/top-rated', '/api/movies/recent', '/api/movies/upcoming', '/api/movies/award-winners', '/api/movies/surprise', '/api/movies/mood-selector']) {
      await get(url).expect(200);
    }
  });

  it('serves trending: 12 by default, ordered by popularity before any activity, updated hourly, with limits checked', async () => {
    const body = TrendingMoviesSchema.parse((await get('/api/movies/trending').expect(200)).body);
    expect(body.movies).toHaveLength(12);
    expect(body.timeWindow).toBe('week');
    expect(Date.parse(body.nextUpdateAt!) - Date.parse(body.updatedAt!)).toBe(HOUR);
    const popularity = body.movies.map((movie) => movie.popularity);
    expect(popularity).toEqual(popularity.toSorted((a, b) => b - a));
    // TMDB's most popular film leads a list no one has used yet.
    expect(body.movies[0]!.title).toBe('Minions');
    expect(body.movies[0]).toMatchObject({ voteAverage: 6.4, voteCount: 4571, releaseDate: '2015-06-17', year: 2015, overview: expect.stringContaining('Minions') });
    expect(body.movies[0]!.genres.map((genre) => genre.name)).toEqual(expect.arrayContaining(['Family', 'Animation', 'Adventure', 'Comedy']));
    const day = TrendingMoviesSchema.parse((await get('/api/movies/trending?timeWindow=day&limit=5').expect(200)).body);
    expect(day.movies.map((movie) => movie.key)).toEqual(body.movies.slice(0, 5).map((movie) => movie.key));
    expect((await trendingKeys(50)).length).toBe(50);
    await get('/api/movies/trending?limit=51').expect(400);
    await get('/api/movies/trending?limit=0').expect(400);
    await get('/api/movies/trending?timeWindow=month').expect(400);
  });

  it('ranks Highest Rated by weighted rating: m is the 80th percentile of votes, 1 vote at 10.0 never beats 2,948 at 8.0', async () => {
    const body = TopRatedSchema.parse((await get('/api/movies/top-rated?limit=50').expect(200)).body);
    const { meanRating: C, minimumVotes: m } = body as { meanRating: number; minimumVotes: number };
    expect(C).toBeGreaterThan(5.5);
    expect(C).toBeLessThan(6.5);
    expect(m).toBeGreaterThan(500);
    expect(body.formula).toContain('WR = v/(v+m)·R + m/(v+m)·C');
    expect(body.movies).toHaveLength(50);
    for (const movie of body.movies) expect(movie.weightedRating).toBeCloseTo(weightedRating(movie.voteAverage!, movie.voteCount!, m, C), 2);
    const ratings = body.movies.map((movie) => movie.weightedRating);
    expect(ratings).toEqual(ratings.toSorted((a, b) => b - a));
    expect(body.movies[0]!.title).toBe('The Shawshank Redemption');
    expect(body.movies.map((movie) => movie.id)).toContain(GOODFELLAS);
    // The films with a handful of perfect votes are nowhere near the top.
    expect(Math.min(...body.movies.map((movie) => movie.voteCount!))).toBeGreaterThan(1000);
    expect(weightedRating(10, 1, m, C)).toBeLessThan(weightedRating(8, 2948, m, C));
    expect(weightedRating(10, 3, m, C)).toBeLessThan(weightedRating(8, 3000, m, C));
    const top12 = TopRatedSchema.parse((await get('/api/movies/top-rated').expect(200)).body);
    expect(top12.movies.map((movie) => movie.key)).toEqual(body.movies.slice(0, 12).map((movie) => movie.key));
  });

  it('lists recent releases up to the data’s reference date (2017-02-03), most popular first, and no upcoming films', async () => {
    const recent = DatedMovieListSchema.parse((await get('/api/movies/recent?limit=50').expect(200)).body);
    expect(recent.referenceDate).toBe('2017-02-03');
    expect(recent.movies).toHaveLength(50);
    for (const movie of recent.movies) {
      expect(movie.releaseDate! > '2016-02-03').toBe(true);
      expect(movie.releaseDate! <= '2017-02-03').toBe(true);
    }
    const popularity = recent.movies.map((movie) => movie.popularity);
    expect(popularity).toEqual(popularity.toSorted((a, b) => b - a));
    expect(DatedMovieListSchema.parse((await get('/api/movies/recent').expect(200)).body).movies).toHaveLength(12);
    // Nothing after the latest rated release: the page falls back to trending.
    expect(DatedMovieListSchema.parse((await get('/api/movies/upcoming').expect(200)).body)).toEqual({ movies: [], referenceDate: '2017-02-03' });
  });

  it('takes an earlier today as the reference date: upcoming films soonest first', async () => {
    const facts = await readMovieFacts(database.db, graph());
    const lists = computeLists({ graph: graph(), facts, community: [], activity: [], moods: MOODS, now: Date.UTC(2016, 5, 1, 12) });
    expect(lists.recent.referenceDate).toBe('2016-06-01');
    expect(lists.upcoming.movies.length).toBeGreaterThan(20);
    const days = lists.upcoming.movies.map(({ key }) => facts.released[graph().resolve(key)]!);
    expect(days).toEqual(days.toSorted((a, b) => a - b));
    expect(Math.min(...days)).toBeGreaterThan(Date.UTC(2016, 5, 1) / (24 * HOUR));
  });

  it('has no award winners in TMDB 5000 (no award links): the page falls back', async () => {
    expect((await get('/api/movies/award-winners').expect(200)).body).toEqual({ movies: [] });
  });

  it('lists popular people: 6 by default, most popular first, with a department and their most popular films', async () => {
    const body = PopularPeopleSchema.parse((await get('/api/people/popular').expect(200)).body);
    expect(body.people).toHaveLength(6);
    const popularity = body.people.map((person) => graph().popularity[graph().resolve(person.key)]!);
    expect(popularity).toEqual(popularity.toSorted((a, b) => b - a));
    for (const person of body.people) {
      expect(person.knownForDepartment).toEqual(expect.any(String));
      expect(person.knownFor.length).toBeGreaterThanOrEqual(2);
      const filmPopularity = person.knownFor.map((film) => graph().popularity[graph().resolve(film.key)]!);
      expect(filmPopularity).toEqual(filmPopularity.toSorted((a, b) => b - a));
    }
    expect(PopularPeopleSchema.parse((await get('/api/people/popular?limit=20').expect(200)).body).people).toHaveLength(20);
    await get('/api/people/popular?limit=x').expect(400);
  });

  it('offers at least 8 moods, each a documented mix, every film fitting it, ranked by weighted rating', async () => {
    const body = MoodSelectorSchema.parse((await get('/api/movies/mood-selector').expect(200)).body);
    const { meanRating: C, minimumVotes: m } = TopRatedSchema.parse((await get('/api/movies/top-rated?limit=1').expect(200)).body) as { meanRating: number; minimumVotes: number };
    expect(Object.keys(body.moods).length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(body.about).sort()).toEqual(Object.keys(body.moods).sort());
    for (const [name, movies] of Object.entries(body.moods)) {
      const mood = body.about[name]!;
      expect(mood.description.length, name).toBeGreaterThan(10);
      expect(mood.genres.length + mood.keywords.length, name).toBeGreaterThan(2);
      expect(movies, name).toHaveLength(12);
      for (const movie of movies) {
        const links = linksOf(movie.key);
        const fits = mood.genres.some((genre) => links.genres.includes(genre.toLowerCase())) || mood.keywords.some((keyword) => links.keywords.includes(keyword.toLowerCase()));
        expect(fits, `${movie.title} fits ${name}`).toBe(true);
        for (const excluded of mood.excludedGenres ?? []) expect(links.genres, `${movie.title} in ${name}`).not.toContain(excluded.toLowerCase());
        for (const excluded of mood.excludedKeywords ?? []) expect(links.keywords, `${movie.title} in ${name}`).not.toContain(excluded.toLowerCase());
      }
      const ratings = movies.map((movie) => weightedRating(movie.voteAverage!, movie.voteCount!, m, C));
      expect(ratings, name).toEqual(ratings.toSorted((a, b) => b - a));
    }
    // "Nothing grim": Django Unchained (a friendship, and revenge and slavery) was once the Feel-Good list's.
    expect(body.moods['Feel-Good']!.map((movie) => movie.title)).not.toContain('Django Unchained');
    expect(body.moods['Heartwarming']!.map((movie) => movie.title)).not.toContain('Django Unchained');
    const few = MoodSelectorSchema.parse((await get('/api/movies/mood-selector?limit=3').expect(200)).body);
    for (const movies of Object.values(few.moods)) expect(movies).toHaveLength(3);
  });

  it('surprises with a top-quarter film, never one the user logged or watched; with none left, a trending film', async () => {
    const stored = ((await database.db.execute(sql`select items from discovery_lists where name = 'surprise'`)) as unknown as { rows: Array<{ items: { movies: Array<{ key: string; score: number }>; threshold: number } }> }).rows[0]!.items;
    expect(stored.movies.length).toBeGreaterThan(500);
    const anonymous = SurpriseSchema.parse((await get('/api/movies/surprise').expect(200)).body);
    const pooled = stored.movies.find((entry) => entry.key === anonymous.movie.key);
    expect(pooled!.score).toBeGreaterThanOrEqual(stored.threshold);
    expect(anonymous.reason).toMatch(/rated \d\.\d\/10 by [\d,]+ voters: in the top quarter/);

    // A user who watched every film of the pool but one is always offered that one.
    const user = await newUser('surprised');
    const client = await signedInClient(t.app, user.username);
    const [kept, ...watched] = stored.movies.map((entry) => entry.key.slice('movie:'.length));
    const [diaryHalf, watchedHalf] = [watched.slice(0, watched.length / 2), watched.slice(watched.length / 2)];
    await database.db.execute(sql`insert into diary_entries (user_id, movie_id, movie_title, watched_date) select ${user.id}, id, 'x', '2026-01-01' from jsonb_array_elements_text(${JSON.stringify(diaryHalf)}::jsonb) as id`);
    await database.db.execute(sql`insert into watchlist_items (user_id, movie_id, movie_title, watched) select ${user.id}, id, 'x', true from jsonb_array_elements_text(${JSON.stringify(watchedHalf)}::jsonb) as id`);
    for (let i = 0; i < 5; i++) expect(SurpriseSchema.parse((await client.send('get', '/api/movies/surprise').expect(200)).body).movie.id).toBe(kept);
    // The last one logged: nothing good left unseen, so a trending film the user has not seen.
    await logFilm(user.id, kept!);
    const fallback = SurpriseSchema.parse((await client.send('get', '/api/movies/surprise').expect(200)).body);
    expect(fallback.reason).toBe(DISCOVERY_TEXTS.surpriseFallback);
    expect(stored.movies.map((entry) => entry.key)).not.toContain(fallback.movie.key);
  });

  it('counts an entity page view once per visitor and hour (a reload loop is one view)', async () => {
    const film = `movie:${SCARFACE}`;
    const views = async () =>
      Number(((await database.db.execute(sql`select coalesce(sum(views), 0) as views from discovery_activity where entity_key = ${film}`)) as unknown as { rows: Array<{ views: string | number }> }).rows[0]!.views);
    const before = await views();
    for (let i = 0; i < 5; i++) await get(`/api/entity/movie/${SCARFACE}`).expect(200);
    const user = await newUser('viewer');
    const client = await signedInClient(t.app, user.username);
    for (let i = 0; i < 5; i++) await client.send('get', `/api/entity/movie/${SCARFACE}`).expect(200);
    await t.events.settled();
    // One anonymous visitor (this address), one signed-in user.
    expect((await views()) - before).toBe(2);
    const remembered = ((await database.db.execute(sql`select entity_key from discovery_user_views where user_id = ${user.id}`)) as unknown as { rows: Array<{ entity_key: string }> }).rows;
    expect(remembered).toEqual([{ entity_key: film }]);
  });

  it('recomputes trending only when the clock passes the hour: a film with activity moves up', async () => {
    const before = TrendingMoviesSchema.parse((await get('/api/movies/trending?limit=50').expect(200)).body);
    const film = before.movies[35]!;
    // Five people view it, log it and put it on their watchlist; searches go through it.
    for (let i = 0; i < 5; i++) {
      const user = await newUser('fan');
      const client = await signedInClient(t.app, user.username);
      await client.send('get', `/api/entity/movie/${film.id}`).expect(200);
      await logFilm(user.id, film.id, { rating: 4 });
      await t.services.watchlist.add(user.id, { movieId: film.id, movieTitle: film.title, posterPath: null });
    }
    await t.events.settled();
    // Not an hour yet: the same list, the same time.
    expect(await t.services.discovery.job.runDue()).toBe('fresh');
    const unchanged = TrendingMoviesSchema.parse((await get('/api/movies/trending?limit=50').expect(200)).body);
    expect(unchanged).toEqual(before);

    t.clock.advance(HOUR + 60_000);
    // The job's own timer notices the hour passed.
    await vi.waitFor(async () => expect(TrendingMoviesSchema.parse((await get('/api/movies/trending?limit=50').expect(200)).body).updatedAt).not.toBe(before.updatedAt), { timeout: 10_000, interval: 100 });
    await t.services.discovery.job.settled();
    const after = TrendingMoviesSchema.parse((await get('/api/movies/trending?limit=50').expect(200)).body);
    expect(Date.parse(after.updatedAt!) - Date.parse(before.updatedAt!)).toBeGreaterThanOrEqual(HOUR);
    const rankBefore = before.movies.findIndex((movie) => movie.key === film.key);
    const rankAfter = after.movies.findIndex((movie) => movie.key === film.key);
    expect(rankAfter).toBeGreaterThanOrEqual(0);
    expect(rankAfter).toBeLessThan(rankBefore - 10);
    // Both windows see it: the activity is minutes old.
    expect((TrendingMoviesSchema.parse((await get('/api/movies/trending?timeWindow=day&limit=50').expect(200)).body)).movies.findIndex((movie) => movie.key === film.key)).toBeLessThan(rankBefore - 10);
    expect(await t.services.discovery.job.runDue()).toBe('fresh');
  });

  it('lets one process recompute per hour: the conditional claim', async () => {
    await t.services.discovery.job.settled();
    t.clock.advance(HOUR + 60_000);
    const other = createListsJob({ db: database.db, graph: t.graph, clock: t.clock.now, ratings: async () => [], moods: MOODS, logger: createLogger('silent') });
    const started = performance.now();
    const outcomes = await Promise.all([t.services.discovery.job.runDue(), other.runDue()]);
    console.info(`discovery lists recomputed on TMDB 5000 (${target.name}): ${(performance.now() - started).toFixed(0)} ms`);
    expect(outcomes.filter((outcome) => outcome === 'computed')).toHaveLength(1);
    await other.close();
  });

  it('counts 3 community votes at 10.0 as votes: the film stays far below the films with thousands', async () => {
    const [unrated] = ((await database.db.execute(sql`select key from entities where type = 'movie' and coalesce((details->>'vote_count')::int, 0) = 0 order by key limit 1`)) as unknown as { rows: Array<{ key: string }> }).rows;
    const movieId = unrated!.key.slice('movie:'.length);
    for (let i = 0; i < 3; i++) await logFilm((await newUser('critic')).id, movieId, { rating: 5 });
    // The job's own timer checks every 100 ms: a check begun before the clock moves answers 'fresh' to
    // whoever joins it, so wait for it to end first.
    await t.services.discovery.job.settled();
    t.clock.advance(HOUR + 60_000);
    expect(await t.services.discovery.job.runDue()).toBe('computed');
    const body = TopRatedSchema.parse((await get('/api/movies/top-rated?limit=50').expect(200)).body);
    expect(body.movies.map((movie) => movie.id)).not.toContain(movieId);
    expect(body.movies.map((movie) => movie.id)).toContain(GOODFELLAS);
    const facts = await readMovieFacts(database.db, graph());
    const lists = computeLists({ graph: graph(), facts, community: [{ movieId, sum: 30, count: 3 }], activity: [], moods: MOODS, now: t.clock.now() });
    const weighted = new Map(lists['top-rated'].movies.map((entry) => [entry.key, entry.score]));
    expect(weighted.has(`movie:${movieId}`)).toBe(false);
    expect(weightedRating(10, 3, body.minimumVotes!, body.meanRating!)).toBeLessThan(weightedRating(8, 2948, body.minimumVotes!, body.meanRating!));
    expect(weighted.get(`movie:${SCARFACE}`) ?? weightedRating(8, 2948, body.minimumVotes!, body.meanRating!)).toBeGreaterThan(weightedRating(10, 3, body.minimumVotes!, body.meanRating!));
  });

  it('shows what the people you follow logged or listed in the last 30 days, with who; not private, older or others’ films', async () => {
    const [me, ana, bo, stranger] = [await newUser('me'), await newUser('ana'), await newUser('bo'), await newUser('stranger')];
    await t.services.follows.follow(me.id, ana.id);
    await t.services.follows.follow(me.id, bo.id);
    const [first, second, hidden, old, theirs] = (await trendingKeys(12)).slice(0, 5).map((key) => key.slice('movie:'.length)) as [string, string, string, string, string];
    await logFilm(ana.id, first);
    await t.services.watchlist.add(bo.id, { movieId: first, movieTitle: 'x', posterPath: null });
    await logFilm(bo.id, first);
    await t.services.watchlist.add(bo.id, { movieId: second, movieTitle: 'x', posterPath: null });
    await logFilm(ana.id, hidden, { isPrivate: true });
    const oldEntry = await logFilm(ana.id, old);
    await database.db.execute(sql`update diary_entries set created_at = now() - interval '31 days' where id = ${oldEntry.id}`);
    await logFilm(stranger.id, theirs);
    const client = await signedInClient(t.app, me.username);
    const body = PopularSocialSchema.parse((await client.send('get', '/api/movies/popular-social').expect(200)).body);
    expect(body.movies.map((movie) => [movie.id, movie.logs, movie.watchlists, movie.friends.map((friend) => friend.username).sort()])).toEqual([
      [first, 2, 1, [ana.username, bo.username].sort()],
      [second, 0, 1, [bo.username]],
    ]);
    expect(body.friendsWatching.map((friend) => friend.username)).toEqual([bo.username, ana.username]);
    expect(body.friendsWatching[0]).toEqual({ id: bo.id, username: bo.username, displayName: expect.any(String) });
    expect(PopularSocialSchema.parse((await client.send('get', '/api/movies/popular-social?limit=1').expect(200)).body).movies).toHaveLength(1);
    // Thirty days later by the clock, nothing is left.
    t.clock.advance(31 * 24 * HOUR);
    expect(PopularSocialSchema.parse((await client.send('get', '/api/movies/popular-social').expect(200)).body)).toEqual({ movies: [], friendsWatching: [] });
    t.clock.advance(-31 * 24 * HOUR);
    await get('/api/movies/popular-social').expect(401);
    await get('/api/recommendations').expect(401);
  });

  it('starts cold: the most popular films of the genres you looked at, then trending; never a film you logged', async () => {
    const user = await newUser('newcomer');
    const client = await signedInClient(t.app, user.username);
    const fresh = RecommendationsSchema.parse((await client.send('get', '/api/recommendations').expect(200)).body);
    expect(fresh.coldStart).toBe(true);
    expect(fresh.recommendations).toHaveLength(6);
    expect(fresh.recommendations.every((pick) => pick.basis === null && pick.reason === 'Trending on Cinema DNA this week')).toBe(true);

    // Looking at a few westerns: popular westerns come first.
    const westerns = graph();
    const western = t.graph.typeahead('Western', { type: 'genre', limit: 1 })[0]!.index;
    expect(westerns.name(western)).toBe('Western');
    const seen: string[] = [];
    for (let position = westerns.offsets[western]!; position < westerns.offsets[western + 1]! && seen.length < 3; position++) {
      const movie = westerns.neighbours[position]!;
      if (westerns.types[movie] === TYPE_CODE.movie) seen.push(westerns.sourceId(movie));
    }
    for (const id of seen) await client.send('get', `/api/entity/movie/${id}`).expect(200);
    await t.events.settled();
    // The first pick, logged and disliked (no seed): it leaves the list, which stays a cold start.
    const logged = RecommendationsSchema.parse((await client.send('get', '/api/recommendations').expect(200)).body).recommendations[0]!.movie;
    await logFilm(user.id, logged.id, { rating: 1 });
    const picks = RecommendationsSchema.parse((await client.send('get', '/api/recommendations').expect(200)).body);
    expect(picks.coldStart).toBe(true);
    expect(picks.recommendations).toHaveLength(6);
    expect(picks.recommendations.map((pick) => pick.movie.key)).not.toContain(logged.key);
    const first = picks.recommendations[0]!;
    expect(first.reason).toMatch(/^Popular in .+, a genre you looked at$/);
    const genre = first.reason.slice('Popular in '.length, first.reason.indexOf(','));
    expect(first.movie.genres.map((g) => g.name)).toContain(genre);
    expect(picks.recommendations.some((pick) => pick.movie.genres.some((g) => g.name === 'Western'))).toBe(true);
  });
  /** Whether `from` has a link `relationship` to `to` in the graph (either direction). */
  const linked = (from: string, to: string, relationship: string) => {
    const g = graph();
    const [a, b] = [g.resolve(from), g.resolve(to)];
    for (let position = g.offsets[a]!; position < g.offsets[a + 1]!; position++) {
      if (g.neighbours[position] === b && (g.relations[position]! & RELATIONSHIP_MASK) === RELATIONSHIP_CODE[relationship as keyof typeof RELATIONSHIP_CODE]) return true;
    }
    return false;
  };

  it('takes a film as liked from the diary’s latest rating of it, not from a review’s stars or an older viewing', async () => {
    const user = await newUser('opinion');
    await logFilm(user.id, COLLATERAL, { rating: 5 });
    // Se7en: 4★ once, 1.5★ on the latest viewing, and a review (an import's) of 4.
    await t.services.diary.create(user.id, DiaryEntryCreateSchema.parse({ movieId: '807', movieTitle: 'Se7en', watchedDate: '2025-03-01', rating: 4 }));
    await t.services.diary.create(user.id, DiaryEntryCreateSchema.parse({ movieId: '807', movieTitle: 'Se7en', watchedDate: '2026-01-12', rating: 1.5 }));
    await t.services.reviews.create(user.id, { entityId: '807', entityType: 'movie', rating: 4, title: 'Se7en', content: 'What’s in the box?' });
    const client = await signedInClient(t.app, user.username);
    const body = RecommendationsSchema.parse((await client.send('get', '/api/recommendations').expect(200)).body);
    expect(body.coldStart).toBe(false);
    expect(body.recommendations.length).toBeGreaterThan(0);
    expect(body.recommendations.map((pick) => pick.basis?.seed.key)).not.toContain('movie:807');
    expect(body.recommendations.every((pick) => pick.reason.startsWith('Because you liked Collateral'))).toBe(true);
  });

  it('recommends from the user’s films by random walk, each naming the real link it rests on, never a film they logged, reviewed or listed', async () => {
    const user = await newUser('cinephile');
    await logFilm(user.id, COLLATERAL, { rating: 5 });
    await logFilm(user.id, '155', { rating: 4.5 }); // The Dark Knight
    await logFilm(user.id, '680'); // Pulp Fiction, logged without a rating
    await logFilm(user.id, '8467', { rating: 1 }); // Dumb and Dumber, disliked: no seed, still excluded
    await t.services.watchlist.add(user.id, { movieId: '11324', movieTitle: 'Shutter Island', posterPath: null });
    await t.services.reviews.create(user.id, { entityId: '807', entityType: 'movie', rating: 5, title: 'Se7en', content: 'What’s in the box?' });
    const own = new Set(['movie:1538', 'movie:155', 'movie:680', 'movie:8467', 'movie:11324', 'movie:807']);
    const client = await signedInClient(t.app, user.username);
    const started = performance.now();
    const body = RecommendationsSchema.parse((await client.send('get', '/api/recommendations').expect(200)).body);
    console.info(`GET /api/recommendations (${target.name}, in process): ${(performance.now() - started).toFixed(1)} ms\n  ${body.recommendations.map((pick) => `${pick.movie.title}: ${pick.reason}`).join('\n  ')}`);
    expect(body.coldStart).toBe(false);
    expect(body.recommendations).toHaveLength(6);
    const seeds = new Map([
      ['movie:1538', 'Because you liked Collateral'],
      ['movie:155', 'Because you liked The Dark Knight'],
      ['movie:680', 'Because you watched Pulp Fiction'],
      ['movie:11324', 'Because Shutter Island is on your watchlist'],
      ['movie:807', 'Because you liked Se7en'],
    ]);
    const vias = new Map<string, number>();
    for (const pick of body.recommendations) {
      expect(own.has(pick.movie.key), pick.movie.title).toBe(false);
      const basis = pick.basis!;
      expect(seeds.has(basis.seed.key), `${pick.movie.title} rests on ${basis.seed.title}`).toBe(true);
      expect(basis.seed.title).toBe(graph().name(graph().resolve(basis.seed.key)));
      expect(basis.via.name).toBe(graph().name(graph().resolve(basis.via.key)));
      // The film is linked to via as the basis says, and so is the seed.
      expect(linked(basis.via.key, pick.movie.key, basis.relationship) || linked(pick.movie.key, basis.via.key, basis.relationship), `${pick.movie.title} ${basis.relationship} ${basis.via.name}`).toBe(true);
      expect(linked(basis.via.key, basis.seed.key, 'acted_in') || [...Object.keys(RELATIONSHIP_CODE)].some((relationship) => linked(basis.via.key, basis.seed.key, relationship) || linked(basis.seed.key, basis.via.key, relationship))).toBe(true);
      expect(pick.reason.startsWith(`${seeds.get(basis.seed.key)} — `), pick.reason).toBe(true);
      expect(pick.reason).toContain(basis.via.name);
      vias.set(basis.via.key, (vias.get(basis.via.key) ?? 0) + 1);
    }
    // Diversified: no one link carries more than two picks.
    expect(Math.max(...vias.values())).toBeLessThanOrEqual(2);
    // The same answer on a second visit the same day; a film logged leaves the list.
    const again = RecommendationsSchema.parse((await client.send('get', '/api/recommendations').expect(200)).body);
    expect(again).toEqual(body);
    // Logged and disliked, the first pick is no seed, only excluded: it leaves the list all the same.
    const first = body.recommendations[0]!.movie;
    await logFilm(user.id, first.id, { rating: 1 });
    const after = RecommendationsSchema.parse((await client.send('get', '/api/recommendations').expect(200)).body);
    expect(after.recommendations.map((pick) => pick.movie.key)).not.toContain(first.key);
    expect(after.recommendations).toHaveLength(6);
  });

  it('phrases each link as a fan would say it', () => {
    expect(reasonFor('liked', 'Heat', 'directed', 'Michael Mann')).toBe('Because you liked Heat — also directed by Michael Mann');
    expect(reasonFor('watched', 'Heat', 'acted_in', 'Al Pacino')).toBe('Because you watched Heat — also starring Al Pacino');
    expect(reasonFor('watchlist', 'Heat', 'has_genre', 'Crime')).toBe('Because Heat is on your watchlist — also a Crime film');
    const phrases: Record<Relationship, string> = {
      directed: 'also directed by X',
      acted_in: 'also starring X',
      wrote: 'also written by X',
      composed: 'also scored by X',
      produced: 'also produced by X',
      crew: 'X also worked on it',
      part_of_collection: 'also part of X',
      has_keyword: 'also about X',
      has_genre: 'also a X film',
      produced_by: 'also from X',
      won: 'also won X',
      nominated_for: 'also nominated for X',
      filmed_in: 'also filmed in X',
      country: 'also filmed in X',
    };
    for (const relationship of RELATIONSHIPS) expect(reasonFor('liked', 'Heat', relationship, 'X')).toBe(`Because you liked Heat — ${phrases[relationship]}`);
  });

  it('takes no seed from a film rated 2 stars or less: a cold start', async () => {
    const user = await newUser('grump');
    await logFilm(user.id, COLLATERAL, { rating: 2 });
    // Disliked in the diary, it is no seed even from the watchlist.
    await t.services.watchlist.add(user.id, { movieId: COLLATERAL, movieTitle: 'Collateral', posterPath: null });
    const client = await signedInClient(t.app, user.username);
    const body = RecommendationsSchema.parse((await client.send('get', '/api/recommendations').expect(200)).body);
    expect(body.coldStart).toBe(true);
    expect(body.recommendations.map((pick) => pick.movie.key)).not.toContain('movie:1538');
    expect(body.recommendations.every((pick) => pick.basis === null)).toBe(true);
  });
});
