import { plural } from '@cinema-dna/shared-types';
import {
  REVEAL_MAX_CHAINS,
  SOLVE_FLOOR_SECONDS_PER_LINK,
  type ArchivedDaily,
  type AttemptResult,
  type AttemptState,
  type Challenge,
  type ChallengeReveal,
  type ChainStep,
  type DailyChallenge,
  type EntitySummary,
  type PathRelationship,
  type Relationship,
} from '@cinema-dna/shared-types';
import type { Db } from '../../platform/db/database.js';
import { solveFloorMs, storedStep, type AttemptRow } from './attempts.js';
import { dailyNumber } from './daily.js';
import { utcDate, type ChallengeDefinition } from './definition.js';
import type { GameGraph } from './game-graph.js';
import type { ChallengePorts, Clock } from './ports.js';
import { optimalChains, validateChain, type PlayRules } from './rules.js';
import { resultMessage, shareText } from './scoring.js';
import type { StoredChainStep } from './schema.js';
import { challengeStatsOf, seconds, solverChains } from './stats.js';

/**
 * Challenges and attempts as the API answers them: entities named by their summaries, the result with
 * its share text and the reveal of optimal chains, the cards with everyone's and the user's numbers.
 */

const relationshipOf = (via: NonNullable<StoredChainStep['via']>): PathRelationship => ({
  type: via.type as Relationship,
  direction: via.direction,
  character: via.type === 'acted_in' ? via.label : null,
  job: via.type === 'acted_in' || via.type === 'won' || via.type === 'nominated_for' ? null : via.label,
  label: via.label,
  tier: via.tier as PathRelationship['tier'],
});

export function createChallengePresenter(deps: {
  db: Db;
  clock: Clock;
  summaries: ChallengePorts['summaries'];
  /** The loaded graph as the game plays it. */
  game: () => GameGraph;
  /** Distances to a goal under a challenge's rules (cached per loaded graph). */
  distanceTo: (challengeId: string, rules: PlayRules) => (goal: number) => Uint8Array;
}) {
  const { db, clock } = deps;

  async function summariesOf(nodes: number[]): Promise<Map<number, EntitySummary>> {
    const unique = [...new Set(nodes)];
    const found = await deps.summaries(unique);
    return new Map(unique.map((node, i) => [node, found[i]!]));
  }

  /**
   * The reveal: optimal chains with the share of solvers (each player's first solve) who found each. The
   * chains solvers found come first, most found first, then the most popular others, up to
   * REVEAL_MAX_CHAINS; the chain of `mine` (the attempt shown) is always listed when it is optimal, and
   * marked `yours`.
   */
  async function reveal(definition: ChallengeDefinition, rules: PlayRules, mine: AttemptRow | null): Promise<ChallengeReveal> {
    const { graph } = rules.game;
    const keyOf = (keys: readonly string[]) => keys.join('|');
    const mineKey = mine?.status === 'solved' ? keyOf(mine.chain.map((step) => step.key)) : null;
    // Each solver's first solve, grouped by chain: the optimal ones found most (and the caller's own), with the number of solvers.
    const { found, solvers } = await solverChains(db, definition, mineKey);
    /** A stored chain as nodes when it is optimal under the rules on the loaded graph. */
    const optimalNodes = (keys: readonly string[]): number[] | null => {
      if (keys.length !== definition.par + 1) return null;
      const nodes = keys.map((key) => graph.resolve(key));
      if (nodes.some((node) => node < 0)) return null;
      return validateChain(rules, nodes).ok ? nodes : null;
    };
    const chosen = new Map<string, number[]>();
    for (const [key] of found) {
      if (chosen.size >= REVEAL_MAX_CHAINS) break;
      const nodes = optimalNodes(key.split('|'));
      if (nodes) chosen.set(key, nodes);
    }
    if (chosen.size < REVEAL_MAX_CHAINS) {
      for (const nodes of optimalChains(rules, REVEAL_MAX_CHAINS, deps.distanceTo(definition.id, rules))) {
        if (chosen.size >= REVEAL_MAX_CHAINS) break;
        const key = keyOf(nodes.map((node) => graph.key(node)));
        if (!chosen.has(key)) chosen.set(key, nodes);
      }
    }
    if (mineKey !== null && !chosen.has(mineKey)) {
      const nodes = optimalNodes(mineKey.split('|'));
      if (nodes) {
        if (chosen.size >= REVEAL_MAX_CHAINS) chosen.delete([...chosen.keys()].at(-1)!);
        chosen.set(mineKey, nodes);
      }
    }
    const names = await summariesOf([...chosen.values()].flat());
    return {
      par: definition.par,
      optimalChains: Math.max(definition.optimalChains, chosen.size, 1),
      chains: [...chosen.entries()].map(([key, chain]) => ({
        path: chain.map((node, i) => {
          const link = i < chain.length - 1 ? rules.game.link(node, chain[i + 1]!) : null;
          return { entity: names.get(node)!, relationship: link && relationshipOf(storedStep(graph, node, link).via!) };
        }),
        foundByPercent: solvers === 0 ? 0 : Math.round((100 * (found.get(key) ?? 0)) / solvers),
        yours: key === mineKey,
      })),
    };
  }

  /** Why a finished solve paid no points, or null when it paid (or did not solve). */
  function noPointsReason(row: AttemptRow, definition: ChallengeDefinition): string | null {
    if (row.status !== 'solved' || row.points > 0) return null;
    const links = row.degrees ?? 0;
    if (row.wholeChain) return 'Sent as a whole chain without an attempt on the clock: no points are paid. Start the challenge, then send your chain.';
    if (row.timeMs !== null && row.timeMs < solveFloorMs(links)) {
      return `Solved faster than a person can pick ${plural(links, 'link')} (${SOLVE_FLOOR_SECONDS_PER_LINK} seconds a link): no points are paid.`;
    }
    if (!row.rewarded) {
      if (definition.kind === 'daily' && definition.date !== utcDate(row.startedAt)) return 'An archive daily: played for fun, no points are paid.';
      if (definition.expiresAt && row.startedAt.getTime() >= definition.expiresAt.getTime()) return 'This challenge had closed: played for fun, no points are paid.';
      return 'You had already solved this challenge or seen its answer: it pays no more points.';
    }
    return row.hints.length > 0 ? 'The hints took the whole reward.' : null;
  }

  async function resultOf(row: AttemptRow, definition: ChallengeDefinition, rules: PlayRules): Promise<AttemptResult> {
    const success = row.status === 'solved';
    const unpaid = noPointsReason(row, definition);
    return {
      success,
      degrees: success ? row.degrees : null,
      par: definition.par,
      timeTaken: (row.timeMs ?? 0) / 1000,
      moves: row.moves,
      hintsUsed: row.hints.length,
      points: row.points,
      message: unpaid ? `Connection found in ${row.degrees} degrees. ${unpaid}` : resultMessage(row.status, row.points, row.degrees),
      noPointsReason: unpaid,
      shareText: shareText({
        number: definition.number,
        title: definition.title,
        status: row.status,
        degrees: row.degrees,
        par: definition.par,
        timeMs: row.timeMs ?? 0,
        links: row.chain.flatMap((step) => (step.via ? [step.via.type as Relationship] : [])),
      }),
      reveal: await reveal(definition, rules, row),
    };
  }

  async function present(row: AttemptRow, definition: ChallengeDefinition, rules: PlayRules): Promise<AttemptState> {
    const { graph } = rules.game;
    const hintNodes = row.hints.map((key) => graph.resolve(key)).filter((node) => node >= 0);
    const chainNodes = row.chain.map((step) => graph.resolve(step.key));
    const names = await summariesOf([rules.from, rules.to, ...chainNodes.filter((node) => node >= 0), ...hintNodes]);
    return {
      attemptId: String(row.id),
      challengeId: row.challengeId,
      fromEntity: names.get(rules.from)!,
      toEntity: names.get(rules.to)!,
      theme: definition.theme,
      par: definition.par,
      status: row.status,
      chain: row.chain.map((step, i) => ({ entity: names.get(chainNodes[i]!)!, via: step.via && relationshipOf(step.via) }) satisfies ChainStep),
      moves: row.moves,
      moveLimit: definition.moveLimit,
      hintsUsed: row.hints.length,
      hints: hintNodes.map((node) => names.get(node)!),
      startedAt: row.startedAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      serverNow: clock(),
      rewarded: row.rewarded,
      result: row.status === 'playing' ? null : await resultOf(row, definition, rules),
      version: row.version,
    };
  }

  const challengeStats = (ids: string[], userId: number | null) => challengeStatsOf(db, ids, userId, new Date(clock()));

  /**
   * One card per definition whose ends the loaded graph holds (others are left out), made by `card` from
   * the ends' summaries and everyone's and the user's numbers (one query each for the whole page).
   */
  async function cards<T>(
    definitions: ChallengeDefinition[],
    userId: number | null,
    card: (definition: ChallengeDefinition, ends: { from: EntitySummary; to: EntitySummary }, stats: Awaited<ReturnType<typeof challengeStats>>) => T,
  ): Promise<T[]> {
    const { graph } = deps.game();
    const ends = definitions.flatMap((each) => [graph.resolve(each.fromKey), graph.resolve(each.toKey)]).filter((node) => node >= 0);
    const [names, stats] = await Promise.all([summariesOf(ends), challengeStats(definitions.map((each) => each.id), userId)]);
    return definitions.flatMap((definition) => {
      const [from, to] = [graph.resolve(definition.fromKey), graph.resolve(definition.toKey)];
      if (from < 0 || to < 0) return [];
      return [card(definition, { from: names.get(from)!, to: names.get(to)! }, stats)];
    });
  }

  async function presentChallenges(definitions: ChallengeDefinition[], userId: number | null): Promise<Challenge[]> {
    return cards(definitions, userId, (definition, ends, stats): Challenge => {
      const overall = stats.overall.get(definition.id);
      const mine = stats.mine.get(definition.id);
      return {
        id: definition.id,
        kind: definition.kind,
        title: definition.title,
        description: definition.description,
        type: definition.type,
        difficulty: definition.difficulty,
        pointReward: definition.reward,
        fromEntity: ends.from,
        toEntity: ends.to,
        targetDegrees: definition.par,
        theme: definition.theme,
        timeLimit: definition.timeLimitSeconds,
        moveLimit: definition.moveLimit,
        participants: overall?.participants ?? 0,
        completionRate: overall && overall.finished > 0 ? Math.round((100 * overall.solved) / overall.finished) : 0,
        bestTime: seconds(overall?.bestTime),
        bestDegrees: overall?.bestDegrees ?? null,
        userBestTime: seconds(mine?.bestTime),
        userBestDegrees: mine?.bestDegrees ?? null,
        isCompleted: mine?.solved ?? false,
        activeAttemptId: mine?.open === null || mine?.open === undefined ? null : String(mine.open),
        finishedStatus: mine?.finished ?? null,
        expiresAt: definition.expiresAt?.toISOString() ?? null,
      };
    });
  }

  /** GET /api/challenges/daily's answer; `finished` is the user's finished attempt, shown once the daily is over for them. */
  async function presentDaily(definition: ChallengeDefinition, rules: PlayRules, userId: number | null, finished: AttemptRow | null): Promise<DailyChallenge> {
    const [names, stats] = await Promise.all([summariesOf([rules.from, rules.to]), challengeStats([definition.id], userId)]);
    const mine = stats.mine.get(definition.id);
    return {
      id: definition.id,
      number: definition.number!,
      date: definition.date!,
      fromEntity: names.get(rules.from)!,
      toEntity: names.get(rules.to)!,
      targetDegrees: definition.par,
      par: definition.par,
      optimalChains: definition.optimalChains,
      difficulty: definition.difficulty,
      timeLimit: Math.round(definition.timeLimitSeconds / 60),
      moveLimit: definition.moveLimit,
      pointReward: definition.reward,
      expiresAt: definition.expiresAt!.toISOString(),
      completedBy: stats.overall.get(definition.id)?.solvedBy ?? 0,
      completedToday: mine?.solvedOnDay ?? false,
      pointsEarned: mine?.solvedOnDay ? mine.points : null,
      activeAttemptId: mine?.open === null || mine?.open === undefined ? null : String(mine.open),
      finished: finished && (await present(finished, definition, rules)),
    };
  }

  /** The archive's past dailies as cards (a daily whose ends the loaded graph no longer holds is left out). */
  async function presentArchive(definitions: ChallengeDefinition[], userId: number | null): Promise<ArchivedDaily[]> {
    return cards(definitions, userId, (definition, ends, stats): ArchivedDaily => ({
      id: definition.id,
      number: definition.number ?? dailyNumber(definition.date!),
      date: definition.date!,
      fromEntity: ends.from,
      toEntity: ends.to,
      par: definition.par,
      difficulty: definition.difficulty,
      completedBy: stats.overall.get(definition.id)?.solvedBy ?? 0,
      completed: stats.mine.get(definition.id)?.solved ?? false,
    }));
  }

  return { present, resultOf, presentChallenges, presentDaily, presentArchive };
}
