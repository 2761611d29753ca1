import { CANNOT_FOLLOW_SELF, FollowResultSchema, SocialUserListSchema, type SocialUser } from '@cinema-dna/shared-types';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/auth/schema.js';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { anonymousClient, createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';

describe.each(databaseTargets())('follows, user search and discover on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  type Member = Awaited<ReturnType<typeof createTestUser>> & { id: number; client: ApiClient };
  const member = async (prefix = 'fan'): Promise<Member> => {
    const account = await createTestUser(t.users, { prefix });
    return { ...account, id: account.user.id, client: await signedInClient(t.app, account.username) };
  };
  const list = async (client: ApiClient, path: string) => SocialUserListSchema.parse((await client.send('get', path).expect(200)).body).users;
  /** A diary entry written as the diary feature stores it (this feature does not import it). */
  const logged = (userId: number, movieId: string, isPrivate = false) =>
    database.db.execute(sql`insert into diary_entries (user_id, movie_id, movie_title, watched_date, is_private) values (${userId}, ${movieId}, ${movieId}, '2026-01-02', ${isPrivate})`);
  const follow = (who: Member, whom: Member) => who.client.send('post', '/api/users/follow', { userId: whom.id }).expect(200);

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

  it('follows a user: both counts move, the lists show it, and following twice changes nothing (200)', async () => {
    const [ada, bob, cy] = [await member('ada'), await member('bob'), await member('cy')];
    const first = FollowResultSchema.parse((await follow(ada, bob)).body);
    expect(first).toEqual({ userId: bob.id, isFollowing: true, followersCount: 1, followingCount: 1 });
    expect(FollowResultSchema.parse((await follow(ada, bob)).body)).toEqual(first);
    expect((await follow(cy, bob)).body).toEqual({ userId: bob.id, isFollowing: true, followersCount: 2, followingCount: 1 });
    await follow(ada, cy);

    // Newest follow first, with the caller's isFollowing and each card's counts.
    const following = await list(ada.client, '/api/users/following');
    expect(following.map((user) => [user.id, user.isFollowing, user.followersCount, user.followingCount])).toEqual([
      [cy.id, true, 1, 1],
      [bob.id, true, 2, 0],
    ]);
    const followers = await list(bob.client, '/api/users/followers');
    expect(followers.map((user) => [user.id, user.isFollowing])).toEqual([
      [cy.id, false],
      [ada.id, false],
    ]);
    // One user.followed per real change: the redundant follow recorded nothing (the feed shows one follow item).
    await t.events.settled();
    const feed = (await t.services.activity.forUser(ada.id, { limit: 50 })).items;
    expect(feed.filter((item) => item.type === 'follow').map((item) => item.content.targetUser)).toEqual([cy.username, bob.username]);
  });

  it('unfollows (200 with the counts after), and a second unfollow is a 404', async () => {
    const [ada, bob] = [await member('ada'), await member('bob')];
    await follow(ada, bob);
    const res = await ada.client.send('delete', `/api/users/unfollow/${bob.id}`).expect(200);
    expect(res.body).toEqual({ userId: bob.id, isFollowing: false, followersCount: 0, followingCount: 0 });
    expect(await list(ada.client, '/api/users/following')).toEqual([]);
    const again = await ada.client.send('delete', `/api/users/unfollow/${bob.id}`).expect(404);
    expect(again.body).toEqual({ code: 'NOT_FOUND', message: 'You are not following this user.', details: {} });
    await ada.client.send('delete', '/api/users/unfollow/999999').expect(404);
    // The sockets of the follower joined and then left the followee's feed room.
    expect(t.notifier.memberships.filter((change) => change.user === ada.id)).toEqual([
      { user: ada.id, room: `feed:${bob.id}`, joined: true },
      { user: ada.id, room: `feed:${bob.id}`, joined: false },
    ]);
  });

  it('refuses to follow oneself (400 with the contract’s text), an unknown or deactivated user (404) and bad ids (400)', async () => {
    const [ada, gone] = [await member('ada'), await member('gone')];
    const self = await ada.client.send('post', '/api/users/follow', { userId: ada.id }).expect(400);
    expect(self.body).toEqual({ code: 'VALIDATION_FAILED', message: CANNOT_FOLLOW_SELF, details: [{ path: 'userId', message: CANNOT_FOLLOW_SELF }] });
    expect((await ada.client.send('post', '/api/users/follow', { userId: 999_999 }).expect(404)).body).toEqual({ code: 'NOT_FOUND', message: 'User not found', details: {} });
    await t.users.setActive(gone.id, false);
    await ada.client.send('post', '/api/users/follow', { userId: gone.id }).expect(404);
    for (const body of [{}, { userId: 0 }, { userId: -3 }, { userId: 1.5 }, { userId: '12' }, { userId: null }, { userId: 2 ** 40 }, []]) {
      const res = await ada.client.send('post', '/api/users/follow', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) await ada.client.send('delete', `/api/users/unfollow/${id}`).expect(400);
    expect(await list(ada.client, '/api/users/following')).toEqual([]);
  });

  it('answers anonymous callers 401 on every call', async () => {
    const anonymous = await anonymousClient(t.app);
    await anonymous.send('post', '/api/users/follow', { userId: 1 }).expect(401);
    await anonymous.send('delete', '/api/users/unfollow/1').expect(401);
    for (const path of ['/api/users/following', '/api/users/followers', '/api/users/discover', '/api/users/search?q=ada']) await anonymous.send('get', path).expect(401);
  });

  it('searches usernames and display names case-insensitively, active accounts only, more than 2 characters', async () => {
    const ada = await member('ada');
    const marker = `zq${ada.username.slice(-6)}`;
    const named = await member('plain');
    await database.db.update(users).set({ displayName: `Ms ${marker.toUpperCase()} Lovelace` }).where(eq(users.id, named.id));
    const byName = await member(marker);
    const gone = await member(marker);
    await t.users.setActive(gone.id, false);

    const found = await list(ada.client, `/api/users/search?q=${marker.toUpperCase()}`);
    // The username starting with the query ranks before a display name containing it.
    expect(found.map((user) => user.id)).toEqual([byName.id, named.id]);
    expect(found[1]).toMatchObject({ displayName: `Ms ${marker.toUpperCase()} Lovelace`, isFollowing: false });
    expect(await list(ada.client, `/api/users/search?q=${encodeURIComponent(`  ${marker.slice(0, 5)}  `)}`)).toHaveLength(2);
    // LIKE's wildcards typed by the user match only themselves.
    expect(await list(ada.client, '/api/users/search?q=%25%25%25')).toEqual([]);
    expect(await list(ada.client, '/api/users/search?q=___')).toEqual([]);

    for (const query of ['', 'q=', 'q=ab', `q=${encodeURIComponent('  ab  ')}`, `q=${'x'.repeat(101)}`, 'q=a%00b']) {
      const res = await ada.client.send('get', `/api/users/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('caps a search at 20 results', async () => {
    const ada = await member('ada');
    const prefix = `many${ada.username.slice(-5)}`;
    for (let i = 0; i < 22; i++) await createTestUser(t.users, { prefix });
    expect(await list(ada.client, `/api/users/search?q=${prefix}`)).toHaveLength(20);
  });

  it('fills each card from its owners: points and level, reviews, discoveries, badges newest first', async () => {
    const [ada, critic] = [await member('ada'), await member('critic')];
    await critic.client.send('post', '/api/reviews', { entityId: 'mad-max-fury-road-2015', entityType: 'movie', rating: 5, title: 'Witness', content: 'Chrome: shiny and chrome from the first frame to the last.' }).expect(201);
    await t.events.settled();
    await critic.client.send('post', '/api/watchlist', { movieId: 'apollo-13-1995', movieTitle: 'Apollo 13' }).expect(201);
    await t.events.settled();
    await follow(ada, critic);
    const [card] = await list(ada.client, '/api/users/following');
    const progress = (await critic.client.send('get', '/api/users/me/progress').expect(200)).body as { points: number; level: number; levelName: string; connectionsFound: number };
    expect(card).toMatchObject({
      id: critic.id,
      username: critic.username,
      points: progress.points,
      level: progress.level,
      levelName: progress.levelName,
      connectionsFound: progress.connectionsFound,
      reviewCount: 1,
      followersCount: 1,
      followingCount: 0,
      isFollowing: true,
    });
    expect(progress.points).toBeGreaterThanOrEqual(5 + 10 + 2 + 5);
    expect(card!.badges).toEqual([
      { id: 'watchlist-starter', name: 'Watchlist Starter', isRare: false },
      { id: 'first-review', name: 'First Review', isRare: false },
    ]);
    expect(Date.parse(card!.lastActive)).not.toBeNaN();
  });

  it('discovers friends of friends first, then similar taste, then the recently active; never oneself or the followed', async () => {
    const me = await member('me');
    const [f1, f2, x, y, z, taste, hidden, gone] = [await member('f1'), await member('f2'), await member('x'), await member('y'), await member('z'), await member('taste'), await member('hidden'), await member('gone')];
    await follow(me, f1);
    await follow(me, f2);
    await follow(me, z);
    await follow(f1, x);
    await follow(f2, x);
    await follow(f1, y);
    await follow(f1, z); // followed already: never suggested
    await follow(f1, me); // oneself: never suggested
    await follow(f2, gone);
    await t.users.setActive(gone.id, false);

    // Taste: two films in common with `taste` (watchlist and review), one only through a private diary entry with `hidden`.
    await t.services.watchlist.add(me.id, { movieId: 'goodfellas-1990', movieTitle: 'Goodfellas' });
    await t.services.reviews.create(me.id, { entityId: 'unforgiven-1992', entityType: 'movie', rating: 4, title: 'West', content: 'Grim.' });
    await logged(me.id, 'schindlers-list-1993');
    await logged(taste.id, 'goodfellas-1990');
    await t.services.watchlist.add(taste.id, { movieId: 'unforgiven-1992', movieTitle: 'Unforgiven' });
    await logged(hidden.id, 'schindlers-list-1993', true);

    const found = await list(me.client, '/api/users/discover');
    expect(found.length).toBeLessThanOrEqual(12);
    const ids = found.map((user) => user.id);
    expect(ids.slice(0, 3)).toEqual([x.id, y.id, taste.id]);
    expect(found.slice(0, 3).map((user) => [user.reasonKind, user.reason])).toEqual([
      ['followed-by-friends', `Followed by ${[f1.username, f2.username].sort()[0]} and 1 other`],
      ['followed-by-friends', `Followed by ${f1.username}`],
      ['similar-taste', '2 films in common'],
    ]);
    for (const never of [me.id, f1.id, f2.id, z.id, gone.id]) expect(ids).not.toContain(never);
    // The rest are the recently active (a private diary entry is no film in common).
    expect(found.slice(3).every((user) => user.reasonKind === 'active')).toBe(true);
    expect(found.every((user) => !user.isFollowing)).toBe(true);
    const hiddenCard = found.find((user: SocialUser) => user.id === hidden.id);
    if (hiddenCard) expect(hiddenCard.reasonKind).toBe('active');
    // Sorted by last activity, newest first.
    const active = found.slice(3).map((user) => Date.parse(user.lastActive));
    expect(active).toEqual([...active].sort((a, b) => b - a));
  });
});
