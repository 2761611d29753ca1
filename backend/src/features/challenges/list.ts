import type { ChallengeDifficulty, ChallengeTheme, ChallengeType } from '@cinema-dna/shared-types';
import { endSentence } from '@cinema-dna/shared-types';
import { isoWeek, type ChallengeDefinition } from './definition.js';
import { UNREACHED, type GameGraph } from './game-graph.js';
import { seededRandom } from '../../graph/seeded-random.js';
import { difficultyOf, mostPopular, optimalChainCount, pairKey, pairPool, pairsWithin, seedOf, type CandidatePair } from './pairs.js';
import { ruleFilter, themeCheck } from './rules.js';

/** Points by difficulty for list challenges. */
const REWARD: Record<ChallengeDifficulty, number> = { easy: 50, medium: 75, hard: 100, expert: 150 };
/** The weekly challenge: 15 minutes, par 4–5 when the graph has such pairs. */
export const WEEKLY_TIME_LIMIT_SECONDS = 15 * 60;
export const WEEKLY_REWARD = 200;
/** Decades a themed challenge may keep to, most wanted first. */
const DECADES = [2000, 1990, 1980, 1970];
/** Franchises a 'through' challenge may pass through, when the graph has their collection. */
const FRANCHISES = ['James Bond Collection', 'Harry Potter Collection', 'Star Wars Collection', 'The Lord of the Rings Collection', 'Indiana Jones Collection', 'The Godfather Collection'];

interface Slot {
  slug: string;
  type: ChallengeType;
  title: string;
  /** Par band wanted (relaxed toward the middle of 2..6 when empty). */
  band: [number, number];
  timeLimitSeconds: number;
  spareMoves: number;
  /** Prefer the pair with the fewest optimal chains among a few (a puzzle: one hidden route). */
  fewestChains?: boolean;
}

const SLOTS: Slot[] = [
  { slug: 'speed-sprint', type: 'speed', title: 'Sprint', band: [2, 2], timeLimitSeconds: 60, spareMoves: 4 },
  { slug: 'speed-quick-cut', type: 'speed', title: 'Quick Cut', band: [3, 3], timeLimitSeconds: 90, spareMoves: 4 },
  { slug: 'speed-fast-forward', type: 'speed', title: 'Fast Forward', band: [4, 4], timeLimitSeconds: 150, spareMoves: 5 },
  { slug: 'speed-blitz', type: 'speed', title: 'Blitz', band: [5, 5], timeLimitSeconds: 210, spareMoves: 5 },
  { slug: 'efficiency-on-par', type: 'efficiency', title: 'On Par', band: [3, 3], timeLimitSeconds: 300, spareMoves: 2 },
  { slug: 'efficiency-shortest-cut', type: 'efficiency', title: 'Shortest Cut', band: [4, 4], timeLimitSeconds: 300, spareMoves: 2 },
  { slug: 'efficiency-no-detours', type: 'efficiency', title: 'No Detours', band: [5, 5], timeLimitSeconds: 420, spareMoves: 2 },
  { slug: 'puzzle-hidden-link', type: 'puzzle', title: 'The Hidden Link', band: [3, 3], timeLimitSeconds: 600, spareMoves: 8, fewestChains: true },
  { slug: 'puzzle-long-way-round', type: 'puzzle', title: 'The Long Way Round', band: [4, 4], timeLimitSeconds: 600, spareMoves: 8, fewestChains: true },
  { slug: 'puzzle-needle', type: 'puzzle', title: 'Needle in a Haystack', band: [5, 5], timeLimitSeconds: 900, spareMoves: 8, fewestChains: true },
  { slug: 'other-warm-up', type: 'other', title: 'Warm-Up', band: [2, 2], timeLimitSeconds: 300, spareMoves: 6 },
  { slug: 'other-marathon', type: 'other', title: 'Marathon', band: [6, 6], timeLimitSeconds: 900, spareMoves: 8 },
];

/** Release years of films by node index (from the catalog's details); absent when unknown. */
export type YearOf = (node: number) => number | null;

/**
 * The All Challenges list, generated from the loaded graph with a fixed seed (the same list in every
 * process): speed, efficiency, puzzle and other challenges over the pair pool, and themed ones
 * (a decade's films only; through a franchise) measured under their theme.
 */
export function generateList(game: GameGraph, yearOf: YearOf): ChallengeDefinition[] {
  const pool = pairPool(game);
  const { graph } = game;
  const used = new Set<string>();
  const list: ChallengeDefinition[] = [];
  const random = seededRandom(seedOf('all-challenges'));
  const take = (pair: CandidatePair) => used.add(pairKey(pair.a, pair.b));

  for (const slot of SLOTS) {
    const [low, high] = slot.band;
    let candidates: CandidatePair[] = [];
    for (let widen = 0; widen < 5 && candidates.length === 0; widen++) {
      candidates = pairsWithin(pool, Math.max(2, low - widen), Math.min(6, high + widen)).filter((pair) => !used.has(pairKey(pair.a, pair.b)));
    }
    if (candidates.length === 0) continue;
    let pair = candidates[Math.floor(random() * candidates.length)]!;
    let chains = 0;
    if (slot.fewestChains) {
      // Of a few seeded candidates, the one with the fewest optimal chains.
      const start = Math.floor(random() * candidates.length);
      for (let i = 0; i < Math.min(8, candidates.length); i++) {
        const candidate = candidates[(start + i) % candidates.length]!;
        const count = optimalChainCount(game, candidate.a, candidate.b, candidate.distance);
        if (chains === 0 || count < chains) [pair, chains] = [candidate, count];
      }
    }
    take(pair);
    const par = pair.distance;
    const difficulty = slot.type === 'puzzle' ? difficultyOf(Math.min(5, par + 1)) : difficultyOf(par);
    list.push({
      id: `list-${slot.slug}`,
      kind: 'list',
      date: null,
      number: null,
      title: slot.title,
      description: describe(slot.type, graph.name(pair.a), graph.name(pair.b), par, slot.timeLimitSeconds),
      type: slot.type,
      difficulty,
      fromKey: graph.key(pair.a),
      toKey: graph.key(pair.b),
      theme: null,
      par,
      optimalChains: chains || optimalChainCount(game, pair.a, pair.b, par),
      timeLimitSeconds: slot.timeLimitSeconds,
      moveLimit: par + slot.spareMoves,
      reward: REWARD[difficulty],
      expiresAt: null,
    });
  }

  list.push(...decadeChallenges(game, yearOf, pool.people, used), ...franchiseChallenges(game, pool.people, used));
  return list;
}

function describe(type: ChallengeType, from: string, to: string, par: number, seconds: number): string {
  switch (type) {
    case 'speed':
      return `Connect ${from} to ${to} in ${par} links within ${seconds} seconds.`;
    case 'efficiency':
      return `Connect ${from} to ${to} in ${par} links with only two wrong moves to spare.`;
    case 'puzzle':
      return `Few routes lead from ${from} to ${to}: find one in ${par} links.`;
    default:
      return `Connect ${from} to ${to} in ${par} links.`;
  }
}

/** A decade's films only: two well-known people whose shortest chain through that decade's films is 3–5 links. */
function decadeChallenges(game: GameGraph, yearOf: YearOf, people: number[], used: Set<string>): ChallengeDefinition[] {
  const { graph } = game;
  const found: ChallengeDefinition[] = [];
  for (const decade of DECADES) {
    if (found.length >= 2) break;
    const label = `${decade}s`;
    const theme: ChallengeTheme = { kind: 'decade', fromYear: decade, toYear: decade + 9, label };
    const check = themeCheck(game, theme, yearOf)!;
    // People who worked in the decade: the ends must be able to keep the theme at all.
    let made: ChallengeDefinition | null = null;
    for (const a of people.slice(0, 40)) {
      const filter = ruleFilter({ from: a, to: -1, theme: check })!;
      const dist = game.distancesFrom(a, 5, filter);
      const b = people.find((p) => p !== a && dist[p]! >= 3 && dist[p]! <= 5 && dist[p] !== UNREACHED && !used.has(pairKey(a, p)));
      if (b === undefined) continue;
      const par = dist[b]!;
      const rules = { from: a, to: b, theme: check };
      used.add(pairKey(a, b));
      const difficulty = difficultyOf(par);
      made = {
        id: `list-themed-${label}`,
        kind: 'list',
        date: null,
        number: null,
        title: `Only ${label} Films`,
        description: `Connect ${graph.name(a)} to ${graph.name(b)} through films released in the ${label} only.`,
        type: 'themed',
        difficulty,
        fromKey: graph.key(a),
        toKey: graph.key(b),
        theme,
        par,
        optimalChains: optimalChainCount(game, a, b, par, ruleFilter(rules)),
        timeLimitSeconds: 600,
        moveLimit: par + 8,
        reward: REWARD[difficulty] + 25,
        expiresAt: null,
      };
      break;
    }
    if (made) found.push(made);
  }
  return found;
}

/** Through a franchise: a chain between two well-known people that must pass through the franchise's collection. */
function franchiseChallenges(game: GameGraph, people: number[], used: Set<string>): ChallengeDefinition[] {
  const { graph } = game;
  const collections = mostPopular(game, 'collection', Number.MAX_SAFE_INTEGER);
  const byName = new Map(collections.map((node) => [graph.name(node), node]));
  const found: ChallengeDefinition[] = [];
  for (const name of FRANCHISES) {
    if (found.length >= 2) break;
    const through = byName.get(name);
    if (through === undefined) continue;
    const near = game.distancesFrom(through, 3);
    // Two well-known people on either side of the franchise: 1–3 links from it each, 3–5 in all.
    const close = people.filter((p) => near[p]! >= 1 && near[p]! <= 3);
    let made: ChallengeDefinition | null = null;
    for (let i = 0; i < close.length && !made; i++) {
      for (let j = close.length - 1; j > i && !made; j--) {
        const [a, b] = [close[i]!, close[j]!];
        const par = near[a]! + near[b]!;
        if (par < 3 || par > 5 || used.has(pairKey(a, b))) continue;
        // The two halves of one optimal chain must not meet before the franchise.
        const first = game.shortestChains(a, near, 1)[0];
        const second = game.shortestChains(b, near, 1)[0];
        if (!first || !second || first.some((node) => node !== through && second.includes(node))) continue;
        used.add(pairKey(a, b));
        const label = name.replace(/ Collection$/, '');
        const countA = game.countShortest(a, near);
        const countB = game.countShortest(b, near);
        const difficulty = difficultyOf(par);
        made = {
          id: `list-through-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`,
          kind: 'list',
          date: null,
          number: null,
          title: `Through ${label}`,
          description: endSentence(`Connect ${graph.name(a)} to ${graph.name(b)}: the chain must pass through the ${name}`),
          type: 'themed',
          difficulty,
          fromKey: graph.key(a),
          toKey: graph.key(b),
          theme: { kind: 'through', entity: graph.key(through), label: name },
          par,
          optimalChains: Math.max(1, Math.min(2_147_483_647, Math.round(countA * countB))),
          timeLimitSeconds: 600,
          moveLimit: par + 8,
          reward: REWARD[difficulty] + 25,
          expiresAt: null,
        };
      }
    }
    if (made) found.push(made);
  }
  return found;
}

/** This ISO week's challenge: seeded by the week, par 4–5 when the graph has such pairs, 15 minutes. */
export function generateWeekly(game: GameGraph, at: number): ChallengeDefinition | null {
  const week = isoWeek(at);
  const pool = pairPool(game);
  let candidates: CandidatePair[] = [];
  for (let widen = 0; widen < 4 && candidates.length === 0; widen++) candidates = pairsWithin(pool, Math.max(2, 4 - widen), Math.min(6, 5 + widen));
  if (candidates.length === 0) return null;
  const random = seededRandom(seedOf(`weekly:${week.id}`));
  const pair = candidates[Math.floor(random() * candidates.length)]!;
  const [from, to] = random() < 0.5 ? [pair.a, pair.b] : [pair.b, pair.a];
  const { graph } = game;
  const par = pair.distance;
  return {
    id: `weekly-${week.id}`,
    kind: 'weekly',
    date: null,
    number: null,
    title: `Weekly Challenge ${week.id}`,
    description: `This week: connect ${graph.name(from)} to ${graph.name(to)} in ${par} links.`,
    type: 'other',
    difficulty: difficultyOf(par),
    fromKey: graph.key(from),
    toKey: graph.key(to),
    theme: null,
    par,
    optimalChains: optimalChainCount(game, from, to, par),
    timeLimitSeconds: WEEKLY_TIME_LIMIT_SECONDS,
    moveLimit: par + 6,
    reward: WEEKLY_REWARD,
    expiresAt: new Date(week.end),
  };
}
