import {
  ADMIN_METRICS_ROOM,
  ADMIN_TEXTS,
  AdminConnectionsResponseSchema,
  AdminOperationResultSchema,
  AdminStatsSchema,
  AdminUserSchema,
  AdminUsersResponseSchema,
  AuditResponseSchema,
  LeaderboardSchema,
  TrendingResponseSchema,
  UserDeletionSchema,
  type UserDeletion,
} from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets } from '../../test-support/targets.js';

const bacon = { id: 'kevin-bacon', type: 'person' as const };
const hanks = { id: 'tom-hanks', type: 'person' as const };
const MOVIE = 'mad-max-fury-road-2015';

describe.each(databaseTargets())('admin operations on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let admin: { id: number; client: ApiClient };

  const newAccount = async (prefix: string, role?: 'admin' | 'moderator') => {
    const account = await createTestUser(t.users, { prefix, role });
    return { ...account, id: account.user.id, client: await signedInClient(t.app, account.username) };
  };
  /** One number from our own SQL. */
  const scalar = async (query: ReturnType<typeof sql>) => {
    const result = (await database.db.execute(query)) as unknown as { rows: Array<{ value: string | number }> };
    return Number(result.rows[0]!.value);
  };
  const auditCount = () => scalar(sql`select count(*) as value from audit_log`);
  const auditActions = async (sinceId: number) =>
    ((await database.db.execute(sql`select action from audit_log where id > ${sinceId} order by id`)) as unknown as { rows: Array<{ action: string }> }).rows.map((row) => row.action);
  const lastAuditId = () => scalar(sql`select coalesce(max(id), 0) as value from audit_log`);

  beforeAll(async () => {
    database = await dbTarget.open();
    // The real Redis when REDIS_URL is set (cache clearing, trending removal), else in process.
    shared = await sharedStateTargets().at(-1)!.open();
    t = await openTestApp({ database, shared });
    admin = await newAccount('boss', 'admin');
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('stats equal counts made independently: users, daily actives, searched pairs and every answered search (fresh or cached)', async () => {
    const searcher = await newAccount('searcher');
    const idle = await createTestUser(t.users, { prefix: 'idle' });
    await database.db.execute(sql`update users set last_active_at = now() - interval '3 days' where id = ${idle.user.id}`);
    const pairsBefore = await scalar(sql`select count(*) as value from searched_connections`);
    // Three searches of one pair (the 2nd and 3rd from the cache), one of another, one anonymous.
    for (let i = 0; i < 3; i += 1) await searcher.client.send('post', '/api/find-connection', { fromEntity: bacon, toEntity: hanks }).expect(200);
    const cached = await searcher.client.send('post', '/api/find-connection', { fromEntity: bacon, toEntity: hanks }).expect(200);
    expect(cached.body.cached).toBe(true);
    await searcher.client.send('post', '/api/find-connection', { fromEntity: hanks, toEntity: bacon }).expect(200);
    await t.events.settled();

    const stats = AdminStatsSchema.parse((await admin.client.send('get', '/api/admin/stats').expect(200)).body);
    expect(stats.totalUsers).toBe(await scalar(sql`select count(*) as value from users`));
    expect(stats.dailyActiveUsers).toBe(await scalar(sql`select count(*) as value from users where last_active_at > now() - interval '24 hours'`));
    expect(stats.dailyActiveUsers).toBe(stats.totalUsers - 1);
    expect(stats.totalConnections).toBe(pairsBefore + 2);
    expect(stats.totalConnections).toBe(await scalar(sql`select count(*) as value from searched_connections`));
    expect(stats.totalSearches).toBe(await scalar(sql`select sum(search_count) as value from searched_connections`));
    expect(stats.totalSearches).toBe(5);
    expect(stats.topConnections[0]).toMatchObject({ fromEntity: { id: 'kevin-bacon', type: 'person', name: 'Kevin Bacon' }, toEntity: { name: 'Tom Hanks' }, searchCount: 4 });
    expect(stats.recentUsers.map((user) => user.id)).toContain(searcher.id);
    // Most recently active first: the idle account comes last.
    expect(stats.recentUsers.at(-1)!.id).toBe(idle.user.id);
    const seen = stats.recentUsers.map((user) => user.lastActive);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(stats.systemHealth.database).toBe('healthy');
    expect(['healthy', 'not_configured']).toContain(stats.systemHealth.tmdbApi);

    const connections = AdminConnectionsResponseSchema.parse((await admin.client.send('get', '/api/admin/connections?search=kevin-bacon').expect(200)).body);
    expect(connections.total).toBe(2);
    expect(connections.connections[0]).toMatchObject({ fromEntityId: 'person:kevin-bacon', toEntityId: 'person:tom-hanks', fromEntityName: 'Kevin Bacon', searchCount: 4 });
    expect(connections.connections[0]!.path.length).toBe((connections.connections[0]!.degrees ?? 0) + 1);
    expect(AdminConnectionsResponseSchema.parse((await admin.client.send('get', '/api/admin/connections?search=person:tom-hanks').expect(200)).body).total).toBe(2);
  });

  it('finds users by a case-insensitive substring of username or email, LIKE wildcards taken literally', async () => {
    const found = await newAccount('FindMe');
    const byName = AdminUsersResponseSchema.parse((await admin.client.send('get', `/api/admin/users?search=${found.username.toUpperCase()}`).expect(200)).body);
    expect(byName.users.map((user) => user.id)).toEqual([found.id]);
    const byEmail = AdminUsersResponseSchema.parse((await admin.client.send('get', `/api/admin/users?search=${encodeURIComponent(`${found.username.slice(-6)}@EXAMPLE`)}`).expect(200)).body);
    expect(byEmail.users.map((user) => user.id)).toEqual([found.id]);
    expect(byEmail.users[0]).not.toHaveProperty('passwordHash');
    expect(AdminUsersResponseSchema.parse((await admin.client.send('get', '/api/admin/users?search=%25').expect(200)).body).total).toBe(0);
    expect(AdminUsersResponseSchema.parse((await admin.client.send('get', '/api/admin/users?search=_').expect(200)).body).total).toBeGreaterThan(0);
  });

  it('refuses one’s own demotion, deactivation and deletion (403), and the last admin’s (409), writing no audit row', async () => {
    const audits = await auditCount();
    for (const [method, body] of [
      ['patch', { role: 'user' }],
      ['patch', { isActive: false }],
      ['delete', undefined],
    ] as const) {
      const res = await admin.client.send(method, `/api/admin/users/${admin.id}`, body).expect(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: ADMIN_TEXTS.notYourself });
    }
    // Promoting oneself to what one is changes nothing and is allowed.
    await admin.client.send('patch', `/api/admin/users/${admin.id}`, { role: 'admin', isActive: true }).expect(200);
    const admins = await scalar(sql`select count(*) as value from users where role = 'admin' and is_active`);
    expect(admins).toBe(1);
    // Only a caller who is not that admin can reach the last admin: the service refuses it.
    for (const change of [{ role: 'moderator' as const }, { isActive: false }]) {
      await expect(t.services.admin.updateUser(-1, admin.id, change)).rejects.toMatchObject({ status: 409, code: 'CONFLICT', message: ADMIN_TEXTS.lastAdmin });
    }
    await expect(t.services.admin.deleteUser(-1, admin.id)).rejects.toMatchObject({ status: 409, message: ADMIN_TEXTS.lastAdmin });
    expect(await auditCount()).toBe(audits + 1);
  });

  it('two admins demoting each other at once leave one admin: one 200, one 409', async () => {
    const first = await newAccount('rival', 'admin');
    const second = await newAccount('rival', 'admin');
    // Only these two are active admins.
    await t.services.admin.updateUser(first.id, admin.id, { isActive: false });
    try {
      const answers = await Promise.all([
        first.client.send('patch', `/api/admin/users/${second.id}`, { role: 'user' }),
        second.client.send('patch', `/api/admin/users/${first.id}`, { role: 'user' }),
      ]);
      // The loser is refused by the lock (409) or, when the winner committed before its request began, by the guard (403).
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      expect(await scalar(sql`select count(*) as value from users where role = 'admin' and is_active`)).toBe(1);
      // Both past the guard at once (the service, as two requests checked before either wrote): the lock refuses one.
      const winner = answers[0]!.status === 200 ? first : second;
      const third = await newAccount('rival', 'admin');
      const outcomes = await Promise.allSettled([t.services.admin.updateUser(winner.id, third.id, { isActive: false }), t.services.admin.updateUser(third.id, winner.id, { role: 'user' })]);
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { status: 409, message: ADMIN_TEXTS.lastAdmin } });
      expect(await scalar(sql`select count(*) as value from users where role = 'admin' and is_active`)).toBe(1);
    } finally {
      await database.db.execute(sql`update users set is_active = true where id = ${admin.id}`);
      admin.client = await signedInClient(t.app, (await t.users.findById(admin.id))!.username);
    }
  });

  it('changes a role and deactivates: the user’s sessions end at once; one audit row each with before and after', async () => {
    const member = await newAccount('member');
    await member.client.send('get', '/api/auth/me').expect(200);
    const since = await lastAuditId();
    const disconnectedBefore = t.notifier.disconnected.length;
    const metricsLeaves = () => t.notifier.memberships.filter((change) => change.room === ADMIN_METRICS_ROOM).slice(membershipsBefore);
    const membershipsBefore = t.notifier.memberships.filter((change) => change.room === ADMIN_METRICS_ROOM).length;
    const promoted = AdminUserSchema.parse((await admin.client.send('patch', `/api/admin/users/${member.id}`, { role: 'moderator' }).expect(200)).body);
    expect(promoted).toMatchObject({ id: member.id, role: 'moderator', isActive: true });
    await member.client.send('get', '/api/admin/reports').expect(200);
    const deactivated = AdminUserSchema.parse((await admin.client.send('patch', `/api/admin/users/${member.id}`, { isActive: false }).expect(200)).body);
    expect(deactivated.isActive).toBe(false);
    expect(await scalar(sql`select count(*) as value from sessions where user_id = ${member.id}`)).toBe(0);
    // Their open sockets end too (a promotion ends none).
    expect(t.notifier.disconnected.slice(disconnectedBefore)).toEqual([member.id]);
    // Only a demoted admin's sockets leave the live metrics.
    expect(metricsLeaves()).toEqual([]);
    await member.client.send('get', '/api/auth/me').expect(401);
    await admin.client.send('patch', `/api/admin/users/${member.id}`, {}).expect(400);
    await admin.client.send('patch', '/api/admin/users/999999', { role: 'user' }).expect(404);
    expect(await auditActions(since)).toEqual(['user.updated', 'user.updated']);
    const audit = AuditResponseSchema.parse((await admin.client.send('get', '/api/admin/audit?limit=2').expect(200)).body);
    expect(audit.entries[0]).toMatchObject({ action: 'user.updated', actor: { id: admin.id }, targetType: 'user', targetId: String(member.id), before: { role: 'moderator', isActive: true }, after: { role: 'moderator', isActive: false } });
    expect(audit.entries[1]).toMatchObject({ before: { role: 'user' }, after: { role: 'moderator' } });
    const older = AuditResponseSchema.parse((await admin.client.send('get', `/api/admin/audit?limit=1&before=${audit.entries[0]!.id}`).expect(200)).body);
    expect(older.entries[0]!.id).toBe(audit.entries[1]!.id);
    const colleague = await newAccount('colleague', 'admin');
    await admin.client.send('patch', `/api/admin/users/${colleague.id}`, { role: 'moderator' }).expect(200);
    expect(metricsLeaves()).toEqual([{ user: colleague.id, room: ADMIN_METRICS_ROOM, joined: false }]);
  });

  it('deletes a user as the preview said: their rows removed, others’ items anonymised, their audit rows kept without actor, off the boards', async () => {
    const doomed = await newAccount('doomed', 'moderator');
    const friend = await newAccount('friend');
    // Their diary, review, watchlist, follows both ways, saved connection, searches (ledger, badges), challenge attempt, API key.
    await t.services.diary.create(doomed.id, { movieId: MOVIE, movieTitle: 'Mad Max: Fury Road', watchedDate: '2025-05-15', rating: 4, notes: null, location: null, rewatch: false, isPrivate: false });
    await doomed.client.send('post', '/api/reviews', { entityId: MOVIE, entityType: 'movie', rating: 4, title: 'Mine', content: 'Soon gone.' }).expect(201);
    await t.services.watchlist.add(doomed.id, { movieId: MOVIE, movieTitle: 'Mad Max: Fury Road' });
    await t.services.follows.follow(doomed.id, friend.id);
    await t.services.follows.follow(friend.id, doomed.id);
    const found = await doomed.client.send('post', '/api/find-connection', { fromEntity: bacon, toEntity: { id: 'charlize-theron', type: 'person' } }).expect(200);
    await doomed.client
      .send('post', '/api/connections/save', {
        fromEntityId: 'kevin-bacon',
        fromEntityName: 'Kevin Bacon',
        fromEntityType: 'person',
        toEntityId: 'charlize-theron',
        toEntityName: 'Charlize Theron',
        toEntityType: 'person',
        path: found.body.path,
        degrees: found.body.degrees,
      })
      .expect(201);
    await t.services.challenges.start(doomed.id, (await t.services.challenges.daily(null)).id);
    await t.apiKeys.create(doomed.id, 'doomed key');
    // An admin action of theirs (a moderator's hide) that must stay on record without their name.
    const [{ id: friendsReview }] = [await t.services.reviews.create(friend.id, { entityId: MOVIE, entityType: 'movie', rating: 3, title: 'Friend', content: 'Stays.' })];
    await doomed.client.send('post', `/api/admin/reviews/${friendsReview}/hide`).expect(200);
    await t.events.settled();
    await t.services.leaderboards.idle();
    const board = LeaderboardSchema.parse((await admin.client.send('get', '/api/leaderboards/global?limit=100').expect(200)).body);
    expect(board.rows.map((row) => row.id)).toContain(doomed.id);

    const preview = UserDeletionSchema.parse((await admin.client.send('get', `/api/admin/users/${doomed.id}/deletion`).expect(200)).body);
    expect(preview.removed).toMatchObject({ diaryEntries: 1, reviews: 1, follows: 2, watchlistItems: 1, savedConnections: 1, sessions: 1, apiKeys: 1, challengeAttempts: 1 });
    expect(preview.removed.ledgerRows).toBeGreaterThan(0);
    expect(preview.removed.badges).toBeGreaterThan(0);
    expect(preview.removed.activityItems).toBeGreaterThan(0);
    expect(preview.anonymised).toEqual({ activityItems: 1, auditEntries: 1 });

    const since = await lastAuditId();
    const done: UserDeletion = UserDeletionSchema.parse((await admin.client.send('delete', `/api/admin/users/${doomed.id}`).expect(200)).body);
    expect(t.notifier.disconnected).toContain(doomed.id);
    expect(done).toEqual(preview);
    expect(await auditActions(since)).toEqual(['user.deleted']);

    for (const [table, column] of [
      ['diary_entries', 'user_id'],
      ['reviews', 'user_id'],
      ['follows', 'follower_id'],
      ['follows', 'followee_id'],
      ['watchlist_items', 'user_id'],
      ['saved_connections', 'user_id'],
      ['points_ledger', 'user_id'],
      ['earned_badges', 'user_id'],
      ['sessions', 'user_id'],
      ['api_keys', 'user_id'],
      ['activity_items', 'user_id'],
      ['challenge_attempts', 'user_id'],
      ['audit_log', 'actor_id'],
    ] as const) {
      expect(await scalar(sql`select count(*) as value from ${sql.identifier(table)} where ${sql.identifier(column)} = ${doomed.id}`), table).toBe(0);
    }
    expect(await scalar(sql`select count(*) as value from users where id = ${doomed.id}`)).toBe(0);
    // The friend's "followed …" item stays, without the name.
    const items = (await database.db.execute(sql`select content from activity_items where user_id = ${friend.id} and type = 'follow'`)) as unknown as { rows: Array<{ content: Record<string, unknown> }> };
    expect(items.rows).toHaveLength(1);
    expect(items.rows[0]!.content).toEqual({ targetDisplayName: 'a deleted member' });
    const hideRow = AuditResponseSchema.parse((await admin.client.send('get', '/api/admin/audit?limit=100').expect(200)).body).entries.find((entry) => entry.action === 'review.hidden' && entry.targetId === String(friendsReview));
    expect(hideRow?.actor).toBeNull();
    await t.events.settled();
    await t.services.leaderboards.idle();
    const after = LeaderboardSchema.parse((await admin.client.send('get', '/api/leaderboards/global?limit=100').expect(200)).body);
    expect(after.rows.map((row) => row.id)).not.toContain(doomed.id);
    await admin.client.send('get', `/api/admin/users/${doomed.id}/deletion`).expect(404);
    await admin.client.send('delete', `/api/admin/users/${doomed.id}`).expect(404);
  });

  it('deletes a searched connection with its trending entry; clears the cache; rebuilds boards: one audit row each', async () => {
    const searcher = await newAccount('trend');
    const pair = { fromEntity: { id: 'charlize-theron', type: 'person' }, toEntity: hanks };
    await searcher.client.send('post', '/api/find-connection', pair).expect(200);
    await t.events.settled();
    const trending = () => admin.client.send('get', '/api/trending').expect(200);
    expect(TrendingResponseSchema.parse((await trending()).body).connections.some((row) => row.fromEntity.key === 'person:charlize-theron' && row.toEntity.key === 'person:tom-hanks')).toBe(true);
    const row = AdminConnectionsResponseSchema.parse((await admin.client.send('get', '/api/admin/connections?search=person:charlize-theron').expect(200)).body).connections.find(
      (each) => each.toEntityId === 'person:tom-hanks',
    )!;

    const since = await lastAuditId();
    await admin.client.send('delete', `/api/admin/connections/${row.id}`).expect(204);
    await admin.client.send('delete', `/api/admin/connections/${row.id}`).expect(404);
    expect(TrendingResponseSchema.parse((await trending()).body).connections.some((each) => each.fromEntity.key === 'person:charlize-theron' && each.toEntity.key === 'person:tom-hanks')).toBe(false);
    expect(await scalar(sql`select count(*) as value from searched_connections where id = ${row.id}`)).toBe(0);
    // Its cached default answer went with it.
    expect((await searcher.client.send('post', '/api/find-connection', pair).expect(200)).body.cached).toBe(false);
    expect((await searcher.client.send('post', '/api/find-connection', pair).expect(200)).body.cached).toBe(true);

    const cleared = AdminOperationResultSchema.parse((await admin.client.send('post', '/api/admin/clear-cache').expect(200)).body);
    expect(cleared.message).toBe(ADMIN_TEXTS.cacheCleared);
    expect(cleared.count).toBeGreaterThan(0);
    expect((await searcher.client.send('post', '/api/find-connection', pair).expect(200)).body.cached).toBe(false);

    const rebuilt = AdminOperationResultSchema.parse((await admin.client.send('post', '/api/admin/rebuild-leaderboards').expect(200)).body);
    expect(rebuilt).toMatchObject({ success: true, message: ADMIN_TEXTS.leaderboardsRebuilt });
    expect(rebuilt.count).toBe(await scalar(sql`select count(distinct user_id) as value from points_ledger`));

    const exported = await admin.client.send('get', '/api/admin/export/users?format=json').expect(200);
    expect(exported.headers['content-type']).toMatch(/^application\/json/);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="cinema-dna-users-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = JSON.parse(exported.text) as { users: Array<Record<string, unknown>> };
    expect(body.users.length).toBe(await scalar(sql`select count(*) as value from users`));
    expect(Object.keys(body.users[0]!).sort()).toEqual(['createdAt', 'email', 'id', 'isActive', 'lastActive', 'level', 'points', 'role', 'username']);
    expect(exported.text).not.toMatch(/argon|password/i);

    expect(await auditActions(since)).toEqual(['connection.deleted', 'cache.cleared', 'leaderboards.rebuilt', 'data.exported']);
    const audit = AuditResponseSchema.parse((await admin.client.send('get', '/api/admin/audit?limit=4').expect(200)).body);
    expect(audit.entries.map((entry) => entry.action)).toEqual(['data.exported', 'leaderboards.rebuilt', 'cache.cleared', 'connection.deleted']);
    expect(audit.entries[3]).toMatchObject({ targetType: 'connection', targetId: String(row.id), before: { from: 'person:charlize-theron', to: 'person:tom-hanks' }, actor: { id: admin.id } });
  });
});
