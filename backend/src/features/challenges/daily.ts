import { DAILY_NO_REPEAT_DAYS } from '@cinema-dna/shared-types';
import { dateStart, DAY_MS, utcDate, type ChallengeDefinition } from './definition.js';
import type { GameGraph } from './game-graph.js';
import { seededRandom } from '../../graph/seeded-random.js';
import { difficultyOf, optimalChainCount, pairKey, pairPool, pairsWithin, seedOf, type CandidatePair, type PairPool } from './pairs.js';

/** The first daily (#1). */
export const DAILY_EPOCH = '2026-07-09';
/** Minutes to solve the daily. */
export const DAILY_TIME_LIMIT_MINUTES = 5;
/** Moves allowed beyond par (every pick and every undo counts). */
export const DAILY_SPARE_MOVES = 6;
/** The largest par a relaxed band may reach. */
const MAX_DAILY_PAR = 6;

/** The daily's number: #1 on DAILY_EPOCH. */
export const dailyNumber = (date: string): number => Math.round((dateStart(date) - dateStart(DAILY_EPOCH)) / DAY_MS) + 1;
export const dailyId = (date: string) => `daily-${date}`;

/** The par band of a UTC date: Mon–Tue 2–3, Wed–Thu 3–4, Fri–Sun 4–5. */
export function dailyBand(date: string): [number, number] {
  const weekday = new Date(dateStart(date)).getUTCDay(); // Sunday 0
  if (weekday === 1 || weekday === 2) return [2, 3];
  if (weekday === 3 || weekday === 4) return [3, 4];
  return [4, 5];
}

/** Reward for a daily of this par: 50 + 25 × (par − 2). */
export const dailyReward = (par: number) => 50 + 25 * (par - 2);

/**
 * Deterministic dailies for one loaded graph: the pair of a date depends only on the graph and the
 * date, so every process generates the same one. Day k's pick excludes the pairs of the previous
 * DAILY_NO_REPEAT_DAYS days, so the days are chosen in order from DAILY_EPOCH (memoised; a pick is
 * an array scan, no search).
 */
export class DailyGenerator {
  private readonly picks: Array<CandidatePair | null> = [];
  private pool: PairPool | null = null;

  constructor(private readonly game: GameGraph) {}

  /** The daily of a UTC date (YYYY-MM-DD) on or after DAILY_EPOCH, or null when the graph cannot make one. */
  generate(date: string): ChallengeDefinition | null {
    const number = dailyNumber(date);
    if (!Number.isInteger(number) || number < 1) return null;
    const pick = this.pickFor(number - 1);
    if (!pick) return null;
    const { graph } = this.game;
    // The order is seeded too: the better-known of the two does not always come first.
    const swap = seededRandom(seedOf(`order:${date}`))() < 0.5;
    const [from, to] = swap ? [pick.b, pick.a] : [pick.a, pick.b];
    const par = pick.distance;
    return {
      id: dailyId(date),
      kind: 'daily',
      date,
      number,
      title: `Daily Challenge #${number}`,
      description: `Connect ${graph.name(from)} to ${graph.name(to)} in ${par} links.`,
      type: 'other',
      difficulty: difficultyOf(par),
      fromKey: graph.key(from),
      toKey: graph.key(to),
      theme: null,
      par,
      optimalChains: optimalChainCount(this.game, from, to, par),
      timeLimitSeconds: DAILY_TIME_LIMIT_MINUTES * 60,
      moveLimit: par + DAILY_SPARE_MOVES,
      reward: dailyReward(par),
      expiresAt: new Date(dateStart(date) + DAY_MS),
    };
  }

  /** Day `k` (0 = DAILY_EPOCH)'s pair, choosing the days before it first. */
  private pickFor(k: number): CandidatePair | null {
    this.pool ??= pairPool(this.game);
    for (let day = this.picks.length; day <= k; day++) this.picks.push(this.choose(day));
    return this.picks[k] ?? null;
  }

  private choose(day: number): CandidatePair | null {
    const pool = this.pool!;
    const date = utcDate(dateStart(DAILY_EPOCH) + day * DAY_MS);
    const recent = new Map<string, number>();
    for (let back = Math.max(0, day - DAILY_NO_REPEAT_DAYS); back < day; back++) {
      const earlier = this.picks[back];
      if (earlier) recent.set(pairKey(earlier.a, earlier.b), back);
    }
    const fresh = (pairs: CandidatePair[]) => pairs.filter((pair) => !recent.has(pairKey(pair.a, pair.b)));
    const random = seededRandom(seedOf(date));
    // The day's band first; on a small graph the band widens a step at a time, never below par 2.
    let [low, high] = dailyBand(date);
    for (;;) {
      const candidates = fresh(pairsWithin(pool, low, high));
      if (candidates.length > 0) return candidates[Math.floor(random() * candidates.length)]!;
      if (low <= 2 && high >= MAX_DAILY_PAR) break;
      low = Math.max(2, low - 1);
      high = Math.min(MAX_DAILY_PAR, high + 1);
    }
    // Fewer pairs than days in the window (a tiny graph): the pair used longest ago.
    const all = pairsWithin(pool, 2, MAX_DAILY_PAR);
    if (all.length === 0) return null;
    return all.reduce((best, pair) => ((recent.get(pairKey(pair.a, pair.b)) ?? -1) < (recent.get(pairKey(best.a, best.b)) ?? -1) ? pair : best));
  }
}
