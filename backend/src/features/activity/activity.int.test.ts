import { ActivityFeedSchema, ActivityItemSchema, SearchParametersSchema, type ActivityFeed, type ActivityItem, type DomainEventPayload } from '@cinema-dna/shared-types';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { userAggregate, type OutboxEventName } from '../../platform/events/index.js';
import { domainEventDeliveries, domainEvents } from '../../platform/events/schema.js';
import { anonymousClient, createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';
import { activityItems } from './schema.js';

describe.each(databaseTargets())('the activity feed on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  type Member = { id: number; username: string; client: ApiClient };
  const member = async (prefix = 'fan'): Promise<Member> => {
    const account = await createTestUser(t.users, { prefix });
    return { id: account.user.id, username: account.username, client: await signedInClient(t.app, account.username) };
  };
  const follow = (who: Member, whom: Member) => who.client.send('post', '/api/users/follow', { userId: whom.id }).expect(200);
  const feedOf = async (who: Member, query = ''): Promise<ActivityFeed> => ActivityFeedSchema.parse((await who.client.send('get', `/api/activity/feed${query}`).expect(200)).body);
  const record = async <N extends OutboxEventName>(name: N, payload: DomainEventPayload<N>, userId: number): Promise<string> => {
    const id = await t.events.transaction((tx) => t.events.record(tx, name, payload, userAggregate(userId)));
    await t.events.settled();
    return id;
  };
  /** Every `activity:new` pushed to a user's followers, in order. */
  const pushedFor = (authorId: number) =>
    t.notifier.sent.filter((sent) => sent.event === 'activity:new' && typeof sent.target === 'object' && 'room' in sent.target && sent.target.room === `feed:${authorId}`).map((sent) => ActivityItemSchema.parse(sent.payload[0]));
  const review = (entityId: string) => ({ entityId, entityType: 'movie', rating: 4, title: 'Seen it', content: 'Liked it: a story told well, and every frame counts.' });
  const diary = (userId: number, entryId: number, isPrivate: boolean): DomainEventPayload<'diary.logged'> => ({
    userId,
    entryId,
    movieId: 'goodfellas-1990',
    movieTitle: 'Goodfellas',
    watchedDate: '2026-11-20',
    rating: 4.5,
    rewatch: true,
    isPrivate,
  });

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

  it('writes an item for each public moment of the people you follow, newest first, and pushes each to their followers', async () => {
    const [reader, author, target] = [await member('reader'), await member('author'), await member('target')];
    await follow(reader, author);
    await author.client.send('post', '/api/reviews', review('mad-max-fury-road-2015')).expect(201);
    await t.events.settled();
    await author.client.send('post', '/api/watchlist', { movieId: 'apollo-13-1995', movieTitle: 'Apollo 13' }).expect(201);
    await t.events.settled();
    await follow(author, target);
    await t.events.settled();
    await record('connection.saved', { userId: author.id, connectionId: 41, from: 'person:kevin-bacon', to: 'person:tom-hanks', degrees: 2 }, author.id);
    await record('challenge.solved', { userId: author.id, challengeId: 'list-no-such', daily: false, par: 3, degrees: 4, timeMs: 1000, points: 30, date: null }, author.id);

    const { items, nextCursor } = await feedOf(reader);
    expect(nextCursor).toBeNull();
    const user = { id: author.id, username: author.username, displayName: author.username };
    expect(items.map((item) => [item.type, item.user, item.content])).toEqual([
      ['challenge', user, { challengeTitle: 'list-no-such', points: 30, degrees: 4 }],
      ['badge', user, { badgeName: 'Keeper' }],
      ['connection', user, { from: 'Kevin Bacon', to: 'Tom Hanks', degrees: 2 }],
      ['follow', user, { targetUser: target.username, targetDisplayName: target.username }],
      ['badge', user, { badgeName: 'Watchlist Starter' }],
      ['list', user, { listName: 'Watchlist', movieTitle: 'Apollo 13', entityKey: 'movie:apollo-13-1995' }],
      ['badge', user, { badgeName: 'First Review' }],
      ['review', user, { movieTitle: 'Mad Max: Fury Road', entityKey: 'movie:mad-max-fury-road-2015', rating: 4 }],
    ]);
    // Each item went once to the author's feed room, as the feed shows it.
    expect(pushedFor(author.id).reverse()).toEqual(items);
    // The same items on the author's public activity; the reader's own feed holds nobody else's.
    const publicItems = ActivityFeedSchema.parse((await (await anonymousClient(t.app)).send('get', `/api/users/${author.id}/activity`).expect(200)).body);
    expect(publicItems.items).toEqual(items);
    expect((await feedOf(target)).items).toEqual([]);
  });

  it('takes back a deleted review and an unfollow', async () => {
    const [reader, author, target] = [await member('reader'), await member('author'), await member('target')];
    await follow(reader, author);
    const written = (await author.client.send('post', '/api/reviews', review('apollo-13-1995')).expect(201)).body as { id: number };
    await follow(author, target);
    await t.events.settled();
    expect((await feedOf(reader)).items.map((item) => item.type).sort()).toEqual(['badge', 'follow', 'review']);
    await author.client.send('delete', `/api/reviews/${written.id}`).expect(204);
    await author.client.send('delete', `/api/users/unfollow/${target.id}`).expect(200);
    await t.events.settled();
    expect((await feedOf(reader)).items.map((item) => item.type)).toEqual(['badge']);
  });

  it('keeps items true to edits: a diary entry or a review changed, a film taken off the watchlist, a review hidden then restored', async () => {
    const [reader, author] = [await member('reader'), await member('author')];
    await follow(reader, author);
    const entry = (await author.client.send('post', '/api/diary', { movieId: 'heat-1995', movieTitle: 'Heat', watchedDate: '2026-11-01', rating: 3 }).expect(201)).body as { id: number };
    const written = (await author.client.send('post', '/api/reviews', review('apollo-13-1995')).expect(201)).body as { id: number };
    await author.client.send('post', '/api/watchlist', { movieId: 'se7en-1995', movieTitle: 'Se7en' }).expect(201);
    await t.events.settled();
    const itemsOf = async () => (await feedOf(reader)).items.filter((item) => item.type !== 'badge');
    const before = await itemsOf();
    expect(before.map((item) => item.type)).toEqual(['list', 'review', 'diary']);

    // The entry now names another film, a new rating and a rewatch; the review another rating.
    await author.client.send('patch', `/api/diary/${entry.id}`, { movieId: 'goodfellas-1990', rating: 4.5, rewatch: true }).expect(200);
    await author.client.send('patch', `/api/reviews/${written.id}`, { rating: 2 }).expect(200);
    await author.client.send('delete', '/api/watchlist/se7en-1995').expect(204);
    await t.events.settled();
    const edited = await itemsOf();
    expect(edited.map((item) => [item.type, item.content])).toEqual([
      ['review', { movieTitle: 'Apollo 13', entityKey: 'movie:apollo-13-1995', rating: 2 }],
      ['diary', { movieTitle: 'Goodfellas', entityKey: 'movie:goodfellas-1990', rating: 4.5, rewatch: true }],
    ]);
    // Edited in place: the same items at the same moments.
    expect(edited.map((item) => [item.id, item.timestamp])).toEqual(before.slice(1).map((item) => [item.id, item.timestamp]));

    // Hidden by a moderator: gone; restored: back where it was, not pushed as news.
    const pushed = pushedFor(author.id).length;
    await t.services.reviews.moderate(reader.id, written.id, true, t.services.audit);
    await t.events.settled();
    expect((await itemsOf()).map((item) => item.type)).toEqual(['diary']);
    await t.services.reviews.moderate(reader.id, written.id, false, t.services.audit);
    await t.events.settled();
    const restored = await itemsOf();
    expect(restored.map((item) => [item.type, item.content]).sort()).toEqual([
      ['diary', edited[1]!.content],
      ['review', { movieTitle: 'Apollo 13', entityKey: 'movie:apollo-13-1995', rating: 2 }],
    ]);
    // At the moment the review was written (its item had been written just after), not now.
    const back = restored.find((item) => item.type === 'review')!;
    expect(Date.parse(back.timestamp)).toBeLessThanOrEqual(Date.parse(before[1]!.timestamp));
    expect(Date.parse(before[1]!.timestamp) - Date.parse(back.timestamp)).toBeLessThan(60_000);
    expect(pushedFor(author.id)).toHaveLength(pushed);
  });

  it('never shows a private diary entry in any feed, and a withdrawn entry leaves the feed', async () => {
    const [reader, author] = [await member('reader'), await member('author')];
    await follow(reader, author);
    await record('diary.logged', diary(author.id, 901, true), author.id);
    expect((await feedOf(reader)).items).toEqual([]);
    expect((await t.services.activity.forUser(author.id, { limit: 50 })).items).toEqual([]);
    expect(pushedFor(author.id)).toEqual([]);
    expect(await database.db.select().from(activityItems).where(eq(activityItems.userId, author.id))).toEqual([]);

    await record('diary.logged', diary(author.id, 902, false), author.id);
    const [logged] = (await feedOf(reader)).items;
    expect(logged).toMatchObject({ type: 'diary', content: { movieTitle: 'Goodfellas', entityKey: 'movie:goodfellas-1990', rating: 4.5, rewatch: true } });
    expect(pushedFor(author.id).map((item) => item.id)).toEqual([logged!.id]);
    // Made private (logged again as private) or deleted: the item is gone.
    await record('diary.logged', diary(author.id, 902, true), author.id);
    expect((await feedOf(reader)).items).toEqual([]);
    await record('diary.logged', diary(author.id, 903, false), author.id);
    expect((await feedOf(reader)).items).toHaveLength(1);
    await record('diary.withdrawn', { userId: author.id, entryId: 903 }, author.id);
    expect((await feedOf(reader)).items).toEqual([]);
  });

  it('writes an item once when its event is delivered again (idempotent by source event)', async () => {
    const [reader, author] = [await member('reader'), await member('author')];
    await follow(reader, author);
    const eventId = await record('badge.earned', { userId: author.id, badgeId: 'critic', name: 'Critic', pointsReward: 50, earnedAt: new Date().toISOString() }, author.id);
    await database.db.delete(domainEventDeliveries).where(eq(domainEventDeliveries.eventId, eventId));
    await database.db.update(domainEvents).set({ deliveredAt: null, claimedUntil: null }).where(eq(domainEvents.id, eventId));
    await t.events.settled();
    const [redelivered] = await database.db.select({ deliveredAt: domainEvents.deliveredAt }).from(domainEvents).where(eq(domainEvents.id, eventId));
    expect(redelivered?.deliveredAt).not.toBeNull();
    const items = (await feedOf(reader)).items.filter((item) => item.type === 'badge' && item.content.badgeName === 'Critic');
    expect(items).toHaveLength(1);
    expect(await database.db.select({ id: activityItems.id }).from(activityItems).where(eq(activityItems.sourceEventId, eventId))).toHaveLength(1);
  });

  it('writes one connection item per signed-in user and pair per UTC day from found chains, none for anonymous or failed searches', async () => {
    const [reader, author] = [await member('reader'), await member('author')];
    await follow(reader, author);
    const parameters = SearchParametersSchema.parse({});
    const found = (actor: number | null, from: string, to: string, degrees: number | null) =>
      t.events.publish('connection.found', { actor, from, to, parameters, degrees, cached: false, usedObscure: false }, actor === null ? 'anonymous' : userAggregate(actor));
    found(author.id, 'person:kevin-bacon', 'person:tom-hanks', 2);
    found(author.id, 'person:tom-hanks', 'person:kevin-bacon', 2); // the same pair the other way round
    found(author.id, 'person:kevin-bacon', 'person:tom-hanks', 2);
    found(author.id, 'person:kevin-bacon', 'movie:apollo-13-1995', null); // nothing found
    found(null, 'person:kevin-bacon', 'movie:apollo-13-1995', 1);
    await t.events.settled();
    found(author.id, 'person:kevin-bacon', 'person:tom-hanks', 2); // a later batch, the same day
    found(author.id, 'person:kevin-bacon', 'movie:apollo-13-1995', 1);
    await t.events.settled();
    const items = (await feedOf(reader)).items.filter((item) => item.type === 'connection');
    expect(items.map((item) => item.content)).toEqual([
      { from: 'Kevin Bacon', to: 'Apollo 13', degrees: 1 },
      { from: 'Kevin Bacon', to: 'Tom Hanks', degrees: 2 },
    ]);
    expect(pushedFor(author.id).filter((item) => item.type === 'connection')).toHaveLength(2);
  });

  it('pages the feed by cursor without duplicates or gaps, items of equal time included', async () => {
    const reader = await member('reader');
    const authors = [await member('a'), await member('b'), await member('c')];
    for (const author of authors) await follow(reader, author);
    const stranger = await member('stranger');
    // 25 items per author, many sharing a timestamp (ties broken by id), and items of someone not followed.
    await database.db.execute(sql`
      insert into activity_items (user_id, type, content, source_event_id, created_at)
      select u, 'badge', jsonb_build_object('badgeName', 'B' || n), 'page:' || u || ':' || n, timestamptz '2026-01-01' + (n / 3) * interval '1 second'
      from unnest(${`{${[...authors, stranger].map((author) => author.id).join(',')}}`}::int[]) as u, generate_series(1, 25) as n`);
    const seen: ActivityItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ActivityFeed = await feedOf(reader, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(seen).toHaveLength(75);
    expect(new Set(seen.map((item) => item.id)).size).toBe(75);
    expect(seen.every((item) => item.user.id !== stranger.id)).toBe(true);
    const keys = seen.map((item) => [Date.parse(item.timestamp), BigInt(item.id)] as const);
    for (let i = 1; i < keys.length; i++) {
      const [prev, next] = [keys[i - 1]!, keys[i]!];
      expect(prev[0] > next[0] || (prev[0] === next[0] && prev[1] > next[1])).toBe(true);
    }
    // The default page is 20, the most 50.
    expect((await feedOf(reader)).items).toHaveLength(20);
    expect((await feedOf(reader, '?limit=50')).items).toHaveLength(50);
    // A user's own activity pages the same way.
    const first = ActivityFeedSchema.parse((await reader.client.send('get', `/api/users/${authors[0]!.id}/activity?limit=20`).expect(200)).body);
    const second = ActivityFeedSchema.parse((await reader.client.send('get', `/api/users/${authors[0]!.id}/activity?limit=20&cursor=${first.nextCursor}`).expect(200)).body);
    expect([first.items.length, second.items.length, second.nextCursor]).toEqual([20, 5, null]);
  });

  it('answers a bad cursor, a bad limit or a bad user id with 400, an unknown or deactivated user with 404, and the feed to anonymous callers with 401', async () => {
    const reader = await member('reader');
    const forged = Buffer.from('2026-01-01T00:00:00.000000Z|1; drop table users').toString('base64url');
    const wrongShape = Buffer.from('yesterday|12').toString('base64url');
    for (const query of ['?cursor=abc', `?cursor=${forged}`, `?cursor=${wrongShape}`, '?cursor=%00', `?cursor=${'A'.repeat(101)}`, '?limit=0', '?limit=51', '?limit=ten', '?cursor=a&cursor=b']) {
      for (const path of ['/api/activity/feed', `/api/users/${reader.id}/activity`]) {
        const res = await reader.client.send('get', `${path}${query}`);
        expect(res.status, `${path}${query}`).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      }
    }
    for (const id of ['abc', '0', '-2', '1.5', '99999999999']) await reader.client.send('get', `/api/users/${id}/activity`).expect(400);
    await reader.client.send('get', '/api/users/999999/activity').expect(404);
    const gone = await member('gone');
    await t.users.setActive(gone.id, false);
    await reader.client.send('get', `/api/users/${gone.id}/activity`).expect(404);
    await (await anonymousClient(t.app)).send('get', '/api/activity/feed').expect(401);
  });
});
