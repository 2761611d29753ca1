import {
  AttemptResultSchema,
  AttemptStateSchema,
  ChallengeListSchema,
  ChallengeSchema,
  ChallengeStatsSchema,
  DailyArchiveSchema,
  DailyChallengeSchema,
  HINT_COST_POINTS,
  LedgerHistorySchema,
  MoveOutcomeSchema,
  type AttemptState,
  type DailyChallenge,
} from '@cinema-dna/shared-types';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets } from '../../test-support/targets.js';
import { dailyNumber } from './daily.js';
import { GameGraph, UNREACHED } from './game-graph.js';
import { challenges } from './schema.js';
import { ARCHIVE_LIMIT } from './service.js';

/** A Wednesday (par band 3–4), noon UTC: the server's clock for the whole suite, moved by the tests. */
const TODAY = '2026-11-25';
const NOON = Date.parse(`${TODAY}T12:00:00.000Z`);

describe.each(databaseTargets())('challenges over HTTP on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let game: GameGraph;

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = await sharedStateTargets()[0]!.open();
    t = await openTestApp({ database, shared });
    t.clock.set(NOON);
    game = new GameGraph(t.graph.graph);
  });
  afterAll(async () => {
    await t?.close();
    await shared?.close();
    await database?.dispose();
  });

  const player = async (): Promise<{ client: ApiClient; userId: number }> => {
    const { user, username } = await createTestUser(t.users);
    return { client: await signedInClient(t.app, username), userId: user.id };
  };
  const node = (key: string) => t.graph.graph.resolve(key);
  /** An optimal chain of the pair (keys), as the game graph lists them. */
  const optimalChain = (fromKey: string, toKey: string): string[] => {
    const to = node(toKey);
    const dist = game.distancesFrom(to, 8);
    return game.shortestChains(node(fromKey), dist, 1)[0]!.map((index) => t.graph.graph.key(index));
  };
  /** A well-known playable entity not linked to `key` by a game link. */
  const unlinkedTo = (key: string): string => {
    const from = node(key);
    const graph = t.graph.graph;
    for (let v = 0; v < graph.nodeCount; v++) if (v !== from && game.playable(v) && graph.type(v) === 'person' && !game.link(from, v)) return graph.key(v);
    throw new Error('no unlinked entity');
  };
  const play = async (client: ApiClient, attempt: AttemptState, key: string) => {
    const res = await client.send('post', `/api/challenges/attempts/${attempt.attemptId}/moves`, { entity: key, version: attempt.version }).expect(200);
    return MoveOutcomeSchema.parse(res.body);
  };
  /** The caller's challenge rewards in the points ledger, as its history shows them (after every event is delivered). */
  const ledgerRows = async (client: ApiClient) => {
    await t.events.settled();
    const history = LedgerHistorySchema.parse((await client.send('get', '/api/users/me/points?limit=50').expect(200)).body);
    return history.entries.filter((entry) => entry.reason === 'challenge');
  };

  let daily: DailyChallenge;

  it('prepares the list and stores today’s daily at start-up, before anyone asks (the first visitor does not wait)', async () => {
    expect(await database.db.select().from(challenges).where(eq(challenges.date, TODAY))).toHaveLength(0);
    const prepared = await t.services.challenges.warm();
    expect(prepared).toEqual({ yearsMs: expect.any(Number), listMs: expect.any(Number), dailyMs: expect.any(Number) });
    expect(await database.db.select().from(challenges).where(eq(challenges.date, TODAY))).toHaveLength(1);
  });

  it('generates the day’s daily from the graph, stores it once, and measures its par as the true shortest distance', async () => {
    const res = await (await player()).client.send('get', '/api/challenges/daily').expect(200);
    daily = DailyChallengeSchema.parse(res.body);
    expect(daily).toMatchObject({ id: `daily-${TODAY}`, date: TODAY, number: dailyNumber(TODAY), timeLimit: 5, completedToday: false, pointsEarned: null });
    expect(daily.number).toBe(140);
    expect(daily.par).toBe(daily.targetDegrees);
    expect(daily.par).toBeGreaterThanOrEqual(2);
    const dist = game.distancesFrom(node(daily.toEntity.key), 8);
    expect(dist[node(daily.fromEntity.key)]).toBe(daily.par);
    expect(daily.moveLimit).toBe(daily.par + 6);
    expect(daily.pointReward).toBe(50 + 25 * (daily.par - 2));
    expect(daily.expiresAt).toBe('2026-11-26T00:00:00.000Z');
    // Anonymous callers see the same daily; it is stored once.
    const again = DailyChallengeSchema.parse((await request(t.app).get('/api/challenges/daily').expect(200)).body);
    expect(again.fromEntity.key).toBe(daily.fromEntity.key);
    expect(await database.db.select().from(challenges).where(eq(challenges.date, TODAY))).toHaveLength(1);
  });

  it('refuses a pick that is not linked to the chain’s end (it costs a move), and a stale version', async () => {
    const { client } = await player();
    const started = AttemptStateSchema.parse((await client.send('post', `/api/challenges/${daily.id}/attempts`, {}).expect(201)).body);
    expect(started).toMatchObject({ status: 'playing', moves: 0, version: 0, rewarded: true, result: null });
    expect(Date.parse(started.endsAt) - Date.parse(started.startedAt)).toBe(5 * 60_000);
    expect(started.chain.map((step) => step.entity.key)).toEqual([daily.fromEntity.key]);
    const refused = await play(client, started, unlinkedTo(daily.fromEntity.key));
    expect(refused).toMatchObject({ accepted: false, reason: `Not linked to ${daily.fromEntity.name}` });
    expect(refused.attempt).toMatchObject({ moves: 1, version: 1, status: 'playing' });
    expect(refused.attempt.chain).toHaveLength(1);
    // The same move again, at the version already used: refused as stale.
    const stale = await client.send('post', `/api/challenges/attempts/${started.attemptId}/moves`, { entity: daily.toEntity.key, version: 0 }).expect(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT' });
    // Starting again (with no body at all) resumes the open attempt.
    const resumed = AttemptStateSchema.parse((await client.send('post', `/api/challenges/${daily.id}/attempts`).expect(201)).body);
    expect(resumed.attemptId).toBe(started.attemptId);
  });

  it('scores a valid chain exactly as specified, by the server’s clock, and pays the points once', async () => {
    const { client } = await player();
    let attempt = AttemptStateSchema.parse((await client.send('post', `/api/challenges/${daily.id}/attempts`, {}).expect(201)).body);
    const chain = optimalChain(daily.fromEntity.key, daily.toEntity.key);
    // One wrong pick on the way: it costs a move, not degrees.
    attempt = (await play(client, attempt, unlinkedTo(daily.fromEntity.key))).attempt;
    for (const key of chain.slice(1)) {
      t.clock.advance(20_000);
      const outcome = await play(client, attempt, key);
      expect(outcome.accepted).toBe(true);
      attempt = outcome.attempt;
    }
    const elapsed = 20_000 * daily.par;
    const points = Math.round(daily.pointReward * 1 * (1 - 0.5 * (elapsed / 300_000)));
    expect(attempt.status).toBe('solved');
    expect(attempt.moves).toBe(daily.par + 1);
    const result = AttemptResultSchema.parse(attempt.result);
    expect(result).toMatchObject({ success: true, degrees: daily.par, par: daily.par, timeTaken: elapsed / 1000, points, message: `You earned ${points} points! Connection found in ${daily.par} degrees.` });
    const time = `${Math.floor(elapsed / 60_000)}:${String((elapsed / 1000) % 60).padStart(2, '0')}`;
    expect(result.shareText.split('\n')[0]).toBe(`Cinema DNA #${daily.number} · ${daily.par} links (par ${daily.par}) · ${time}`);
    expect([...result.shareText.split('\n')[1]!.matchAll(/\p{Extended_Pictographic}/gu)]).toHaveLength(daily.par);
    expect(result.shareText).not.toContain(daily.fromEntity.name);
    expect(result.reveal.chains.length).toBeGreaterThan(0);
    expect(result.reveal.chains.every((each) => each.path.length === daily.par + 1)).toBe(true);
    const mine = result.reveal.chains.find((each) => each.path.map((step) => step.entity.key).join() === chain.join());
    expect(mine?.foundByPercent).toBe(100);

    expect((await ledgerRows(client)).map((row) => row.points)).toEqual([points]);
    const card = DailyChallengeSchema.parse((await client.send('get', '/api/challenges/daily').expect(200)).body);
    expect(card).toMatchObject({ completedToday: true, pointsEarned: points, completedBy: 1 });

    // Opening it again answers the solved attempt (no new clock); posting the whole chain is refused.
    const again = AttemptStateSchema.parse((await client.send('post', `/api/challenges/${daily.id}/attempts`, {}).expect(201)).body);
    expect(again).toMatchObject({ attemptId: attempt.attemptId, status: 'solved', result: { success: true, points } });
    expect(card.finished).toMatchObject({ attemptId: attempt.attemptId, status: 'solved' });
    await client.send('post', '/api/challenges/attempt', { challengeId: daily.id, chain }).expect(409);
    expect((await ledgerRows(client)).map((row) => row.points)).toEqual([points]);

    const stats = ChallengeStatsSchema.parse((await client.send('get', '/api/users/me/challenge-stats').expect(200)).body);
    expect(stats).toMatchObject({ completed: 1, successfulAttempts: 1, successRate: 100, totalPointsEarned: points, currentStreak: 1, longestStreak: 1, rank: 1 });
    t.clock.set(NOON);
  });

  it('lets the server’s clock decide: past endsAt the attempt is timed out, with no points', async () => {
    const { client } = await player();
    const list = ChallengeListSchema.parse((await client.send('get', '/api/challenges').expect(200)).body);
    const sprint = list.challenges.find((each) => each.type === 'speed')!;
    const attempt = AttemptStateSchema.parse((await client.send('post', `/api/challenges/${sprint.id}/attempts`, {}).expect(201)).body);
    const chain = optimalChain(sprint.fromEntity.key, sprint.toEntity.key);
    t.clock.advance(sprint.timeLimit * 1000 + 1);
    // Stats time it out too, before counting it.
    const stats = ChallengeStatsSchema.parse((await client.send('get', '/api/users/me/challenge-stats').expect(200)).body);
    expect(stats).toMatchObject({ completed: 0, successRate: 0, successfulAttempts: 0, totalPointsEarned: 0 });
    const late = await client.send('post', `/api/challenges/attempts/${attempt.attemptId}/moves`, { entity: chain[1], version: attempt.version }).expect(409);
    expect(late.body).toMatchObject({ code: 'CONFLICT', details: { status: 'timed_out' } });
    const read = AttemptStateSchema.parse((await client.send('get', `/api/challenges/attempts/${attempt.attemptId}`).expect(200)).body);
    expect(read).toMatchObject({ status: 'timed_out', result: { success: false, points: 0, timeTaken: sprint.timeLimit } });
    expect(read.result!.reveal.chains.length).toBeGreaterThan(0);
    expect(await ledgerRows(client)).toEqual([]);
    t.clock.set(NOON);
  });

  it('validates every link of a whole chain, and records one without an open attempt as solved for 0 points', async () => {
    const { client } = await player();
    const list = ChallengeListSchema.parse((await client.send('get', '/api/challenges').expect(200)).body);
    const target = list.challenges.find((each) => each.type === 'efficiency' && each.targetDegrees >= 2)!;
    const chain = optimalChain(target.fromEntity.key, target.toEntity.key);
    // A link in the middle replaced by an entity not linked to the step before it.
    const broken = [...chain];
    broken[1] = unlinkedTo(chain[0]!);
    const bad = await client.send('post', '/api/challenges/attempt', { challengeId: target.id, chain: broken }).expect(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_PATH', details: { link: 1, from: chain[0], to: broken[1], reason: `Not linked to ${target.fromEntity.name}` } });
    const short = await client.send('post', '/api/challenges/attempt', { challengeId: target.id, chain: chain.slice(0, -1) }).expect(400);
    expect(short.body.code).toBe('INVALID_PATH');
    await client.send('post', '/api/challenges/attempt', { challengeId: 'list-no-such-thing', chain }).expect(404);

    const result = AttemptResultSchema.parse((await client.send('post', '/api/challenges/attempt', { challengeId: target.id, chain, timeSpent: 1, userId: 1 }).expect(200)).body);
    expect(result).toMatchObject({ success: true, degrees: target.targetDegrees, points: 0, timeTaken: 0 });
    expect(result.noPointsReason).toMatch(/without an attempt on the clock/);
    expect(await ledgerRows(client)).toEqual([]);
  });

  it('pays once when the same player sends a chain twice at once, and keeps one open attempt for two starts at once', async () => {
    const { client } = await player();
    const list = ChallengeListSchema.parse((await client.send('get', '/api/challenges').expect(200)).body);
    const target = list.challenges.find((each) => each.type === 'speed' && each.participants === 0)!;
    const chain = optimalChain(target.fromEntity.key, target.toEntity.key);
    await client.send('post', `/api/challenges/${target.id}/attempts`, {}).expect(201);
    t.clock.advance(20_000);
    const answers = await Promise.all([1, 2, 3].map(() => client.send('post', '/api/challenges/attempt', { challengeId: target.id, chain })));
    for (const res of answers) expect([200, 409], res.text).toContain(res.status);
    const paid = answers.filter((res) => res.status === 200 && res.body.points > 0);
    expect(paid).toHaveLength(1);
    expect((await ledgerRows(client)).map((row) => row.points)).toEqual([paid[0]!.body.points]);

    const other = list.challenges.find((each) => each.type === 'efficiency' && each.participants === 0)!;
    const starts = await Promise.all([1, 2, 3].map(() => client.send('post', `/api/challenges/${other.id}/attempts`, {})));
    expect(new Set(starts.map((res) => `${res.status} ${res.body.attemptId}`)).size).toBe(1);
    t.clock.set(NOON);
  });

  it('times a whole chain from the open attempt, and takes hints off the points', async () => {
    const { client } = await player();
    const list = ChallengeListSchema.parse((await client.send('get', '/api/challenges').expect(200)).body);
    const target = list.challenges.find((each) => each.type === 'puzzle')!;
    let attempt = AttemptStateSchema.parse((await client.send('post', `/api/challenges/${target.id}/attempts`, {}).expect(201)).body);
    attempt = AttemptStateSchema.parse((await client.send('post', `/api/challenges/attempts/${attempt.attemptId}/hint`, { version: attempt.version }).expect(200)).body);
    expect(attempt.hintsUsed).toBe(1);
    const hinted = attempt.hints[0]!;
    const dist = game.distancesFrom(node(target.toEntity.key), 8);
    expect(dist[node(hinted.key)]).toBe(target.targetDegrees - 1);
    expect(game.link(node(target.fromEntity.key), node(hinted.key))).not.toBeNull();
    t.clock.advance(30_000);
    const chain = optimalChain(target.fromEntity.key, target.toEntity.key);
    const result = AttemptResultSchema.parse((await client.send('post', '/api/challenges/attempt', { challengeId: target.id, chain }).expect(200)).body);
    const points = Math.max(0, Math.round(target.pointReward * (1 - 0.5 * (30 / target.timeLimit))) - HINT_COST_POINTS);
    expect(result).toMatchObject({ success: true, points, timeTaken: 30, hintsUsed: 1 });
    t.clock.set(NOON);
  });

  it('lists the challenges, the weekly and the archive; the archive plays without points', async () => {
    const { client } = await player();
    const list = ChallengeListSchema.parse((await client.send('get', '/api/challenges').expect(200)).body);
    expect(list.challenges.length).toBeGreaterThanOrEqual(12);
    expect(new Set(list.challenges.map((each) => each.type))).toEqual(new Set(['speed', 'efficiency', 'puzzle', 'themed', 'other']));
    for (const each of list.challenges) {
      if (each.theme) continue;
      expect(game.distancesFrom(node(each.toEntity.key), 8)[node(each.fromEntity.key)], each.id).toBe(each.targetDegrees);
    }
    const solvedOne = list.challenges.find((each) => each.participants > 0);
    expect(solvedOne).toBeDefined();
    const weekly = ChallengeSchema.parse((await client.send('get', '/api/challenges/weekly').expect(200)).body);
    expect(weekly).toMatchObject({ id: 'weekly-2026-W48', kind: 'weekly', timeLimit: 900, expiresAt: '2026-11-30T00:00:00.000Z' });

    // Tomorrow, today's daily is in the archive, playable without points.
    t.clock.advance(86_400_000);
    const archive = DailyArchiveSchema.parse((await client.send('get', '/api/challenges/daily/archive').expect(200)).body);
    // Every past day since the first daily is there, stored or not: newest first, numbered day by day.
    expect(archive.dailies[0]!.id).toBe(daily.id);
    expect(archive.dailies.length).toBe(Math.min(ARCHIVE_LIMIT, daily.number));
    expect(archive.dailies.map((each) => each.number)).toEqual(archive.dailies.map((_, index) => daily.number - index));
    expect(archive.dailies[0]).toMatchObject({ completedBy: 1, completed: false });
    let replay = AttemptStateSchema.parse((await client.send('post', `/api/challenges/${daily.id}/attempts`, {}).expect(201)).body);
    expect(replay.rewarded).toBe(false);
    for (const key of optimalChain(daily.fromEntity.key, daily.toEntity.key).slice(1)) replay = (await play(client, replay, key)).attempt;
    expect(replay.result).toMatchObject({ success: true, points: 0 });
    expect(await ledgerRows(client)).toEqual([]);
    const tomorrow = DailyChallengeSchema.parse((await client.send('get', '/api/challenges/daily').expect(200)).body);
    expect(tomorrow.number).toBe(daily.number + 1);
    expect(tomorrow.id).not.toBe(daily.id);
    t.clock.set(NOON);
  });

  it('ends an attempt on give-up and when the moves run out', async () => {
    const { client } = await player();
    const attempt = AttemptStateSchema.parse((await client.send('post', `/api/challenges/${daily.id}/attempts`, {}).expect(201)).body);
    const gaveUp = AttemptStateSchema.parse((await client.send('post', `/api/challenges/attempts/${attempt.attemptId}/give-up`, { version: 0 }).expect(200)).body);
    expect(gaveUp).toMatchObject({ status: 'gave_up', result: { success: false, points: 0, message: 'Better luck next time!' } });
    // Another player runs out of moves (the first has seen the answer: the daily is over for them).
    const other = (await player()).client;
    let next = AttemptStateSchema.parse((await other.send('post', `/api/challenges/${daily.id}/attempts`, {}).expect(201)).body);
    const wrong = unlinkedTo(daily.fromEntity.key);
    while (next.status === 'playing') next = (await play(other, next, wrong)).attempt;
    expect(next).toMatchObject({ status: 'out_of_moves', moves: daily.moveLimit });
    expect(dailyDistance()).not.toBe(UNREACHED);
  });

  const dailyDistance = () => game.distancesFrom(node(daily.toEntity.key), 8)[node(daily.fromEntity.key)];
});
