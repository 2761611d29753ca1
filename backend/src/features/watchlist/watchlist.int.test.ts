import { LedgerHistorySchema, WatchlistItemSchema, WatchlistSchema } from '@cinema-dna/shared-types';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';

describe.each(databaseTargets())('watchlist on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  const gump = { movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', posterPath: '/gump.jpg' };
  const apollo = { movieId: 'movie:apollo-13-1995', movieTitle: 'Apollo 13', posterPath: null };
  const newClient = async () => {
    const account = await createTestUser(t.users, { prefix: 'viewer' });
    return { ...account, client: await signedInClient(t.app, account.username) };
  };
  const listOf = async (client: ApiClient) => WatchlistSchema.parse((await client.send('get', '/api/watchlist').expect(200)).body).items;
  /** The caller's watchlist awards, as the points history shows them once every event is delivered. */
  const watchlistPoints = async (client: ApiClient) => {
    await t.events.settled();
    const history = LedgerHistorySchema.parse((await client.send('get', '/api/users/me/points?limit=50').expect(200)).body);
    return history.entries.filter((entry) => entry.reason === 'watchlist_add').map((entry) => entry.points);
  };

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

  it('adds movies (201), lists them newest first, shows them on the user’s public list, and removes one (204)', async () => {
    const { user, client } = await newClient();
    expect(await listOf(client)).toEqual([]);
    const added = WatchlistItemSchema.parse((await client.send('post', '/api/watchlist', gump).expect(201)).body);
    expect(added).toEqual({ id: expect.any(Number), movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', posterPath: '/gump.jpg', addedAt: expect.any(String), watched: false, watchedAt: null, rating: null });
    const second = (await client.send('post', '/api/watchlist', apollo).expect(201)).body;
    expect(second).toMatchObject({ movieId: 'apollo-13-1995', posterPath: null });
    expect((await listOf(client)).map((item) => item.movieId)).toEqual(['apollo-13-1995', 'mad-max-fury-road-2015']);
    expect((await request(t.app).get(`/api/users/${user.id}/watchlist`).expect(200)).body).toEqual({ items: await listOf(client) });

    await client.send('delete', '/api/watchlist/mad-max-fury-road-2015').expect(204);
    expect((await listOf(client)).map((item) => item.movieId)).toEqual(['apollo-13-1995']);
    const gone = await client.send('delete', '/api/watchlist/mad-max-fury-road-2015').expect(404);
    expect(gone.body).toMatchObject({ code: 'NOT_FOUND', message: 'This movie is not in your watchlist.' });
  });

  it('refuses a movie twice with 409 and the spec’s text, keeping one row', async () => {
    const { client } = await newClient();
    await client.send('post', '/api/watchlist', gump).expect(201);
    const again = await client.send('post', '/api/watchlist', { ...gump, movieId: 'movie:mad-max-fury-road-2015' }).expect(409);
    expect(again.body).toEqual({ code: 'CONFLICT', message: 'This movie is already in your watchlist.', details: [] });
    expect(await listOf(client)).toHaveLength(1);
  });

  it('pays 2 points for a movie once: removing and adding it again pays nothing more', async () => {
    const { client } = await newClient();
    await client.send('post', '/api/watchlist', gump).expect(201);
    await client.send('post', '/api/watchlist', gump).expect(409);
    await client.send('delete', '/api/watchlist/mad-max-fury-road-2015').expect(204);
    await client.send('post', '/api/watchlist', gump).expect(201);
    expect(await watchlistPoints(client)).toEqual([2]);
    await client.send('post', '/api/watchlist', apollo).expect(201);
    expect(await watchlistPoints(client)).toEqual([2, 2]);
  });

  it('marks a movie watched: the flag, the date and the rating; a movie not on the list is put on it, watched', async () => {
    const { client } = await newClient();
    await client.send('post', '/api/watchlist', gump).expect(201);
    const marked = (await client.send('post', '/api/watched', { ...gump, rating: 4 }).expect(200)).body;
    expect(marked).toMatchObject({ movieId: 'mad-max-fury-road-2015', watched: true, watchedAt: expect.any(String), rating: 4 });
    const unrated = (await client.send('post', '/api/watched', { ...apollo, rating: 0 }).expect(200)).body;
    expect(unrated).toMatchObject({ movieId: 'apollo-13-1995', watched: true, rating: null });
    expect((await listOf(client)).map((item) => [item.movieId, item.watched])).toEqual([
      ['apollo-13-1995', true],
      ['mad-max-fury-road-2015', true],
    ]);
    // Watched is not an add: no points for it.
    expect(await watchlistPoints(client)).toEqual([2]);
  });

  it('keeps each user’s list their own', async () => {
    const a = await newClient();
    const b = await newClient();
    await a.client.send('post', '/api/watchlist', gump).expect(201);
    expect(await listOf(b.client)).toEqual([]);
    await b.client.send('delete', '/api/watchlist/mad-max-fury-road-2015').expect(404);
    expect(await listOf(a.client)).toHaveLength(1);
  });

  describe('bad input', () => {
    let client: ApiClient;
    beforeAll(async () => {
      client = (await newClient()).client;
    });

    it.each([
      ['no movie id', { movieTitle: 'Mad Max: Fury Road' }],
      ['no title', { movieId: 'mad-max-fury-road-2015' }],
      ['an empty title', { ...gump, movieTitle: '  ' }],
      ['a movie id as a number', { ...gump, movieId: 13 }],
      ['a title with NUL', { ...gump, movieTitle: 'a\u0000' }],
    ])('refuses %s with 400 (spec §5: a movie id and title are required)', async (_name, body) => {
      const res = await client.send('post', '/api/watchlist', body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.any(Array) });
      expect(await listOf(client)).toEqual([]);
    });

    it('refuses a rating of 9 or a half star when marking watched', async () => {
      await client.send('post', '/api/watched', { ...gump, rating: 9 }).expect(400);
      await client.send('post', '/api/watched', { ...gump, rating: 2.5 }).expect(400);
      expect(await listOf(client)).toEqual([]);
    });

    it('refuses a movie the catalog does not hold with 404', async () => {
      const res = await client.send('post', '/api/watchlist', { ...gump, movieId: 'no-such-film-1999' }).expect(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'The requested movie could not be found.' });
      await client.send('post', '/api/watched', { ...gump, movieId: 'person:tom-hanks' }).expect(404);
    });

    it('answers anonymous callers with 401, and an unknown user’s list with 404', async () => {
      await request(t.app).get('/api/watchlist').expect(401);
      await request(t.app).post('/api/watchlist').send(gump).expect(401);
      await request(t.app).get('/api/users/2147483000/watchlist').expect(404);
      await request(t.app).get('/api/users/abc/watchlist').expect(400);
    });
  });
});
