import {
  AttemptResultSchema,
  AttemptStateSchema,
  ChallengeListSchema,
  DailyChallengeSchema,
  LedgerHistorySchema,
  MoveOutcomeSchema,
  REVEAL_MAX_CHAINS,
  SOLVE_FLOOR_SECONDS_PER_LINK,
  type AttemptState,
  type Challenge,
} from '@cinema-dna/shared-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets } from '../../test-support/targets.js';
import { GameGraph } from './game-graph.js';

/**
 * Issue 25, rules 1 and 2 of the economy, replayed as a cheater would: give up (or time out), read the
 * answer, play again; skip the move limit with a whole chain; post a whole chain faster than a person
 * can pick; and the reveal's shares of solvers.
 */
const TODAY = '2026-11-25';
const NOON = Date.parse(`${TODAY}T12:00:00.000Z`);

describe.each(databaseTargets())('fair play in challenges on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let game: GameGraph;
  let list: Challenge[];

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = await sharedStateTargets()[0]!.open();
    t = await openTestApp({ database, shared });
    t.clock.set(NOON);
    game = new GameGraph(t.graph.graph);
    const { client } = await player();
    list = ChallengeListSchema.parse((await client.send('get', '/api/challenges').expect(200)).body).challenges;
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
  /** Up to `limit` optimal chains of the pair (keys), as the game graph lists them. */
  const optimalChains = (fromKey: string, toKey: string, limit = 1): string[][] => {
    const dist = game.distancesFrom(node(toKey), 8);
    return game.shortestChains(node(fromKey), dist, limit).map((chain) => chain.map((index) => t.graph.graph.key(index)));
  };
  const unlinkedTo = (key: string): string => {
    const from = node(key);
    const graph = t.graph.graph;
    for (let v = 0; v < graph.nodeCount; v++) if (v !== from && game.playable(v) && graph.type(v) === 'person' && !game.link(from, v)) return graph.key(v);
    throw new Error('no unlinked entity');
  };
  const start = async (client: ApiClient, challengeId: string) => AttemptStateSchema.parse((await client.send('post', `/api/challenges/${challengeId}/attempts`, {}).expect(201)).body);
  const play = async (client: ApiClient, attempt: AttemptState, key: string) =>
    MoveOutcomeSchema.parse((await client.send('post', `/api/challenges/attempts/${attempt.attemptId}/moves`, { entity: key, version: attempt.version }).expect(200)).body);
  const challengePoints = async (client: ApiClient) => {
    await t.events.settled();
    const history = LedgerHistorySchema.parse((await client.send('get', '/api/users/me/points?limit=50').expect(200)).body);
    return history.entries.filter((entry) => entry.reason === 'challenge').map((entry) => entry.points);
  };
  /** Badge rewards in the caller's ledger: On Par and Daily Challenger react to a counted solve only. */
  const badgeRewards = async (client: ApiClient) => {
    await t.events.settled();
    const history = LedgerHistorySchema.parse((await client.send('get', '/api/users/me/points?limit=50').expect(200)).body);
    return history.entries.filter((entry) => entry.reason === 'badge').map((entry) => entry.description);
  };
  const slot = (slug: string) => list.find((each) => each.id === `list-${slug}`)!;

  it('give up the daily, read the answer, come back: the same finished attempt, no new clock, and the revealed chain pays nothing', async () => {
    t.clock.set(NOON);
    const { client } = await player();
    const daily = DailyChallengeSchema.parse((await client.send('get', '/api/challenges/daily').expect(200)).body);
    const attempt = await start(client, daily.id);
    const gaveUp = AttemptStateSchema.parse((await client.send('post', `/api/challenges/attempts/${attempt.attemptId}/give-up`, { version: attempt.version }).expect(200)).body);
    const answer = gaveUp.result!.reveal.chains[0]!.path.map((step) => step.entity.key);
    t.clock.advance(1_800);

    // Opening it again: the finished attempt with its result, share text and reveal; no clock starts.
    const again = await start(client, daily.id);
    expect(again).toMatchObject({ attemptId: gaveUp.attemptId, status: 'gave_up', endsAt: gaveUp.endsAt, version: gaveUp.version });
    expect(again.result!.shareText).toBe(gaveUp.result!.shareText);
    expect(again.result!.reveal.chains.length).toBeGreaterThan(0);
    const card = DailyChallengeSchema.parse((await client.send('get', '/api/challenges/daily').expect(200)).body);
    expect(card).toMatchObject({ activeAttemptId: null, completedToday: false, finished: { attemptId: gaveUp.attemptId, status: 'gave_up' } });
    expect(card.finished!.result!.reveal.chains.length).toBeGreaterThan(0);

    // The revealed chain posted whole: refused, and nothing is paid.
    const whole = await client.send('post', '/api/challenges/attempt', { challengeId: daily.id, chain: answer });
    expect(whole.status, whole.text).toBe(409);
    expect(whole.body.message).toMatch(/seen the answer|finished/i);
    expect(await challengePoints(client)).toEqual([]);
    expect(await badgeRewards(client)).toEqual([]);
  });

  it('a list challenge that timed out or was given up never pays again', async () => {
    t.clock.set(NOON);
    const { client } = await player();
    const sprint = slot('speed-sprint');
    const timed = await start(client, sprint.id);
    t.clock.advance(sprint.timeLimit * 1000 + 1);
    const back = await start(client, sprint.id);
    expect(back).toMatchObject({ attemptId: timed.attemptId, status: 'timed_out' });
    expect(back.result!.reveal.chains.length).toBeGreaterThan(0);
    const answer = back.result!.reveal.chains[0]!.path.map((step) => step.entity.key);
    expect((await client.send('post', '/api/challenges/attempt', { challengeId: sprint.id, chain: answer })).status).toBe(409);

    const warmUp = slot('other-warm-up');
    const attempt = await start(client, warmUp.id);
    await client.send('post', `/api/challenges/attempts/${attempt.attemptId}/give-up`, { version: attempt.version }).expect(200);
    t.clock.advance(30_000);
    const listed = ChallengeListSchema.parse((await client.send('get', '/api/challenges').expect(200)).body).challenges;
    expect(listed.find((each) => each.id === warmUp.id)).toMatchObject({ activeAttemptId: null, finishedStatus: 'gave_up' });
    expect(listed.find((each) => each.id === sprint.id)).toMatchObject({ activeAttemptId: null, finishedStatus: 'timed_out' });
    expect(await challengePoints(client)).toEqual([]);
  });

  it('a whole chain past the moves left is refused and does not solve (5 refused picks of 6, then 2 links)', async () => {
    t.clock.set(NOON);
    const { client } = await player();
    const sprint = slot('speed-sprint');
    expect(sprint).toMatchObject({ targetDegrees: 2, moveLimit: 6 });
    let attempt = await start(client, sprint.id);
    const wrong = unlinkedTo(sprint.fromEntity.key);
    for (let i = 0; i < 5; i++) attempt = (await play(client, attempt, wrong)).attempt;
    expect(attempt).toMatchObject({ status: 'playing', moves: 5 });
    t.clock.advance(20_000);
    const chain = optimalChains(sprint.fromEntity.key, sprint.toEntity.key)[0]!;
    const refused = await client.send('post', '/api/challenges/attempt', { challengeId: sprint.id, chain });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', details: { movesLeft: 1, links: 2 } });
    const read = AttemptStateSchema.parse((await client.send('get', `/api/challenges/attempts/${attempt.attemptId}`).expect(200)).body);
    expect(read).toMatchObject({ status: 'playing', moves: 5, result: null });
    expect(await challengePoints(client)).toEqual([]);
  });

  it('a whole chain faster than a person can pick is solved and pays 0, with the reason; at a human pace it pays', async () => {
    t.clock.set(NOON);
    const { client } = await player();
    const blitz = slot('speed-blitz');
    await start(client, blitz.id);
    const chain = optimalChains(blitz.fromEntity.key, blitz.toEntity.key)[0]!;
    const links = chain.length - 1;
    // Half a second after starting: under the floor of 2 s a link.
    t.clock.advance(470);
    const fast = AttemptResultSchema.parse((await client.send('post', '/api/challenges/attempt', { challengeId: blitz.id, chain }).expect(200)).body);
    expect(fast).toMatchObject({ success: true, degrees: links, points: 0 });
    expect(fast.noPointsReason).toBe(`Solved faster than a person can pick ${links} links (${SOLVE_FLOOR_SECONDS_PER_LINK} seconds a link): no points are paid.`);
    expect(fast.message).toContain(fast.noPointsReason);

    // Without an attempt on the clock, a whole chain has no time a person took: solved, 0 points.
    const sprint = slot('efficiency-on-par');
    const noClock = AttemptResultSchema.parse(
      (await client.send('post', '/api/challenges/attempt', { challengeId: sprint.id, chain: optimalChains(sprint.fromEntity.key, sprint.toEntity.key)[0]! }).expect(200)).body,
    );
    expect(noClock).toMatchObject({ success: true, points: 0 });
    expect(await challengePoints(client)).toEqual([]);
    expect(await badgeRewards(client)).toEqual([]);

    // The same chain at a person's pace, from an attempt on the clock, pays.
    const { client: fair } = await player();
    await start(fair, blitz.id);
    t.clock.advance(links * SOLVE_FLOOR_SECONDS_PER_LINK * 1000 + 5_000);
    const paid = AttemptResultSchema.parse((await fair.send('post', '/api/challenges/attempt', { challengeId: blitz.id, chain }).expect(200)).body);
    expect(paid.points).toBeGreaterThan(0);
    expect(paid.noPointsReason).toBeNull();
    expect(await challengePoints(fair)).toEqual([paid.points]);
    expect(await badgeRewards(fair)).toContain('Badge earned: On Par');
  });

  it('the reveal gives the real share of solvers per optimal chain and marks the player’s own', async () => {
    t.clock.set(NOON);
    // A challenge with more optimal chains than a reveal lists, nobody else has played.
    const candidates = list.filter((each) => !each.theme && each.timeLimit >= 300 && each.participants === 0 && !['other-warm-up', 'efficiency-on-par'].includes(each.id.slice('list-'.length)));
    const target = candidates.sort((a, b) => optimalChains(b.fromEntity.key, b.toEntity.key, 60).length - optimalChains(a.fromEntity.key, a.toEntity.key, 60).length)[0]!;
    const chains = optimalChains(target.fromEntity.key, target.toEntity.key, 60);
    expect(chains.length).toBeGreaterThan(REVEAL_MAX_CHAINS);
    const common = chains[0]!;
    const rare = chains.at(-1)!;
    const solve = async (chain: string[]) => {
      const { client } = await player();
      let attempt = await start(client, target.id);
      for (const key of chain.slice(1)) {
        t.clock.advance(5_000);
        attempt = (await play(client, attempt, key)).attempt;
      }
      expect(attempt.status).toBe('solved');
      return attempt;
    };
    await solve(common);
    await solve(common);
    const mine = await solve(rare);
    const reveal = mine.result!.reveal;
    const byPath = (chain: string[]) => reveal.chains.find((each) => each.path.map((step) => step.entity.key).join() === chain.join());
    expect(byPath(rare)).toMatchObject({ foundByPercent: 33, yours: true });
    expect(byPath(common)).toMatchObject({ foundByPercent: 67, yours: false });
    expect(reveal.chains.filter((each) => each.yours)).toHaveLength(1);
    expect(reveal.chains.length).toBeLessThanOrEqual(REVEAL_MAX_CHAINS);
    // Found most often first.
    expect(reveal.chains[0]!.foundByPercent).toBe(67);

    // Someone who gave up sees the same shares, with no chain marked.
    const { client } = await player();
    const attempt = await start(client, target.id);
    const gaveUp = AttemptStateSchema.parse((await client.send('post', `/api/challenges/attempts/${attempt.attemptId}/give-up`, { version: attempt.version }).expect(200)).body);
    expect(gaveUp.result!.reveal.chains.filter((each) => each.yours)).toHaveLength(0);
    expect(gaveUp.result!.reveal.chains.slice(0, 2).map((each) => each.foundByPercent)).toEqual([67, 33]);
  });
});
