import { ProfileComparisonSchema, UserProfileSchema, YearStatsSchema, type DiaryEntryCreate } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';

type Client = Awaited<ReturnType<typeof createTestUser>> & { client: ApiClient };

describe.each(databaseTargets())('profiles on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  const newClient = async (): Promise<Client> => {
    const account = await createTestUser(t.users, { prefix: 'profile' });
    return { ...account, client: await signedInClient(t.app, account.username) };
  };
  const log = (client: ApiClient, movieId: string, watchedDate: string, more: Partial<DiaryEntryCreate> = {}) =>
    client.send('post', '/api/diary', { movieId, movieTitle: movieId, watchedDate, ...more }).expect(201);
  const profileAs = async (client: ApiClient | null, userId: number, route = 'profile') =>
    UserProfileSchema.parse((await (client ? client.send('get', `/api/users/${userId}/${route}`) : request(t.app).get(`/api/users/${userId}/${route}`)).expect(200)).body);
  /** One count, made in the test with its own SQL. */
  const countRows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const follow = (followerId: number, followeeId: number) => database.db.execute(sql`insert into follows (follower_id, followee_id) values (${followerId}, ${followeeId})`);

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

  describe('profile', () => {
    let owner: Client;
    let fan: Client;
    let stranger: Client;
    beforeAll(async () => {
      owner = await newClient();
      fan = await newClient();
      stranger = await newClient();
      const { client } = owner;
      await log(client, 'heat-1995', '2025-01-04', { rating: 4.5 });
      await log(client, 'heat-1995', '2025-02-01', { rewatch: true });
      await log(client, 'jaws-1975', '2025-03-01');
      await log(client, 'don-2006', '2025-04-01', { isPrivate: true });
      await client.send('post', '/api/watchlist', { movieId: 'parasite-2019', movieTitle: 'Parasite' }).expect(201);
      await client.send('post', '/api/watchlist', { movieId: 'jaws-1975', movieTitle: 'Jaws' }).expect(201);
      // Marked watched: on the watched list, not the watchlist.
      await client.send('post', '/api/watched', { movieId: 'the-matrix-1999', movieTitle: 'The Matrix', rating: 4 }).expect((res) => expect([200, 201]).toContain(res.status));
      await client.send('post', '/api/reviews', { entityId: 'heat-1995', entityType: 'movie', rating: 5, title: 'Heat', content: 'The diner.' }).expect(201);
      const gone = await client.send('post', '/api/reviews', { entityId: 'jaws-1975', entityType: 'movie', rating: 4, title: 'Jaws', content: 'The boat.' }).expect(201);
      await client.send('delete', `/api/reviews/${gone.body.id as number}`).expect(204);
      const found = await t.connections.find({ fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } }, { actor: owner.user.id });
      await client
        .send('post', '/api/connections/save', { fromEntityId: 'kevin-bacon', fromEntityName: 'Kevin Bacon', fromEntityType: 'person', toEntityId: 'tom-hanks', toEntityName: 'Tom Hanks', toEntityType: 'person', path: found.path, degrees: found.degrees })
        .expect(201);
      await follow(fan.user.id, owner.user.id);
      await follow(stranger.user.id, owner.user.id);
      await follow(owner.user.id, fan.user.id);
      await t.events.settled();
    });

    it('counts what the user did, as counted independently, for anyone; private entries only for the owner', async () => {
      const id = owner.user.id;
      const expected = {
        connectionsFound: await countRows(sql`select count(*)::int as n from points_ledger where user_id = ${id} and reason = 'discovery'`),
        savedConnections: await countRows(sql`select count(*)::int as n from saved_connections where user_id = ${id}`),
        filmsLogged: await countRows(sql`select count(*)::int as n from diary_entries where user_id = ${id} and not is_private`),
        watchlistCount: await countRows(sql`select count(*)::int as n from watchlist_items where user_id = ${id} and not watched`),
        followersCount: await countRows(sql`select count(*)::int as n from follows where followee_id = ${id}`),
        followingCount: await countRows(sql`select count(*)::int as n from follows where follower_id = ${id}`),
        challengesCompleted: 0,
      };
      expect(expected).toEqual({ connectionsFound: 1, savedConnections: 1, filmsLogged: 3, watchlistCount: 2, followersCount: 2, followingCount: 1, challengesCompleted: 0 });
      const points = await countRows(sql`select coalesce(sum(points), 0)::int as n from points_ledger where user_id = ${id}`);

      const asGuest = await profileAs(null, id);
      expect(asGuest.stats).toEqual(expected);
      expect(asGuest.reviewCount).toBe(await countRows(sql`select count(*)::int as n from reviews where user_id = ${id} and deleted_at is null`));
      expect(asGuest.reviewCount).toBe(1);
      expect(asGuest.user).toEqual({
        id,
        username: owner.username,
        displayName: expect.any(String),
        joinedAt: expect.any(String),
        bio: null,
        level: expect.any(Number),
        levelName: expect.any(String),
        points,
        lastActive: expect.any(String),
      });
      expect(asGuest.badges).toEqual((await owner.client.send('get', '/api/users/me/badges').expect(200)).body);
      expect(asGuest.badges.length).toBeGreaterThan(0);
      expect(asGuest).toMatchObject({ isSelf: false, isFollowing: false });

      const asOwner = await profileAs(owner.client, id);
      expect(asOwner.stats.filmsLogged).toBe(4);
      expect(asOwner).toMatchObject({ isSelf: true, isFollowing: false });
      expect(await profileAs(fan.client, id)).toMatchObject({ isSelf: false, isFollowing: true, stats: { filmsLogged: 3 } });
      const outsider = await newClient();
      expect(await profileAs(outsider.client, id)).toMatchObject({ isFollowing: false });
      // The spec's name for the same answer, and the lookup by username (any case).
      expect(await profileAs(null, id, 'stats')).toEqual(asGuest);
      const byName = UserProfileSchema.parse((await request(t.app).get(`/api/users/by-username/${owner.username.toUpperCase()}`).expect(200)).body);
      expect({ ...byName, user: { ...byName.user, lastActive: '' } }).toEqual({ ...asGuest, user: { ...asGuest.user, lastActive: '' } });
    });

    it('answers unknown and deactivated users with 404 Profile Not Found, and bad ids with 400', async () => {
      const gone = await newClient();
      await t.users.setActive(gone.user.id, false);
      for (const path of [`/api/users/${gone.user.id}/profile`, `/api/users/${gone.user.id}/stats`, '/api/users/2147483000/profile', `/api/users/by-username/${gone.username}`, '/api/users/by-username/nobody-at-all', `/api/users/${gone.user.id}/badges`, `/api/users/${gone.user.id}/year-stats`]) {
        const res = await request(t.app).get(path).expect(404);
        expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'Profile Not Found', details: {} });
      }
      await request(t.app).get('/api/users/abc/profile').expect(400);
      await request(t.app).get('/api/users/0/stats').expect(400);
    });

    it('lists a user’s badges', async () => {
      const res = await request(t.app).get(`/api/users/${owner.user.id}/badges`).expect(200);
      expect(res.body).toEqual({ badges: (await profileAs(null, owner.user.id)).badges });
    });

    it('edits the caller’s display name and bio; an empty bio clears it', async () => {
      const me = await newClient();
      const edited = UserProfileSchema.parse((await me.client.send('patch', '/api/users/me/profile', { displayName: '  Film Fan ', bio: ' Mostly Michael Mann. ' }).expect(200)).body);
      expect(edited.user).toMatchObject({ id: me.user.id, displayName: 'Film Fan', bio: 'Mostly Michael Mann.' });
      expect((await profileAs(null, me.user.id)).user).toMatchObject({ displayName: 'Film Fan', bio: 'Mostly Michael Mann.' });
      expect((await me.client.send('patch', '/api/users/me/profile', { bio: '' }).expect(200)).body.user).toMatchObject({ displayName: 'Film Fan', bio: null });
      for (const body of [{}, { displayName: '' }, { displayName: 'x'.repeat(41) }, { bio: 'x'.repeat(501) }, { displayName: 5 }, { bio: 'a\u0000' }]) {
        const res = await me.client.send('patch', '/api/users/me/profile', body).expect(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.any(Array) });
      }
      expect((await profileAs(null, me.user.id)).user).toMatchObject({ displayName: 'Film Fan', bio: null });
      await request(t.app).patch('/api/users/me/profile').send({ bio: 'x' }).expect(401);
    });
  });

  describe('year stats', () => {
    let owner: Client;
    beforeAll(async () => {
      owner = await newClient();
      await log(owner.client, 'apollo-13-1995', '2025-01-04', { rating: 4.5 });
      await log(owner.client, 'apollo-13-1995', '2025-01-20', { rating: 5, rewatch: true });
      await log(owner.client, 'forrest-gump-1994', '2025-03-01', { rating: 3 });
      await log(owner.client, 'cast-away-2000', '2025-06-30', { rating: 0.5, isPrivate: true });
      await log(owner.client, 'don-1978', '2024-12-31');
      await log(owner.client, 'heat-1995', '2023-05-05', { isPrivate: true });
    });
    const statsAs = async (client: ApiClient | null, query = '') =>
      YearStatsSchema.parse((await (client ? client.send('get', `/api/users/${owner.user.id}/year-stats${query}`) : request(t.app).get(`/api/users/${owner.user.id}/year-stats${query}`)).expect(200)).body);

    it('counts the owner’s year: months, half-star spread, average, rewatches, people and genres (each film once)', async () => {
      const stats = await statsAs(owner.client, '?year=2025');
      expect(stats).toMatchObject({
        year: 2025,
        years: [2025, 2024, 2023],
        filmsLogged: 4,
        rewatches: 1,
        filmsByMonth: [2, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0],
        ratingSpread: [1, 0, 0, 0, 0, 1, 0, 0, 1, 1],
        averageRating: 3.25,
      });
      // Most films first; among equals as a fan names them (billing, then fame), never alphabetically:
      // the director right after the lead, the cast as billed, the writer, the composer, then the producer.
      expect(stats.topPeople.slice(0, 6)).toEqual([
        { key: 'person:tom-hanks', name: 'Tom Hanks', count: 3 },
        { key: expect.any(String), name: 'Robert Zemeckis', count: 2 },
        { key: expect.any(String), name: 'Gary Sinise', count: 2 },
        { key: expect.any(String), name: 'William Broyles Jr.', count: 2 },
        { key: expect.any(String), name: 'Alan Silvestri', count: 2 },
        { key: expect.any(String), name: 'Steve Starkey', count: 2 },
      ]);
      expect(stats.topPeople).toHaveLength(10);
      expect(stats.topPeople.slice(6).every((person) => person.count === 1)).toBe(true);
      expect(stats.topGenres.map((genre) => [genre.name, genre.count])).toEqual([
        ['Drama', 3],
        ['Romance', 2],
        ['Adventure', 1],
        ['Comedy', 1],
        ['History', 1],
      ]);
      // Without a year: the latest with entries.
      expect(await statsAs(owner.client)).toEqual(stats);
    });

    it('leaves another user’s private entries out', async () => {
      const stats = await statsAs(null, '?year=2025');
      expect(stats).toMatchObject({ years: [2025, 2024], filmsLogged: 3, rewatches: 1, filmsByMonth: [2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0], ratingSpread: [0, 0, 0, 0, 0, 1, 0, 0, 1, 1], averageRating: 4.17 });
      expect(stats.topPeople.slice(0, 2)).toEqual([
        { key: 'person:tom-hanks', name: 'Tom Hanks', count: 2 },
        { key: expect.any(String), name: 'Gary Sinise', count: 2 },
      ]);
      expect(stats.topGenres.map((genre) => [genre.name, genre.count])).toEqual([
        ['Drama', 2],
        ['Comedy', 1],
        ['History', 1],
        ['Romance', 1],
      ]);
      const other = await newClient();
      expect((await statsAs(other.client, '?year=2023')).filmsLogged).toBe(0);
    });

    it('answers an empty year with zeros, and refuses a bad year with 400', async () => {
      const empty = await statsAs(null, '?year=1990');
      expect(empty).toEqual({ year: 1990, years: [2025, 2024], filmsLogged: 0, rewatches: 0, filmsByMonth: Array(12).fill(0), ratingSpread: Array(10).fill(0), averageRating: null, topPeople: [], topGenres: [] });
      for (const year of ['abc', '1869', '3001', '2025.5']) await request(t.app).get(`/api/users/${owner.user.id}/year-stats?year=${year}`).expect(400);
    });
  });

  describe('compare', () => {
    let a: Client;
    let b: Client;
    beforeAll(async () => {
      a = await newClient();
      b = await newClient();
      await log(a.client, 'heat-1995', '2025-01-01', { rating: 5 });
      await log(a.client, 'jaws-1975', '2025-01-02', { rating: 3 });
      await log(a.client, 'apollo-13-1995', '2025-01-03', { rating: 4 });
      await log(a.client, 'don-2006', '2025-01-04', { rating: 5, isPrivate: true });
      await log(b.client, 'heat-1995', '2025-02-01', { rating: 4 });
      await log(b.client, 'jaws-1975', '2025-02-02', { rating: 2 });
      await log(b.client, 'jaws-1975', '2025-02-10', { rating: 4.5 });
      await log(b.client, 'forrest-gump-1994', '2025-02-03', { rating: 5 });
      await log(b.client, 'casablanca-1942', '2025-02-04');
    });
    const compare = async (x: number, y: number) => ProfileComparisonSchema.parse((await request(t.app).get(`/api/users/compare?a=${x}&b=${y}`).expect(200)).body);

    it('finds films in common (public entries), the overlap, each favourite and the chain between them', async () => {
      const result = await compare(a.user.id, b.user.id);
      expect(result.a).toEqual({ id: a.user.id, username: a.username, displayName: expect.any(String), filmsLogged: 3, favourite: { movieId: 'heat-1995', title: 'Heat', posterPath: null } });
      expect(result.b).toMatchObject({ id: b.user.id, filmsLogged: 5, favourite: { movieId: 'forrest-gump-1994' } });
      expect(result.filmsInCommon).toEqual([
        // The catalog's titles, not the ones the test typed (the movie ids).
        { movieId: 'heat-1995', title: 'Heat', ratingA: 5, ratingB: 4 },
        { movieId: 'jaws-1975', title: 'Jaws', ratingA: 3, ratingB: 4.5 },
      ]);
      // 2 in common of 5 films either logged (don-2006 is private).
      expect(result).toMatchObject({ commonCount: 2, tasteOverlap: 40 });
      const chain = result.chain!;
      const direct = await t.connections.find({ fromEntity: { id: 'heat-1995', type: 'movie' }, toEntity: { id: 'forrest-gump-1994', type: 'movie' } }, { actor: null, preview: true });
      expect(chain).toEqual({ degrees: direct.degrees, path: direct.path });
      expect(chain.path[0]!.entity.key).toBe('movie:heat-1995');
      expect(chain.path.at(-1)!.entity.key).toBe('movie:forrest-gump-1994');
      expect(chain.degrees).toBe(chain.path.length - 1);
      // The other way round, the sides swap.
      const swapped = await compare(b.user.id, a.user.id);
      expect([swapped.a.id, swapped.commonCount, swapped.tasteOverlap, swapped.filmsInCommon[1]!.ratingA]).toEqual([b.user.id, 2, 40, 4.5]);
    });

    it('has no favourite or chain for an empty diary, and degree 0 for one favourite', async () => {
      const empty = await newClient();
      const result = await compare(a.user.id, empty.user.id);
      expect(result).toMatchObject({ b: { filmsLogged: 0, favourite: null }, filmsInCommon: [], commonCount: 0, tasteOverlap: 0, chain: null });
      const twin = await newClient();
      await log(twin.client, 'heat-1995', '2024-01-01', { rating: 5 });
      const same = await compare(a.user.id, twin.user.id);
      expect(same.chain).toMatchObject({ degrees: 0, path: [{ entity: { key: 'movie:heat-1995' }, relationship: null }] });
      expect(same).toMatchObject({ commonCount: 1, tasteOverlap: 33 });
    });

    it('refuses unknown or deactivated users with 404 and bad ids with 400', async () => {
      const gone = await newClient();
      await t.users.setActive(gone.user.id, false);
      expect((await request(t.app).get(`/api/users/compare?a=${a.user.id}&b=${gone.user.id}`).expect(404)).body).toMatchObject({ message: 'Profile Not Found' });
      await request(t.app).get(`/api/users/compare?a=2147483000&b=${a.user.id}`).expect(404);
      await request(t.app).get(`/api/users/compare?a=${a.user.id}`).expect(400);
      await request(t.app).get('/api/users/compare?a=x&b=1').expect(400);
    });
  });
});
