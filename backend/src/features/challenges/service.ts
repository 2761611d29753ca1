import { plural, type ArchivedDaily, type AttemptAction, type AttemptMove, type AttemptResult, type AttemptState, type Challenge, type ChallengeStats, type DailyChallenge, type MoveOutcome, type WholeChainAttempt } from '@cinema-dna/shared-types';
import type { GraphService } from '../../graph/index.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { DomainEvents } from '../../platform/events/index.js';
import { chainOf, createAttemptStore, requirePlayable, storedStep } from './attempts.js';
import { DAILY_EPOCH } from './daily.js';
import { DAY_MS, dateStart, utcDate } from './definition.js';
import { conflict, createChallengeStore } from './challenge-store.js';
import type { ChallengePorts, Clock } from './ports.js';
import { createChallengePresenter } from './presentation.js';
import { applyPick, applyUndo, hintFor, validateChain } from './rules.js';
import { userChallengeStats } from './stats.js';

export { solveFloorMs } from './attempts.js';
export { streaksOf } from './stats.js';

/** The archive lists at most this many past dailies. */
export const ARCHIVE_LIMIT = 60;

export interface ChallengeServiceDeps {
  db: Db;
  events: Pick<DomainEvents, 'transaction' | 'record'>;
  graph: GraphService;
  clock: Clock;
  ports: ChallengePorts;
}

/**
 * Challenges: the daily (seeded by its UTC date), the weekly, the All Challenges list, attempts played
 * link by link on the server's clock, whole chains, scoring, reveals and stats. The façade of the
 * feature's parts, one job each: challenge-store.ts (the challenges, generated and stored, and what is cached per loaded graph),
 * attempts.ts (attempts as stored; a solve records `challenge.solved` in its transaction),
 * presentation.ts (the API's answers), stats.ts (everyone's and the user's numbers).
 */
export function createChallengeService(deps: ChallengeServiceDeps) {
  const { db, events, clock, ports } = deps;
  const store = createChallengeStore({ db, graph: deps.graph, clock, releaseYears: ports.releaseYears });
  const attempts = createAttemptStore({ db, events, clock });
  const { present, resultOf, presentChallenges, presentDaily, presentArchive } = createChallengePresenter({
    db,
    clock,
    summaries: ports.summaries,
    game: store.game,
    distanceTo: store.distanceTo,
  });

  /** Loads the caller's attempt with its challenge and rules, settled on the server's clock. */
  async function attemptContext(userId: number, attemptId: string) {
    const loaded = await attempts.load(userId, attemptId);
    const definition = (await store.storedChallenge(loaded.challengeId))!;
    const rules = await store.rulesOf(definition);
    return { row: await attempts.settle(loaded, definition), definition, rules };
  }

  return {
    /**
     * Prepares what the first challenge request of a loaded graph would otherwise wait for (the films'
     * years, the All Challenges list, today's daily): run once in the background after start-up.
     * Answers what each step cost, for the log.
     */
    warm: store.warm,

    /** GET /api/challenges/daily. */
    async daily(userId: number | null): Promise<DailyChallenge> {
      const definition = await store.todaysDaily();
      if (!definition) throw notFound('No challenge available');
      const rules = await store.rulesOf(definition);
      if (userId !== null) await attempts.settleExpired(userId);
      const finished = userId === null ? null : await attempts.finishedAttempt(userId, definition.id);
      return presentDaily(definition, rules, userId, finished);
    },

    /**
     * GET /api/challenges/daily/archive: the past dailies, newest first, up to ARCHIVE_LIMIT days back
     * (never before DAILY_EPOCH). Every past day had a daily whether or not anyone opened it then: a
     * day never stored is generated (the pair of a date depends only on the graph) and stored now.
     */
    async archive(userId: number | null): Promise<{ dailies: ArchivedDaily[] }> {
      const today = dateStart(utcDate(clock()));
      const dates: string[] = [];
      for (let back = 1; back <= ARCHIVE_LIMIT; back++) {
        const date = utcDate(today - back * DAY_MS);
        if (date < DAILY_EPOCH) break;
        dates.push(date);
      }
      return { dailies: await presentArchive(await store.pastDailies(dates), userId) };
    },

    /** GET /api/challenges: the All Challenges list. */
    async list(userId: number | null): Promise<{ challenges: Challenge[] }> {
      if (userId !== null) await attempts.settleExpired(userId);
      return { challenges: await presentChallenges(await store.listed(), userId) };
    },

    /** GET /api/challenges/weekly: this ISO week's. */
    async weekly(userId: number | null): Promise<Challenge> {
      if (userId !== null) await attempts.settleExpired(userId);
      const definition = await store.thisWeek();
      if (!definition) throw notFound('No challenge available');
      const [presented] = await presentChallenges([definition], userId);
      if (!presented) throw notFound('No challenge available');
      return presented;
    },

    /**
     * POST /api/challenges/:id/attempts: the caller's open attempt; else the finished one (solved, or the
     * answer seen: the result, share text and reveal, and no new clock); else a new one on the server's clock.
     */
    async start(userId: number, challengeId: string): Promise<AttemptState> {
      const definition = await store.challengeById(challengeId);
      const rules = await store.rulesOf(definition);
      const open = await attempts.openAttempt(userId, definition);
      if (open) return present(open, definition, rules);
      const finished = await attempts.finishedAttempt(userId, definition.id);
      if (finished) return present(finished, definition, rules);
      const now = clock();
      // A past daily (the archive) or week stays playable, without points: eligible() says so.
      const rewarded = await attempts.eligible(userId, definition, now);
      const row = await attempts.begin(userId, definition, storedStep(rules.game.graph, rules.from, null), rewarded, now);
      return present(row, definition, rules);
    },

    /** GET /api/challenges/attempts/:attemptId. */
    async attempt(userId: number, attemptId: string): Promise<AttemptState> {
      const { row, definition, rules } = await attemptContext(userId, attemptId);
      return present(row, definition, rules);
    },

    /** A pick: refused picks cost a move too. */
    async move(userId: number, attemptId: string, input: AttemptMove): Promise<MoveOutcome> {
      const { row, definition, rules } = await attemptContext(userId, attemptId);
      requirePlayable(row, input.version);
      const node = rules.game.graph.resolve(input.entity);
      const play = applyPick(rules, { chain: chainOf(rules, row), moves: row.moves, status: 'playing' }, node < 0 ? -1 : node);
      const written = await attempts.writePlay(row, definition, rules, play);
      return { accepted: play.accepted, reason: play.reason, attempt: await present(written, definition, rules) };
    },

    /** Undo the last link (costs a move). */
    async undo(userId: number, attemptId: string, input: AttemptAction): Promise<MoveOutcome> {
      const { row, definition, rules } = await attemptContext(userId, attemptId);
      requirePlayable(row, input.version);
      const play = applyUndo(rules, { chain: chainOf(rules, row), moves: row.moves, status: 'playing' });
      if (!play.accepted) return { accepted: false, reason: play.reason, attempt: await present(row, definition, rules) };
      const written = await attempts.writePlay(row, definition, rules, play);
      return { accepted: true, reason: null, attempt: await present(written, definition, rules) };
    },

    /** A hint: a popular neighbour on an optimal chain from the chain's end; costs HINT_COST_POINTS. */
    async hint(userId: number, attemptId: string, input: AttemptAction): Promise<AttemptState> {
      const { row, definition, rules } = await attemptContext(userId, attemptId);
      requirePlayable(row, input.version);
      const chain = chainOf(rules, row);
      const { graph } = rules.game;
      const hinted = new Set(row.hints.map((key) => graph.resolve(key)));
      const node = hintFor(rules, chain.nodes, hinted, store.distanceTo(definition.id, rules));
      if (node === null) throw conflict('No hint available from here');
      const hints = hinted.has(node) ? row.hints : [...row.hints, graph.key(node)];
      const written = await attempts.writePlay(row, definition, rules, { accepted: true, reason: null, chain, moves: row.moves, status: 'playing' }, { hints });
      return present(written, definition, rules);
    },

    /** Give up: the attempt ends with the reveal and no points. */
    async giveUp(userId: number, attemptId: string, input: AttemptAction): Promise<AttemptState> {
      const { row, definition, rules } = await attemptContext(userId, attemptId);
      requirePlayable(row, input.version);
      const written = await attempts.writePlay(row, definition, rules, { accepted: true, reason: null, chain: chainOf(rules, row), moves: row.moves, status: 'gave_up' });
      return present(written, definition, rules);
    },

    /**
     * POST /api/challenges/attempt: a whole chain, validated link by link (400 INVALID_PATH naming the
     * bad link), under the rules of link-by-link play: each link is a move (a chain longer than the moves
     * left is refused, 409, and does not solve), the time counts from the open attempt's start, and a
     * solve under the human floor pays 0. Without an open attempt there is no clock: the chain is recorded
     * as solved and pays 0. A challenge the caller has finished (solved, or seen the answer) is refused.
     */
    async wholeChain(userId: number, input: WholeChainAttempt): Promise<AttemptResult> {
      const definition = await store.challengeById(input.challengeId);
      const rules = await store.rulesOf(definition);
      const { graph } = rules.game;
      const nodes = input.chain.map((key) => graph.resolve(key));
      const unknown = nodes.findIndex((node) => node < 0);
      const checked = unknown >= 0 ? ({ ok: false, index: Math.max(0, unknown - 1), reason: `Unknown entity ${input.chain[unknown]}` } as const) : validateChain(rules, nodes);
      if (!checked.ok) {
        const from = input.chain[checked.index];
        const to = input.chain[checked.index + 1] ?? null;
        throw new AppError(400, 'INVALID_PATH', `Invalid connection path: link ${checked.index + 1} (${checked.reason})`, { link: checked.index + 1, from, to, reason: checked.reason });
      }
      const chain = checked.chain;
      const links = chain.nodes.length - 1;
      const tooLong = (movesLeft: number) => {
        if (links <= movesLeft) return;
        const left = `${plural(movesLeft, 'move')} ${movesLeft === 1 ? 'is' : 'are'} left`;
        throw conflict(`This chain needs ${links} moves and ${left}: it does not solve the attempt.`, { movesLeft, links });
      };
      const open = await attempts.openAttempt(userId, definition);
      if (open) {
        tooLong(definition.moveLimit - open.moves);
        const written = await attempts.writePlay(open, definition, rules, { accepted: true, reason: null, chain, moves: open.moves + links, status: 'solved' });
        return resultOf(written, definition, rules);
      }
      if (await attempts.finishedAttempt(userId, definition.id)) {
        throw conflict('You have finished this challenge (solved it, or seen the answer): it pays no more points.', { finished: true });
      }
      tooLong(definition.moveLimit);
      const row = await attempts.recordUntimedSolve(userId, definition, chain.nodes.map((node, i) => storedStep(graph, node, chain.links[i] ?? null)));
      return resultOf(row, definition, rules);
    },

    /** GET /api/users/me/challenge-stats. */
    async stats(userId: number): Promise<ChallengeStats> {
      await attempts.settleExpired(userId);
      return userChallengeStats(db, userId, utcDate(clock()), ports.challengeRank);
    },
  };
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
