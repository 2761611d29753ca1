import { DISCOVERY_DAILY_CAP, LedgerHistorySchema, LEVELS, levelProgress, PointsChangedSchema, ProgressResponseSchema, SearchParametersSchema, type DomainEventPayload, type LedgerHistory } from '@cinema-dna/shared-types';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../platform/auth/schema.js';
import type { SharedState } from '../../platform/cache/types.js';
import { domainEventDeliveries, domainEvents } from '../../platform/events/schema.js';
import { userAggregate, type AnyDomainEvent, type OutboxEventName, type Subscriber } from '../../platform/events/index.js';
import { createLogger } from '../../platform/logging.js';
import { createTestUser, signedInClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets } from '../../test-support/targets.js';
import { createLedger } from './ledger.js';
import { pointsLedger } from './schema.js';
import { discoveryKey, registerPointsSubscribers } from './subscribers.js';

const bacon = { id: 'kevin-bacon', type: 'person' as const };
const hanks = { id: 'tom-hanks', type: 'person' as const };

describe.each(databaseTargets())('points ledger on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = await sharedStateTargets()[0]!.open();
    t = await openTestApp({ database, shared });
  });
  afterAll(async () => {
    await t?.close();
    await shared?.close();
    await database?.dispose();
  });

  /** Records an outbox event about `userId` as a feature would, and waits for its subscribers. */
  async function record<N extends OutboxEventName>(name: N, payload: DomainEventPayload<N>, userId: number): Promise<string> {
    const id = await t.events.transaction((tx) => t.events.record(tx, name, payload, userAggregate(userId)));
    await t.events.settled();
    return id;
  }

  const ledgerOf = (userId: number) => database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(pointsLedger.id);
  /**
   * The cached balance, the ledger's sum, and that sum without badge rewards (the badges feature
   * pays those on its own schedule: the badge tests check them).
   */
  async function balanceOf(userId: number): Promise<{ points: number; level: number; sum: number; withoutBadges: number }> {
    const [account] = await database.db.select({ points: users.points, level: users.level }).from(users).where(eq(users.id, userId));
    const [row] = await database.db
      .select({ sum: sql<number>`coalesce(sum(${pointsLedger.points}), 0)::int`, withoutBadges: sql<number>`coalesce(sum(${pointsLedger.points}) filter (where ${pointsLedger.reason} <> 'badge'), 0)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, userId));
    expect(account!.points).toBe(row!.sum);
    return { points: account!.points, level: account!.level, sum: row!.sum, withoutBadges: row!.withoutBadges };
  }
  const notBadge = (row: { reason: string }) => row.reason !== 'badge';
  const pushesTo = (userId: number, event: string) => t.notifier.sent.filter((sent) => typeof sent.target === 'object' && 'user' in sent.target && sent.target.user === userId && sent.event === event).map((sent) => sent.payload[0]);

  it('pays a daily login once a UTC day: registration day and a sign-in the same day are one login', async () => {
    const { user, username } = await createTestUser(t.users);
    await signedInClient(t.app, username);
    await signedInClient(t.app, username);
    await t.events.settled();
    const rows = (await ledgerOf(user.id)).filter(notBadge);
    expect(rows.map((row) => [row.reason, row.points, row.awardKey])).toEqual([['daily_login', 1, `daily-login:${new Date(rows[0]!.createdAt).toISOString().slice(0, 10)}`]]);
    expect(await balanceOf(user.id)).toMatchObject({ withoutBadges: 1 });
  });

  it('pays a discovery once per unordered pair, whatever the direction or the parameters, and keeps the names for the history', async () => {
    const { user, username } = await createTestUser(t.users);
    const client = await signedInClient(t.app, username);
    await client.send('post', '/api/find-connection', { fromEntity: bacon, toEntity: hanks }).expect(200);
    await client.send('post', '/api/find-connection', { fromEntity: hanks, toEntity: bacon }).expect(200);
    await client.send('post', '/api/find-connection', { fromEntity: bacon, toEntity: hanks, parameters: { maxDegrees: 3 } }).expect(200);
    await client.send('post', '/api/connections/find', { fromEntityId: 'person:tom-hanks', toEntityId: 'person:kevin-bacon' }).expect(200);
    // An anonymous search of a new pair pays nobody.
    await request(t.app).post('/api/find-connection').send({ fromEntity: bacon, toEntity: { id: 'meryl-streep', type: 'person' } }).expect(200);
    await t.events.settled();

    const discoveries = (await ledgerOf(user.id)).filter((row) => row.reason === 'discovery');
    expect(discoveries.map((row) => [row.points, row.awardKey, row.details])).toEqual([
      [10, discoveryKey('person:kevin-bacon', 'person:tom-hanks'), { from: 'person:kevin-bacon', to: 'person:tom-hanks', degrees: 2, fromName: 'Kevin Bacon', toName: 'Tom Hanks' }],
    ]);
    const progress = ProgressResponseSchema.parse((await client.send('get', '/api/users/me/progress').expect(200)).body);
    const balance = await balanceOf(user.id);
    expect(balance.withoutBadges).toBe(11);
    expect(progress).toEqual({ ...levelProgress(balance.points), connectionsFound: 1, recent: expect.any(Array) });
    expect(progress.recent.filter(notBadge).map((entry) => [entry.reason, entry.points, entry.description])).toEqual([
      ['discovery', 10, 'Kevin Bacon → Tom Hanks'],
      ['daily_login', 1, 'Daily login'],
    ]);
    // The header heard of both awards, the latest with the balance after it.
    const changes = pushesTo(user.id, 'points:changed').map((changed) => PointsChangedSchema.parse(changed));
    expect(changes.filter(notBadge).map((changed) => [changed.delta, changed.reason])).toEqual([
      [1, 'daily_login'],
      [10, 'discovery'],
    ]);
    expect(changes.at(-1)).toMatchObject({ points: balance.points, previousLevel: null });
  });

  it(`pays at most ${DISCOVERY_DAILY_CAP} discoveries a UTC day, and no search without a path`, async () => {
    const { user } = await createTestUser(t.users);
    const parameters = SearchParametersSchema.parse({});
    const found = (from: string, to: string, degrees: number | null) => t.events.publish('connection.found', { actor: user.id, from, to, parameters, degrees, cached: false, usedObscure: false }, userAggregate(user.id));
    found('person:nobody-a', 'person:nobody-b', null);
    for (let n = 0; n < DISCOVERY_DAILY_CAP + 5; n += 1) found(`movie:cap-${n}`, `genre:cap-${n}`, 3);
    await t.events.settled();
    const discoveries = (await ledgerOf(user.id)).filter((row) => row.reason === 'discovery');
    expect(discoveries).toHaveLength(DISCOVERY_DAILY_CAP);
    expect(new Set(discoveries.map((row) => row.awardKey)).size).toBe(DISCOVERY_DAILY_CAP);
    expect(discoveries.map((row) => row.details.from)).toEqual(Array.from({ length: DISCOVERY_DAILY_CAP }, (_, n) => `movie:cap-${n}`));
    // The day is full: a new pair pays nothing more, even in a later batch.
    found('movie:cap-late', 'genre:cap-late', 2);
    await t.events.settled();
    expect((await ledgerOf(user.id)).filter((row) => row.reason === 'discovery')).toHaveLength(DISCOVERY_DAILY_CAP);
    // Plus the registration day's login.
    expect(await balanceOf(user.id)).toMatchObject({ withoutBadges: 10 * DISCOVERY_DAILY_CAP + 1 });
  });

  it('awards a connection.found batch delivered twice once (in process, retried)', async () => {
    const { user } = await createTestUser(t.users);
    // The subscribers as registered, captured to hand them the same batch twice as a retry would.
    const captured: Subscriber[] = [];
    registerPointsSubscribers({
      events: { subscribe: (subscriber) => void captured.push(subscriber as Subscriber), transaction: t.events.transaction },
      ledger: createLedger({ events: t.events }),
      notifier: t.notifier,
      names: { nameOf: () => null },
      logger: createLogger('silent'),
    });
    const discoveries = captured.find((subscriber) => subscriber.id === 'points.discoveries')!;
    const parameters = SearchParametersSchema.parse({});
    const batch = [0, 1].map(
      (n): AnyDomainEvent => ({
        id: crypto.randomUUID(),
        name: 'connection.found',
        aggregateKey: userAggregate(user.id),
        payload: { actor: user.id, from: `person:twice-${n}`, to: 'movie:twice', parameters, degrees: 1, cached: false, usedObscure: false },
        createdAt: new Date(),
      }),
    );
    await discoveries.handle(batch, { tx: null });
    await discoveries.handle(batch, { tx: null });
    await t.events.settled();
    expect((await ledgerOf(user.id)).filter((row) => row.reason === 'discovery').map((row) => row.sourceEventId)).toEqual(batch.map((event) => event.id));
    expect(await balanceOf(user.id)).toMatchObject({ withoutBadges: 21 });
  });

  it('awards an outbox event delivered twice once (its delivery record lost, as after a crash)', async () => {
    const { user } = await createTestUser(t.users);
    await t.events.settled();
    const eventId = await record('review.created', { userId: user.id, reviewId: 7, entity: 'movie:forrest-gump', rating: 5, textLength: 60 }, user.id);
    expect((await ledgerOf(user.id)).filter((row) => row.reason === 'review')).toHaveLength(1);
    // Forget that it was delivered: the dispatcher hands it to every subscriber again.
    await database.db.delete(domainEventDeliveries).where(eq(domainEventDeliveries.eventId, eventId));
    await database.db.update(domainEvents).set({ deliveredAt: null, claimedUntil: null }).where(eq(domainEvents.id, eventId));
    await t.events.settled();
    const [redelivered] = await database.db.select({ deliveredAt: domainEvents.deliveredAt }).from(domainEvents).where(eq(domainEvents.id, eventId));
    expect(redelivered?.deliveredAt).not.toBeNull();
    expect((await ledgerOf(user.id)).filter((row) => row.reason === 'review').map((row) => [row.points, row.sourceEventId])).toEqual([[5, eventId]]);
    expect(await balanceOf(user.id)).toMatchObject({ withoutBadges: 6 });
  });

  it('pays a review once per entity and a watchlist add once per movie: deleting and re-adding pays nothing', async () => {
    const { user } = await createTestUser(t.users);
    await record('review.created', { userId: user.id, reviewId: 1, entity: 'movie:forrest-gump', rating: 4, textLength: 60 }, user.id);
    await record('review.created', { userId: user.id, reviewId: 2, entity: 'movie:forrest-gump', rating: 2, textLength: 60 }, user.id);
    await record('review.created', { userId: user.id, reviewId: 3, entity: 'person:tom-hanks', rating: 5, textLength: 60 }, user.id);
    await record('watchlist.added', { userId: user.id, movieId: 'apollo-13' }, user.id);
    await record('watchlist.added', { userId: user.id, movieId: 'movie:apollo-13' }, user.id);
    const rows = (await ledgerOf(user.id)).filter(notBadge);
    expect(rows.filter((row) => row.reason !== 'daily_login').map((row) => [row.reason, row.points, row.awardKey])).toEqual([
      ['review', 5, 'review:movie:forrest-gump'],
      ['review', 5, 'review:person:tom-hanks'],
      ['watchlist_add', 2, 'watchlist:movie:apollo-13'],
    ]);
    expect(await balanceOf(user.id)).toMatchObject({ withoutBadges: 13 });
  });

  it('pays challenge and badge rewards once each, and says when a level is reached', async () => {
    const { user } = await createTestUser(t.users);
    await t.events.settled();
    const solved = { userId: user.id, challengeId: 'daily-2026-11-25', daily: true, par: 3, degrees: 2, timeMs: 40_000, points: 120, date: '2026-11-25' };
    await record('challenge.solved', solved, user.id);
    await record('challenge.solved', solved, user.id);
    await record('challenge.solved', { ...solved, challengeId: 'archive-1', daily: false, points: 0, date: null }, user.id);
    // A badge outside the catalog: only the points side reacts to it.
    const badge = { userId: user.id, badgeId: 'test-reward', name: 'Test Reward', pointsReward: 25, earnedAt: new Date().toISOString() };
    await record('badge.earned', badge, user.id);
    await record('badge.earned', badge, user.id);
    await record('badge.earned', { ...badge, badgeId: 'no-reward', name: 'No Reward', pointsReward: 0 }, user.id);

    const rows = await ledgerOf(user.id);
    expect(rows.filter((row) => row.reason === 'challenge' || row.awardKey.startsWith('badge:test') || row.awardKey === 'badge:no-reward').map((row) => [row.reason, row.points, row.details])).toEqual([
      ['challenge', 120, { challengeId: 'daily-2026-11-25', daily: true, date: '2026-11-25', par: 3, degrees: 2 }],
      ['badge', 25, { badgeId: 'test-reward', name: 'Test Reward' }],
    ]);
    const balance = await balanceOf(user.id);
    expect(balance).toMatchObject({ withoutBadges: 121, level: 2 });
    const changes = pushesTo(user.id, 'points:changed').map((changed) => PointsChangedSchema.parse(changed));
    // Level 2 was reached once, by the challenge reward; the last push carries the balance.
    expect(changes.filter((changed) => changed.previousLevel !== null).map((changed) => [changed.delta, changed.reason, changed.level, changed.previousLevel])).toEqual([[120, 'challenge', 2, 1]]);
    expect(changes.at(-1)).toMatchObject({ points: balance.points, level: 2, levelName: LEVELS[1]!.name, nextLevelThreshold: LEVELS[2]!.threshold, progressToNext: levelProgress(balance.points).progressToNext });

    // The history, two at a time, newest first, is the whole ledger.
    const client = await signedInClient(t.app, (await t.users.findById(user.id))!.username);
    await t.events.settled();
    const pages: LedgerHistory[] = [];
    let cursor: number | null | undefined;
    do {
      const page = LedgerHistorySchema.parse((await client.send('get', `/api/users/me/points?limit=2${cursor ? `&cursor=${cursor}` : ''}`).expect(200)).body);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    const entries = pages.flatMap((page) => page.entries);
    expect(entries.map((entry) => entry.id)).toEqual((await ledgerOf(user.id)).map((row) => row.id).reverse());
    expect(entries.map((entry) => entry.description)).toEqual(expect.arrayContaining(['Badge earned: Test Reward', 'Daily challenge solved in 2 degrees (par 3)', 'Daily login']));
    const bad = await client.send('get', '/api/users/me/points?limit=0').expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it("deletes a user's ledger rows with the user, and then pays them nothing", async () => {
    const { user } = await createTestUser(t.users);
    await record('review.created', { userId: user.id, reviewId: 9, entity: 'movie:big', rating: 3, textLength: 60 }, user.id);
    expect((await ledgerOf(user.id)).length).toBeGreaterThan(0);
    // The one delete path: the admin's (every feature's registered footprint, then the account).
    const admin = await createTestUser(t.users, { role: 'admin' });
    expect(await t.services.admin.deleteUser(admin.user.id, user.id)).toMatchObject({ userId: user.id });
    await record('watchlist.added', { userId: user.id, movieId: 'big' }, user.id);
    expect(await ledgerOf(user.id)).toEqual([]);
    const [left] = await database.db.select({ n: sql<number>`count(*)::int` }).from(pointsLedger).where(and(eq(pointsLedger.userId, user.id)));
    expect(left?.n).toBe(0);
  });

  it('answers 401 signed out', async () => {
    await request(t.app).get('/api/users/me/progress').expect(401);
    await request(t.app).get('/api/users/me/points').expect(401);
  });
});
