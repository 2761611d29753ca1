import { BADGE_CATEGORIES, type PathStep, BadgeEarnedNoticeSchema, BadgeProgressSchema, badgeProgressPercent, BadgeSchema, EarnedBadgeSchema, ENTITY_TYPES, type DomainEventPayload, type EntityType } from '@cinema-dna/shared-types';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SharedState } from '../../platform/cache/types.js';
import { domainEventDeliveries, domainEvents } from '../../platform/events/schema.js';
import { userAggregate, type OutboxEventName } from '../../platform/events/index.js';
import { createTestUser, signedInClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets } from '../../test-support/targets.js';
import { BADGE_CATALOG, BADGE_COUNTERS, publicBadge, type BadgeCounter, type BadgeDefinition } from './definitions.js';
import { badgeCounters, earnedBadges } from './schema.js';

describe('the badge catalog', () => {
  it('has at least 30 valid badges across the five categories, with unique ids and names', () => {
    expect(BADGE_CATALOG.length).toBeGreaterThanOrEqual(30);
    for (const badge of BADGE_CATALOG) expect(BadgeSchema.parse(publicBadge(badge))).toBeTruthy();
    expect(new Set(BADGE_CATALOG.map((badge) => badge.category))).toEqual(new Set(BADGE_CATEGORIES));
    expect(new Set(BADGE_CATALOG.map((badge) => badge.id)).size).toBe(BADGE_CATALOG.length);
    expect(new Set(BADGE_CATALOG.map((badge) => badge.name)).size).toBe(BADGE_CATALOG.length);
    expect(BADGE_CATALOG.some((badge) => badge.isRare)).toBe(true);
    expect(BADGE_CATALOG.find((badge) => badge.id === 'first-connection')).toMatchObject({ name: 'First Connection', category: 'discovery', requirement: 1, counter: 'discoveries' });
    // Every counter moves some badge.
    expect(new Set(BADGE_CATALOG.map((badge) => badge.counter))).toEqual(new Set(BADGE_COUNTERS));
  });
});

describe.each(databaseTargets())('badges on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  /** Yesterday in UTC, by the database's clock (the one that stamps events). */
  let yesterday: string;

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = await sharedStateTargets()[0]!.open();
    t = await openTestApp({ database, shared });
    const result = (await database.db.execute(sql`select to_char((now() at time zone 'UTC')::date - 1, 'YYYY-MM-DD') as yesterday`)) as unknown as { rows: Array<{ yesterday: string }> };
    yesterday = result.rows[0]!.yesterday;
  });
  afterAll(async () => {
    await t?.close();
    await shared?.close();
    await database?.dispose();
  });

  async function record<N extends OutboxEventName>(name: N, payload: DomainEventPayload<N>, userId: number): Promise<string> {
    const id = await t.events.transaction((tx) => t.events.record(tx, name, payload, userAggregate(userId)));
    await t.events.settled();
    return id;
  }

  let sequence = 0;
  const next = () => (sequence += 1);
  /** A points.awarded as the ledger writes it (driving the counters straight, past the daily cap). */
  const awarded = (userId: number, fields: Partial<DomainEventPayload<'points.awarded'>>): DomainEventPayload<'points.awarded'> => ({
    userId,
    entryId: next(),
    reason: 'review',
    points: 1,
    balance: 1,
    level: 1,
    previousLevel: 1,
    awardedAt: new Date().toISOString(),
    challenge: null,
    discovery: null,
    ...fields,
  });

  /**
   * For each counter: one event that moves it by exactly one (`target` is the value wanted for the
   * counters that keep a maximum), recorded as the feature that owns the moment would.
   */
  const drive: Record<BadgeCounter, (userId: number, target: number) => Promise<unknown>> = {
    discoveries: (userId) => record('points.awarded', awarded(userId, { reason: 'discovery', points: 10, discovery: { from: `person:p-${next()}`, to: `movie:m-${next()}`, degrees: 2 } }), userId),
    'six-degree-discoveries': (userId) => record('points.awarded', awarded(userId, { reason: 'discovery', points: 10, discovery: { from: `person:p-${next()}`, to: `person:q-${next()}`, degrees: 6 } }), userId),
    ...(Object.fromEntries(
      ENTITY_TYPES.map((type) => [
        `discoveries:${type}`,
        (userId: number) => record('points.awarded', awarded(userId, { reason: 'discovery', points: 10, discovery: { from: `${type}:a-${next()}`, to: `${type}:b-${next()}`, degrees: 3 } }), userId),
      ]),
    ) as Record<`discoveries:${EntityType}`, (userId: number) => Promise<unknown>>),
    'saved-connections': (userId) => record('connection.saved', { userId, connectionId: next(), from: `person:s-${next()}`, to: 'person:tom-hanks', degrees: 2 }, userId),
    'login-streak': (userId) => record('user.signed_in', { userId, method: 'password' }, userId),
    reviews: (userId) => record('review.created', { userId, reviewId: next(), entity: `movie:r-${next()}`, rating: 4, textLength: 60 }, userId),
    watchlist: (userId) => record('watchlist.added', { userId, movieId: `w-${next()}` }, userId),
    followers: (userId, target) => record('user.followed', { followerId: 2_000_000_000, followeeId: userId, followersCount: target }, 2_000_000_000),
    following: (userId) => record('user.followed', { followerId: userId, followeeId: 1_000_000_000 + next(), followersCount: 1 }, userId),
    'daily-challenges': (userId) => record('challenge.solved', { userId, challengeId: `daily-${next()}`, daily: true, par: 2, degrees: 3, timeMs: 60_000, points: 10, date: `d-${next()}` }, userId),
    'par-solves': (userId) => record('challenge.solved', { userId, challengeId: `c-${next()}`, daily: false, par: 3, degrees: 3, timeMs: 60_000, points: 10, date: null }, userId),
    points: (userId, target) => record('points.awarded', awarded(userId, { balance: target }), userId),
  };
  const MAXIMUM_COUNTERS: readonly BadgeCounter[] = ['followers', 'points'];

  /** Sets a counter as if `value` had been counted (for the streak: with its last day yesterday). */
  async function seed(userId: number, counter: BadgeCounter, value: number): Promise<void> {
    if (value <= 0) return;
    await database.db
      .insert(badgeCounters)
      .values({ userId, counter, value, lastKey: counter === 'login-streak' ? yesterday : null })
      .onConflictDoUpdate({ target: [badgeCounters.userId, badgeCounters.counter], set: { value, lastKey: counter === 'login-streak' ? yesterday : null } });
  }

  /** A user whose counter stands at `value` after one real event (its seed one below). */
  async function userAt(badge: BadgeDefinition, value: number): Promise<number> {
    const { user } = await createTestUser(t.users, { prefix: 'badger' });
    await t.events.settled();
    if (value <= 0) return user.id;
    if (MAXIMUM_COUNTERS.includes(badge.counter)) await drive[badge.counter](user.id, value);
    else {
      // Registration already started a one-day streak today: seeded from yesterday, today's sign-in adds one.
      await seed(user.id, badge.counter, value - 1);
      await drive[badge.counter](user.id, value);
    }
    return user.id;
  }

  const earnedRows = (userId: number, badgeId: string) => database.db.select().from(earnedBadges).where(and(eq(earnedBadges.userId, userId), eq(earnedBadges.badgeId, badgeId)));
  /** The user's ledger entries paying this badge's reward (read through the points service, as the app does). */
  const rewardRows = async (userId: number, badgeId: string) => {
    const { name } = BADGE_CATALOG.find((badge) => badge.id === badgeId)!;
    const { entries } = await t.services.points.history(userId, { limit: 100 });
    return entries.filter((entry) => entry.reason === 'badge' && entry.description === `Badge earned: ${name}`);
  };
  const noticesTo = (userId: number) =>
    t.notifier.sent
      .filter((sent) => typeof sent.target === 'object' && 'user' in sent.target && sent.target.user === userId && sent.event === 'badge:earned')
      .map((sent) => BadgeEarnedNoticeSchema.parse(sent.payload[0]).badge.id);

  it.each(BADGE_CATALOG.map((badge) => [badge.id, badge] as const))('%s: earned at its requirement and not before, its reward paid once', async (_id, badge) => {
    const before = await userAt(badge, badge.requirement - 1);
    expect(await earnedRows(before, badge.id)).toEqual([]);
    expect(await rewardRows(before, badge.id)).toEqual([]);
    const beforeProgress = await t.services.badges.progress(before);
    expect(beforeProgress[badge.id]).toBe(badge.requirement - 1);
    expect(badgeProgressPercent(beforeProgress[badge.id]!, badge.requirement)).toBe(Math.floor(((badge.requirement - 1) * 100) / badge.requirement));

    const at = await userAt(badge, badge.requirement);
    expect(await earnedRows(at, badge.id)).toHaveLength(1);
    expect((await rewardRows(at, badge.id)).map((entry) => entry.points)).toEqual([badge.pointsReward]);
    expect(noticesTo(at)).toContain(badge.id);
    expect((await t.services.badges.progress(at))[badge.id]).toBe(badge.requirement);

    // Moving the counter further earns nothing more and pays nothing more.
    await drive[badge.counter](at, badge.requirement + 1);
    expect(await earnedRows(at, badge.id)).toHaveLength(1);
    expect(await rewardRows(at, badge.id)).toHaveLength(1);
  });

  it("counts a level badge in the level's points: Cinema Legend at 357 points is 357 of 10,000 points, 3%", async () => {
    const { user, username } = await createTestUser(t.users, { prefix: 'legend' });
    await drive.points(user.id, 357);
    await t.events.settled();
    const available = z.array(BadgeSchema).parse((await request(t.app).get('/api/badges/available').expect(200)).body);
    const legend = available.find((badge) => badge.id === 'cinema-legend')!;
    expect(legend).toMatchObject({ requirement: 10_000, unit: { one: 'point', other: 'points' } });
    expect(legend.description).toContain('10,000 points');
    expect(available.find((badge) => badge.id === 'daily-devotee')).toMatchObject({ requirement: 7, unit: { one: 'day', other: 'days' } });
    const client = await signedInClient(t.app, username);
    const progress = BadgeProgressSchema.parse((await client.send('get', '/api/users/me/badge-progress').expect(200)).body);
    expect(progress['cinema-legend']).toBe(357);
    expect(progress['film-buff']).toBe(357);
    expect(badgeProgressPercent(progress['cinema-legend']!, legend.requirement)).toBe(3);
  });

  it('earns First Connection with a first real discovery, pays it once even when badge.earned is redelivered, and shows it on the routes', async () => {
    const { user, username } = await createTestUser(t.users);
    const client = await signedInClient(t.app, username);
    await client.send('post', '/api/find-connection', { fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } }).expect(200);
    await t.events.settled();
    const badges = z.array(EarnedBadgeSchema).parse((await client.send('get', '/api/users/me/badges').expect(200)).body);
    expect(badges.map((earned) => earned.badge.name)).toEqual(expect.arrayContaining(['First Connection', 'People Person']));
    expect(badges.map((earned) => earned.earnedAt)).toEqual([...badges.map((earned) => earned.earnedAt)].sort().reverse());
    const progress = BadgeProgressSchema.parse((await client.send('get', '/api/users/me/badge-progress').expect(200)).body);
    expect(progress).toMatchObject({ 'first-connection': 1, 'connection-explorer': 1, 'people-person': 1, 'six-degrees': 0, 'daily-devotee': 1 });
    expect(Object.keys(progress).sort()).toEqual(BADGE_CATALOG.map((badge) => badge.id).sort());
    const rewardsBefore = await rewardRows(user.id, 'first-connection');
    expect(rewardsBefore.map((entry) => entry.points)).toEqual([10]);
    // 1 (login) + 10 (discovery) + 10 (First Connection) + 15 (People Person).
    expect((await t.users.findById(user.id))?.points).toBe(36);

    // Deliver the badge.earned again, as after a crash: no second reward, no second badge.
    const [earnedEvent] = await database.db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'badge.earned'), sql`${domainEvents.payload}->>'badgeId' = 'first-connection'`, sql`(${domainEvents.payload}->>'userId')::int = ${user.id}`));
    await database.db.delete(domainEventDeliveries).where(eq(domainEventDeliveries.eventId, earnedEvent!.id));
    await database.db.update(domainEvents).set({ deliveredAt: null, claimedUntil: null }).where(eq(domainEvents.id, earnedEvent!.id));
    await t.events.settled();
    expect(await rewardRows(user.id, 'first-connection')).toEqual(rewardsBefore);
    expect(await earnedRows(user.id, 'first-connection')).toHaveLength(1);

    const available = z.array(BadgeSchema).parse((await request(t.app).get('/api/badges/available').expect(200)).body);
    expect(available.map((badge) => badge.id)).toEqual(BADGE_CATALOG.map((badge) => badge.id));
    expect(available[0]).not.toHaveProperty('counter');
    expect(await t.services.badges.countEarned([user.id, 2_000_000_001])).toEqual(new Map([[user.id, badges.length]]));
  });

  it('counts distinct saved pairs: saving one path 25 times is not Archivist, 25 different pairs are', async () => {
    const { user, username } = await createTestUser(t.users, { prefix: 'archivist' });
    const client = await signedInClient(t.app, username);
    const save = (path: PathStep[]) => {
      const [from, to] = [path[0]!.entity, path.at(-1)!.entity];
      return client.send('post', '/api/connections/save', { fromEntityId: from.id, fromEntityName: from.name, fromEntityType: from.type, toEntityId: to.id, toEntityName: to.name, toEntityType: to.type, path }).expect(201);
    };
    const baconToHanks = (await t.connections.find({ fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } }, { actor: null })).path;
    for (let n = 0; n < 25; n += 1) await save(baconToHanks);
    await t.events.settled();
    expect((await t.services.badges.progress(user.id)).archivist).toBe(1);
    expect(await earnedRows(user.id, 'archivist')).toEqual([]);
    expect(await earnedRows(user.id, 'keeper')).toHaveLength(1);

    // Every stretch of a few longer paths is a path of its own: 24 more different pairs.
    const pairs = new Map<string, PathStep[]>([[[`person:kevin-bacon`, 'person:tom-hanks'].sort().join('|'), baconToHanks]]);
    for (const movie of ['it-happened-one-night-1934', 'king-kong-1933', 'the-wizard-of-oz-1939', 'citizen-kane-1941', 'stagecoach-1939', 'frankenstein-1931']) {
      const { path } = await t.connections.find({ fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: movie, type: 'movie' } }, { actor: null });
      for (let start = 0; start < path.length; start += 1)
        for (let end = start + 1; end < path.length; end += 1) {
          const stretch = path.slice(start, end + 1).map((step, i, all) => (i === all.length - 1 ? { ...step, relationship: null } : step));
          const key = [stretch[0]!.entity, stretch.at(-1)!.entity].map((entity) => `${entity.type}:${entity.id}`).sort().join('|');
          if (!pairs.has(key)) pairs.set(key, stretch);
        }
    }
    const distinct = [...pairs.values()].slice(1, 25);
    expect(distinct).toHaveLength(24);
    for (const [n, path] of distinct.entries()) {
      await save(path);
      if (n === 22) {
        await t.events.settled();
        expect(await earnedRows(user.id, 'archivist')).toEqual([]);
      }
    }
    await t.events.settled();
    expect((await t.services.badges.progress(user.id)).archivist).toBe(25);
    expect(await earnedRows(user.id, 'archivist')).toHaveLength(1);
  });

  it('counts a streak of consecutive UTC days: the same day once, a gap starts again at 1', async () => {
    const { user } = await createTestUser(t.users);
    await t.events.settled();
    const streak = async () => (await t.services.badges.progress(user.id))['daily-devotee'];
    expect(await streak()).toBe(1);
    await drive['login-streak'](user.id, 0);
    expect(await streak()).toBe(1);
    await database.db.update(badgeCounters).set({ value: 5, lastKey: '2000-01-01' }).where(and(eq(badgeCounters.userId, user.id), eq(badgeCounters.counter, 'login-streak')));
    await drive['login-streak'](user.id, 0);
    expect(await streak()).toBe(1);
  });

  it("deletes a user's counters and badges with the user; a late event of the deleted user counts nothing", async () => {
    const { user } = await createTestUser(t.users);
    await drive.reviews(user.id, 1);
    expect(await earnedRows(user.id, 'first-review')).toHaveLength(1);
    // The one delete path: the admin's (every feature's registered footprint, then the account).
    const admin = await createTestUser(t.users, { role: 'admin' });
    expect(await t.services.admin.deleteUser(admin.user.id, user.id)).toMatchObject({ userId: user.id });
    await drive.reviews(user.id, 2);
    expect(await database.db.select().from(earnedBadges).where(eq(earnedBadges.userId, user.id))).toEqual([]);
    expect(await database.db.select().from(badgeCounters).where(eq(badgeCounters.userId, user.id))).toEqual([]);
    // Nothing stuck in the outbox for it.
    const pending = (await database.db.execute(sql`select count(*)::int as n from domain_events where delivered_at is null`)) as unknown as { rows: Array<{ n: number }> };
    expect(pending.rows[0]!.n).toBe(0);
  });

  it('answers 401 signed out on the personal routes', async () => {
    await request(t.app).get('/api/users/me/badges').expect(401);
    await request(t.app).get('/api/users/me/badge-progress').expect(401);
  });
});
