/**
 * An account's public traces, as other people read them:
 * - deactivated by an admin, its reviews, watchlist, board rows, feed items and follow counts leave
 *   every public read; reactivated, they come back (board scores recomputed from the ledger);
 * - a film's or entity's name shown to anyone but the author is the catalog's, never one a client typed.
 */
import { ActivityFeedSchema, EntityReviewsSchema, LeaderboardSchema, type PathStep } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { anonymousClient, createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { testAwards } from '../../test-support/points.js';
import { databaseTargets } from '../../test-support/targets.js';

const HOSTILE = 'Buy cheap pills at evil.example';

describe.each(databaseTargets())('public traces on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let admin: ApiClient;
  let visitor: ApiClient;
  type Member = { id: number; username: string; client: ApiClient };
  const member = async (prefix: string): Promise<Member> => {
    const account = await createTestUser(t.users, { prefix });
    return { id: account.user.id, username: account.username, client: await signedInClient(t.app, account.username) };
  };

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
    await t.services.leaderboards.idle();
    admin = await signedInClient(t.app, (await createTestUser(t.users, { prefix: 'admin', role: 'admin' })).username);
    visitor = await anonymousClient(t.app);
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('a deactivated account’s reviews, watchlist, board rows, feed items and follow counts leave every public read, and come back when it is reactivated', async () => {
    const [author, reader] = [await member('hidden'), await member('reader')];
    await reader.client.send('post', '/api/users/follow', { userId: author.id }).expect(200);
    await author.client.send('post', '/api/reviews', { entityId: 'heat-1995', entityType: 'movie', rating: 5, title: 'Heat', content: 'The diner scene alone is worth the three hours.' }).expect(201);
    await author.client.send('post', '/api/watchlist', { movieId: 'jaws-1975', movieTitle: 'Jaws' }).expect(201);
    await t.events.settled();
    // Far ahead of anyone else on the all-time board.
    await testAwards(t.events)(author.id, 'challenge', 100_000, { par: 3, degrees: 3 });
    await t.events.settled();

    const board = async () => LeaderboardSchema.parse((await visitor.send('get', '/api/leaderboards/global?period=all-time&metric=points&limit=100').expect(200)).body);
    const entityReviews = async () => EntityReviewsSchema.parse((await visitor.send('get', '/api/entity/movie/heat-1995/reviews').expect(200)).body);
    const feed = async () => ActivityFeedSchema.parse((await reader.client.send('get', '/api/activity/feed?limit=50').expect(200)).body).items;
    const followingOfReader = async () => ((await visitor.send('get', `/api/users/${reader.id}/profile`).expect(200)).body as { stats: { followingCount: number } }).stats.followingCount;
    const visible = async () => ({
      reviewOnEntity: (await entityReviews()).reviews.some((review) => review.author.id === author.id),
      reviews: (await visitor.send('get', `/api/users/${author.id}/reviews`)).status,
      watchlist: (await visitor.send('get', `/api/users/${author.id}/watchlist`)).status,
      boardRow: (await board()).rows.find((row) => row.id === author.id)?.rank ?? null,
      feedItems: (await feed()).filter((item) => item.user.id === author.id).length,
      activity: (await visitor.send('get', `/api/users/${author.id}/activity`)).status,
      readerFollowing: await followingOfReader(),
      // The reader's own "followed <author>" item names the author: it is a trace of theirs too.
      followOfAuthor: ActivityFeedSchema.parse((await visitor.send('get', `/api/users/${reader.id}/activity`).expect(200)).body).items.filter(
        (item) => item.type === 'follow' && item.content.targetUser === author.username,
      ).length,
    });

    const before = await visible();
    expect(before).toMatchObject({ reviewOnEntity: true, reviews: 200, watchlist: 200, boardRow: 1, activity: 200, readerFollowing: 1, followOfAuthor: 1 });
    expect(before.feedItems).toBeGreaterThan(1);
    const { count: countBefore } = await entityReviews();
    const totalBefore = (await board()).total;
    const scoreBefore = (await board()).rows.find((row) => row.id === author.id)!.score;

    await admin.send('patch', `/api/admin/users/${author.id}`, { isActive: false }).expect(200);
    await t.events.settled();
    expect(await visible()).toEqual({ reviewOnEntity: false, reviews: 404, watchlist: 404, boardRow: null, feedItems: 0, activity: 404, readerFollowing: 0, followOfAuthor: 0 });
    expect((await entityReviews()).count).toBe(countBefore - 1);
    expect((await board()).total).toBe(totalBefore - 1);
    // Off the board itself (its sorted set), not only off the page a reader gets.
    expect((await t.services.leaderboards.rankOf(author.id)).globalRank).toBeNull();
    // A rebuild from the ledger keeps it off.
    await t.services.leaderboards.rebuild();
    expect((await board()).rows.some((row) => row.id === author.id)).toBe(false);

    await admin.send('patch', `/api/admin/users/${author.id}`, { isActive: true }).expect(200);
    await t.events.settled();
    expect(await visible()).toEqual(before);
    expect((await board()).rows.find((row) => row.id === author.id)?.score).toBe(scoreBefore);
    expect((await entityReviews()).count).toBe(countBefore);
  });

  it(`a title a client typed ("${HOSTILE}") never reaches a follower's feed, the public watchlist or profile, or a saved connection`, async () => {
    const [author, reader] = [await member('typist'), await member('follower')];
    await reader.client.send('post', '/api/users/follow', { userId: author.id }).expect(200);
    const added = await author.client.send('post', '/api/watchlist', { movieId: 'heat-1995', movieTitle: HOSTILE }).expect(201);
    expect(added.body.movieTitle).toBe('Heat');
    const logged = await author.client.send('post', '/api/diary', { movieId: 'heat-1995', movieTitle: HOSTILE, watchedDate: '2026-11-01', rating: 4 }).expect(201);
    expect(logged.body.movieTitle).toBe('Heat');
    const edited = await author.client.send('patch', `/api/diary/${logged.body.id}`, { movieTitle: HOSTILE }).expect(200);
    expect(edited.body.movieTitle).toBe('Heat');
    await author.client.send('post', '/api/watched', { movieId: 'jaws-1975', movieTitle: HOSTILE }).expect(200);

    const path: PathStep[] = (await t.connections.find({ fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } }, { actor: null })).path;
    const tampered = path.map((step) => ({ ...step, entity: { ...step.entity, name: HOSTILE, overview: HOSTILE }, relationship: step.relationship && { ...step.relationship, label: HOSTILE, character: HOSTILE } }));
    const saved = await author.client
      .send('post', '/api/connections/save', { fromEntityId: 'kevin-bacon', fromEntityName: HOSTILE, fromEntityType: 'person', toEntityId: 'tom-hanks', toEntityName: HOSTILE, toEntityType: 'person', path: tampered })
      .expect(201);
    expect(saved.body.fromEntity.name).toBe('Kevin Bacon');
    expect(saved.body.toEntity.name).toBe('Tom Hanks');
    expect(saved.body.path).toEqual(path);
    await t.events.settled();

    const feed = ActivityFeedSchema.parse((await reader.client.send('get', '/api/activity/feed?limit=50').expect(200)).body);
    expect(feed.items.map((item) => [item.type, item.content.movieTitle ?? item.content.from ?? null]).filter(([type]) => type !== 'badge' && type !== 'follow')).toEqual(
      expect.arrayContaining([
        ['diary', 'Heat'],
        ['list', 'Heat'],
        ['connection', 'Kevin Bacon'],
      ]),
    );
    const readable = [
      JSON.stringify(feed),
      (await visitor.send('get', `/api/users/${author.id}/activity`).expect(200)).text,
      (await visitor.send('get', `/api/users/${author.id}/watchlist`).expect(200)).text,
      (await visitor.send('get', `/api/users/${author.id}/profile`).expect(200)).text,
      (await visitor.send('get', `/api/users/${author.id}/year-stats?year=2026`)).text,
      (await admin.send('get', `/api/users/${author.id}/connections`).expect(200)).text,
    ];
    for (const text of readable) expect(text).not.toContain('evil.example');

    // Rows stored before titles were the catalog's are read with the catalog's name too.
    await database.db.execute(sql`update watchlist_items set movie_title = ${HOSTILE} where user_id = ${author.id}`);
    await database.db.execute(sql`update diary_entries set movie_title = ${HOSTILE} where user_id = ${author.id}`);
    const compared = await visitor.send('get', `/api/users/compare?a=${author.id}&b=${reader.id}`).expect(200);
    expect(compared.body.a.favourite).toMatchObject({ movieId: 'heat-1995', title: 'Heat' });
    expect(compared.text).not.toContain('evil.example');
    await database.db.execute(sql`update activity_items set content = jsonb_set(content, '{movieTitle}', to_jsonb(${HOSTILE}::text)) where user_id = ${author.id} and content ? 'movieTitle'`);
    expect((await visitor.send('get', `/api/users/${author.id}/watchlist`).expect(200)).body.items.map((item: { movieTitle: string }) => item.movieTitle).sort()).toEqual(['Heat', 'Jaws']);
    expect(JSON.stringify((await reader.client.send('get', '/api/activity/feed?limit=50').expect(200)).body)).not.toContain('evil.example');
  });
});
