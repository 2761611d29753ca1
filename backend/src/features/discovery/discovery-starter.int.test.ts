/**
 * Discovery on the starter catalog: the data TMDB 5000 lacks (award links, films known only by their
 * year) and lacks nothing of the community (no source votes: only the community's ratings rate films).
 */
import { AwardWinnersSchema, DatedMovieListSchema, DiaryEntryCreateSchema, SurpriseSchema, TopRatedSchema } from '@cinema-dna/shared-types';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELATIONSHIP_CODE, RELATIONSHIP_MASK } from '../../graph/model.js';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';
import { weightedRating } from './formulas.js';

describe.each(databaseTargets())('discovery on the starter catalog ($name)', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  let shared: SharedState;
  let t: TestApp;
  const get = (url: string) => request(t.app).get(url);
  const recompute = async () => {
    await t.events.settled();
    t.clock.advance(61 * 60_000);
    expect(await t.services.discovery.job.runDue()).toBe('computed');
  };

  beforeAll(async () => {
    database = await target.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
    await t.services.discovery.job.settled();
  });
  afterAll(async () => {
    await t?.close();
    await shared?.close();
    await database?.dispose();
  });

  it('lists award winners from the graph’s won links, most wins first, each with its awards', async () => {
    const body = AwardWinnersSchema.parse((await get('/api/movies/award-winners?limit=50').expect(200)).body);
    expect(body.movies.length).toBeGreaterThan(12);
    const wins = body.movies.map((movie) => movie.awards.length);
    expect(wins).toEqual(wins.toSorted((a, b) => b - a));
    const g = t.graph.graph;
    for (const movie of body.movies) {
      const node = g.resolve(movie.key);
      const won = new Set<string>();
      for (let position = g.offsets[node]!; position < g.offsets[node + 1]!; position++) {
        if ((g.relations[position]! & RELATIONSHIP_MASK) === RELATIONSHIP_CODE.won) won.add(g.key(g.neighbours[position]!));
      }
      expect(movie.awards.map((award) => award.key).sort(), movie.title).toEqual([...won].sort());
      for (const award of movie.awards) {
        expect(award.name).toBe(g.name(g.resolve(award.key)));
        expect(award.label).toMatch(/^\d{4}/);
      }
    }
    expect(AwardWinnersSchema.parse((await get('/api/movies/award-winners').expect(200)).body).movies).toHaveLength(12);
  });

  it('rates nothing without votes, then ranks the community’s ratings by weighted rating', async () => {
    expect(TopRatedSchema.parse((await get('/api/movies/top-rated').expect(200)).body)).toMatchObject({ movies: [], meanRating: null, minimumVotes: null });
    // Without ratings, Surprise Me draws from the most popular films.
    expect(SurpriseSchema.parse((await get('/api/movies/surprise').expect(200)).body).reason).toMatch(/among the most popular in the catalog\.$/);

    // Heat: three people give it 5 stars; Mad Max: one gives it 5 stars; Cats-like: two give 1 star.
    const votes: Array<[string, number[]]> = [
      ['heat-1995', [5, 5, 5]],
      ['mad-max-fury-road-2015', [5]],
      ['the-godfather-1972', [4, 4, 4, 4]],
    ];
    for (const [movieId, stars] of votes) {
      for (const rating of stars) {
        const { user } = await createTestUser(t.users, { prefix: 'rater' });
        await t.services.diary.create(user.id, DiaryEntryCreateSchema.parse({ movieId, movieTitle: movieId, watchedDate: '2026-01-01', rating }));
      }
    }
    await recompute();
    const body = TopRatedSchema.parse((await get('/api/movies/top-rated').expect(200)).body);
    // C: the mean of 10, 10 and 8; m: the 80th percentile of 3, 1 and 4 votes.
    expect(body.meanRating).toBeCloseTo(28 / 3, 2);
    expect(body.minimumVotes).toBe(4);
    // 3 votes at 10 beat 1 vote at 10; with so few films C is high, so 4 votes at 8 fall below both.
    expect(body.movies.map((movie) => [movie.id, movie.weightedRating])).toEqual([
      ['heat-1995', expect.closeTo(weightedRating(10, 3, 4, 28 / 3), 2)],
      ['mad-max-fury-road-2015', expect.closeTo(weightedRating(10, 1, 4, 28 / 3), 2)],
      ['the-godfather-1972', expect.closeTo(weightedRating(8, 4, 4, 28 / 3), 2)],
    ]);
    // The card shows the source's votes (none here), not the community's.
    expect(body.movies[0]).toMatchObject({ voteAverage: null, voteCount: null });
  });

  it('counts films known only by their year as released on 1 July, and ends a catalog without votes at its latest film', async () => {
    // Today, years after the catalog's last films (2023): Recent Releases are that last year's.
    expect(await t.services.discovery.job.runDue()).not.toBe('failed');
    const latest = DatedMovieListSchema.parse((await get('/api/movies/recent?limit=50').expect(200)).body);
    expect(latest.referenceDate).toBe('2023-07-01');
    expect(latest.movies.length).toBeGreaterThanOrEqual(3);
    expect(new Set(latest.movies.map((movie) => movie.year))).toEqual(new Set([2023]));
    expect(DatedMovieListSchema.parse((await get('/api/movies/upcoming').expect(200)).body).movies).toEqual([]);

    // A clock in March 2022: the data's today is the latest film out by then (1 July 2021).
    t.clock.set(Date.UTC(2022, 2, 1));
    // A clock set back beyond the processes' skew makes the stored lists stale.
    expect(await t.services.discovery.job.runDue()).toBe('computed');
    const recent = DatedMovieListSchema.parse((await get('/api/movies/recent?limit=50').expect(200)).body);
    expect(recent.referenceDate).toBe('2021-07-01');
    expect(new Set(recent.movies.map((movie) => movie.year))).toEqual(new Set([2021]));
    // Films after it are to come, soonest first.
    const upcoming = DatedMovieListSchema.parse((await get('/api/movies/upcoming?limit=50').expect(200)).body);
    expect(upcoming.referenceDate).toBe('2021-07-01');
    const years = upcoming.movies.map((movie) => movie.year!);
    expect(years).toEqual(years.toSorted((a, b) => a - b));
    expect(new Set(years)).toEqual(new Set([2022, 2023]));
  });
});
