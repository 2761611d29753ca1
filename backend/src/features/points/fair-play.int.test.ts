import { LedgerHistorySchema, POINT_RULES, UserReviewsSchema, type LedgerReason } from '@cinema-dna/shared-types';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';
import { createLedger } from './ledger.js';
import { pointsLedger } from './schema.js';

/**
 * The rules of points (fair play), replayed as a player (or a script) would: each sequence is one the
 * issue's cheaters used, and each paid before these rules.
 */

/** Films of the starter catalog. */
const MOVIES = [
  'it-happened-one-night-1934',
  'king-kong-1933',
  'the-wizard-of-oz-1939',
  'gone-with-the-wind-1939',
  'mr-smith-goes-to-washington-1939',
  'snow-white-and-the-seven-dwarfs-1937',
  'stagecoach-1939',
  'frankenstein-1931',
  'modern-times-1936',
  'bringing-up-baby-1938',
  'the-39-steps-1935',
  'citizen-kane-1941',
  'heat-1995',
  'jaws-1975',
  'apollo-13-1995',
  'mad-max-fury-road-2015',
];

/** A review with substance: a rating and more than 40 characters of text. */
const SUBSTANCE = 'A slow burn that pays off: every scene earns its place.';

describe.each(databaseTargets())('the rules of points (fair play) on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  const player = async () => {
    const account = await createTestUser(t.users, { prefix: 'fair' });
    return { ...account, client: await signedInClient(t.app, account.username) };
  };
  const review = (entityId: string, over: Record<string, unknown> = {}) => ({ entityId, entityType: 'movie', rating: 4, title: 'Seen it', content: SUBSTANCE, ...over });
  /** What the caller was paid for `reason`, as their points history shows it once every event is delivered. */
  const paid = async (client: ApiClient, reason: LedgerReason) => {
    await t.events.settled();
    const history = LedgerHistorySchema.parse((await client.send('get', '/api/users/me/points?limit=100').expect(200)).body);
    return history.entries.filter((entry) => entry.reason === reason).map((entry) => entry.points);
  };

  it(`pays ${POINT_RULES.review.perDay} reviews a UTC day: the 6th of substance is posted and pays 0`, async () => {
    const { user, client } = await player();
    for (const movie of MOVIES.slice(0, 6)) await client.send('post', '/api/reviews', review(movie)).expect(201);
    expect(await paid(client, 'review')).toEqual([5, 5, 5, 5, 5]);
    // All six are posted as usual.
    const mine = UserReviewsSchema.parse((await client.send('get', `/api/users/${user.id}/reviews`).expect(200)).body);
    expect(mine.reviews).toHaveLength(6);
  });

  it('pays nothing for a one-letter review, a 39-character one or one without a rating; a rating and 40 characters pay 5', async () => {
    const { client } = await player();
    await client.send('post', '/api/reviews', review(MOVIES[0]!, { content: 'x' })).expect(201);
    await client.send('post', '/api/reviews', review(MOVIES[1]!, { content: `  ${'y'.repeat(39)}  ` })).expect(201);
    const unrated = await client.send('post', '/api/reviews', review(MOVIES[2]!, { rating: undefined })).expect(400);
    expect(unrated.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await paid(client, 'review')).toEqual([]);
    await client.send('post', '/api/reviews', review(MOVIES[3]!, { content: 'z'.repeat(POINT_RULES.review.minTextLength) })).expect(201);
    expect(await paid(client, 'review')).toEqual([5]);
  });

  it('pays a second review of the same entity 0: a short review edited, deleted and written again with substance pays nothing', async () => {
    const { client } = await player();
    const short = (await client.send('post', '/api/reviews', review(MOVIES[4]!, { content: 'x' })).expect(201)).body as { id: number };
    await client.send('patch', `/api/reviews/${short.id}`, { content: SUBSTANCE }).expect(200);
    await client.send('post', '/api/reviews', review(MOVIES[4]!)).expect(409);
    await client.send('delete', `/api/reviews/${short.id}`).expect(204);
    await client.send('post', '/api/reviews', review(MOVIES[4]!)).expect(201);
    expect(await paid(client, 'review')).toEqual([]);
    // A first review of substance pays once; deleting it and writing it again pays nothing more.
    const first = (await client.send('post', '/api/reviews', review(MOVIES[5]!)).expect(201)).body as { id: number };
    await client.send('delete', `/api/reviews/${first.id}`).expect(204);
    await client.send('post', '/api/reviews', review(MOVIES[5]!, { content: `${SUBSTANCE} Again.` })).expect(201);
    expect(await paid(client, 'review')).toEqual([5]);
  });

  it(`pays a watchlist add once per movie (removing and re-adding pays nothing), ${POINT_RULES.watchlist_add.perDay} a UTC day`, async () => {
    const { client } = await player();
    const add = (movieId: string) => client.send('post', '/api/watchlist', { movieId, movieTitle: movieId });
    await add(MOVIES[0]!).expect(201);
    await client.send('delete', `/api/watchlist/${MOVIES[0]!}`).expect(204);
    await add(MOVIES[0]!).expect(201);
    expect(await paid(client, 'watchlist_add')).toEqual([2]);
    // Nine more movies fill the day's ten; the eleventh and twelfth are added and pay 0.
    for (const movie of MOVIES.slice(1, 12)) await add(movie).expect(201);
    expect(await paid(client, 'watchlist_add')).toEqual(Array.from({ length: POINT_RULES.watchlist_add.perDay }, () => 2));
  });

  it('never pays past a cap, however many reviews arrive at once', async () => {
    const { client } = await player();
    const posted = await Promise.all(MOVIES.slice(0, 12).map((movie) => client.send('post', '/api/reviews', review(movie))));
    expect(posted.map((res) => res.status)).toEqual(Array.from({ length: 12 }, () => 201));
    expect(await paid(client, 'review')).toEqual([5, 5, 5, 5, 5]);
  });

  it('never pays past a cap when awards of one user race in separate transactions', async () => {
    const { user } = await createTestUser(t.users, { prefix: 'racer' });
    await t.events.settled();
    const ledger = createLedger({ events: t.events });
    const awards = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        t.events.transaction((tx) =>
          ledger.award(tx, { userId: user.id, reason: 'watchlist_add', points: 2, awardKey: `watchlist:movie:race-${n}`, sourceEventId: `test:${randomUUID()}`, dailyCap: POINT_RULES.watchlist_add.perDay }),
        ),
      ),
    );
    expect(awards.filter((award) => award !== null)).toHaveLength(POINT_RULES.watchlist_add.perDay);
    const rows = await database.db.select().from(pointsLedger).where(and(eq(pointsLedger.userId, user.id), eq(pointsLedger.reason, 'watchlist_add')));
    expect(rows).toHaveLength(POINT_RULES.watchlist_add.perDay);
    // The balance moved with exactly those rows.
    await t.events.settled();
    const all = await database.db.select({ points: pointsLedger.points }).from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect((await t.users.findById(user.id))?.points).toBe(all.reduce((sum, row) => sum + row.points, 0));
  });
});
