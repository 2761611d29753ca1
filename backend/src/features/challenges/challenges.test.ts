import { CHALLENGE_MAX_CHAIN_LINKS, DAILY_NO_REPEAT_DAYS, HINT_COST_POINTS } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { buildGraph, fixture, isFanLink, randomGraph, type GraphFixture } from '../../graph/test-graphs.js';
import { dailyBand, DailyGenerator, dailyNumber, dailyReward, DAILY_EPOCH } from './daily.js';
import { DAY_MS, dateStart, isoWeek, utcDate } from './definition.js';
import { GameGraph } from './game-graph.js';
import { generateList, generateWeekly } from './list.js';
import { applyPick, applyUndo, hintFor, optimalChains, ruleFilter, themeCheck, validateChain, type Play, type PlayRules } from './rules.js';
import { clockText, resultMessage, scoreAttempt, shareText } from './scoring.js';
import { streaksOf } from './service.js';

// ----- generation on a generated graph --------------------------------------------------------

const SEED = 2026;
const world = randomGraph({ seed: SEED, people: 420, movies: 260, credits: 1250, genres: 4, keywords: 6, companies: 3, hubLinks: 200 });

/**
 * The test's own distance: plain BFS over the fixture's links of tier core or supporting, through
 * people, films and collections only (no hubs), written here from the fixture, not from the game graph.
 */
function referenceDistances(data: GraphFixture, from: string): Map<string, number> {
  const typeOf = new Map(data.entities.map((e) => [e.key, e.type]));
  const passable = (key: string) => ['person', 'movie', 'collection'].includes(typeOf.get(key)!);
  const adjacency = new Map<string, Set<string>>();
  for (const link of data.links) {
    if (!isFanLink(link) || !passable(link.from) || !passable(link.to) || link.from === link.to) continue;
    if (!adjacency.has(link.from)) adjacency.set(link.from, new Set());
    if (!adjacency.has(link.to)) adjacency.set(link.to, new Set());
    adjacency.get(link.from)!.add(link.to);
    adjacency.get(link.to)!.add(link.from);
  }
  const dist = new Map([[from, 0]]);
  let frontier = [from];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const v of frontier) {
      for (const n of adjacency.get(v) ?? []) {
        if (dist.has(n)) continue;
        dist.set(n, dist.get(v)! + 1);
        next.push(n);
      }
    }
    frontier = next;
  }
  return dist;
}

const addDays = (date: string, days: number) => utcDate(dateStart(date) + days * DAY_MS);

describe('the daily challenge, generated from the graph', () => {
  const graph = buildGraph(world);
  const generator = new DailyGenerator(new GameGraph(graph));
  const days = Array.from({ length: 120 }, (_, i) => addDays(DAILY_EPOCH, i));
  const dailies = days.map((date) => generator.generate(date)!);

  it('numbers the dailies from #1 on 2026-07-09 (#142 on 2026-11-27)', () => {
    expect(dailyNumber(DAILY_EPOCH)).toBe(1);
    expect(dailyNumber('2026-11-27')).toBe(142);
    expect(dailies[0]).toMatchObject({ id: 'daily-2026-07-09', number: 1, date: '2026-07-09', expiresAt: new Date('2026-07-10T00:00:00.000Z') });
    expect(generator.generate('2026-07-08')).toBeNull();
  });

  it(`stores as par the true shortest distance, measured by an independent BFS (seed ${SEED})`, () => {
    for (const daily of dailies.slice(0, 60)) {
      const reference = referenceDistances(world, daily.fromKey).get(daily.toKey);
      expect(daily.par, `${daily.id}: ${daily.fromKey} → ${daily.toKey}`).toBe(reference);
      expect(daily.par).toBeGreaterThanOrEqual(2);
      expect(daily).toMatchObject({ moveLimit: daily.par + 6, reward: 50 + 25 * (daily.par - 2), timeLimitSeconds: 300 });
      expect(daily.optimalChains).toBeGreaterThanOrEqual(1);
    }
  });

  it('gives the same pair for the same date on two independently built generators (two processes)', () => {
    const other = new DailyGenerator(new GameGraph(buildGraph(world)));
    // The other process asks for the days out of order, starting late.
    for (const i of [119, 3, 60, 0, 87]) {
      const mine = dailies[i]!;
      expect(other.generate(days[i]!), days[i]).toEqual(mine);
    }
  });

  it('keeps the day’s band (Mon–Tue 2–3, Wed–Thu 3–4, Fri–Sun 4–5) and the popularity floor for 60 days', () => {
    const people = world.entities.filter((e) => e.type === 'person').map((e) => e.popularity ?? 0).sort((a, b) => b - a);
    const films = world.entities.filter((e) => e.type === 'movie').map((e) => e.popularity ?? 0).sort((a, b) => b - a);
    const typeOf = new Map(world.entities.map((e) => [e.key, e]));
    const bands = new Set<string>();
    for (const daily of dailies.slice(0, 60)) {
      const [low, high] = dailyBand(daily.date!);
      bands.add(`${low}-${high}`);
      expect(daily.par, daily.id).toBeGreaterThanOrEqual(low);
      expect(daily.par, daily.id).toBeLessThanOrEqual(high);
      const ends = [typeOf.get(daily.fromKey)!, typeOf.get(daily.toKey)!];
      // Both people, or a person and a film.
      expect(ends.filter((e) => e.type === 'person').length).toBeGreaterThanOrEqual(1);
      for (const end of ends) {
        expect(['person', 'movie']).toContain(end.type);
        const floor = end.type === 'person' ? people[199]! : films[149]!;
        expect(end.popularity ?? 0, `${daily.id} ${end.key}`).toBeGreaterThanOrEqual(floor);
      }
    }
    expect(bands).toEqual(new Set(['2-3', '3-4', '4-5']));
    expect(dailyBand('2026-11-23')).toEqual([2, 3]); // Monday
    expect(dailyBand('2026-11-26')).toEqual([3, 4]); // Thursday
    expect(dailyBand('2026-11-29')).toEqual([4, 5]); // Sunday
  });

  it(`never repeats a pair within ${DAILY_NO_REPEAT_DAYS} days`, () => {
    const pairOf = (i: number) => [dailies[i]!.fromKey, dailies[i]!.toKey].sort().join('|');
    for (let i = 0; i < dailies.length; i++) {
      for (let j = i + 1; j < Math.min(dailies.length, i + DAILY_NO_REPEAT_DAYS); j++) expect(pairOf(j), `${days[i]} and ${days[j]}`).not.toBe(pairOf(i));
    }
  });

  it('relaxes the band on a small graph, never down to par 1, and answers null when no pair exists', () => {
    const tiny = fixture(
      [['person:a', 90], ['person:b', 80], ['person:c', 70], ['movie:x', 60], ['movie:y', 50]],
      [
        ['person:a', 'acted_in', 'movie:x', 'A', 0],
        ['person:b', 'acted_in', 'movie:x', 'B', 0],
        ['person:b', 'acted_in', 'movie:y', 'B', 0],
        ['person:c', 'acted_in', 'movie:y', 'C', 0],
      ],
    );
    const small = new DailyGenerator(new GameGraph(buildGraph(tiny)));
    for (let i = 0; i < 10; i++) {
      const daily = small.generate(addDays(DAILY_EPOCH, i))!;
      expect(daily.par).toBeGreaterThanOrEqual(2);
      expect(referenceDistances(tiny, daily.fromKey).get(daily.toKey)).toBe(daily.par);
    }
    const lonely = new DailyGenerator(new GameGraph(buildGraph(fixture([['person:a'], ['movie:x']], [['person:a', 'acted_in', 'movie:x', 'A', 0]]))));
    expect(lonely.generate(DAILY_EPOCH)).toBeNull();
  });

  it('rewards 50 + 25 × (par − 2)', () => {
    expect([2, 3, 4, 5].map(dailyReward)).toEqual([50, 75, 100, 125]);
  });
});

describe('the All Challenges list and the weekly', () => {
  const game = new GameGraph(buildGraph(world));
  const years = (node: number) => 1950 + (node % 70);

  it('generates the same 12–17 challenges every time, each par a true distance', () => {
    const list = generateList(game, years);
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(list.length).toBeLessThanOrEqual(17);
    expect(generateList(new GameGraph(buildGraph(world)), years)).toEqual(list);
    expect(new Set(list.map((each) => each.id)).size).toBe(list.length);
    for (const type of ['speed', 'efficiency', 'puzzle', 'themed'] as const) expect(list.some((each) => each.type === type), type).toBe(true);
    for (const each of list.filter((c) => !c.theme)) expect(referenceDistances(world, each.fromKey).get(each.toKey), each.id).toBe(each.par);
  });

  it('measures a themed par under its theme: films of the decade only', () => {
    const themed = generateList(game, years).find((each) => each.theme?.kind === 'decade')!;
    expect(themed.theme).toMatchObject({ kind: 'decade', label: '2000s' });
    const keep = new Set(world.entities.filter((e) => e.type !== 'movie' || (years(game.graph.resolve(e.key)) >= 2000 && years(game.graph.resolve(e.key)) <= 2009)).map((e) => e.key));
    const within = { ...world, links: world.links.filter((l) => (keep.has(l.from) || l.from === themed.fromKey || l.from === themed.toKey) && (keep.has(l.to) || l.to === themed.fromKey || l.to === themed.toKey)) };
    expect(referenceDistances(within, themed.fromKey).get(themed.toKey)).toBe(themed.par);
  });

  it('makes one weekly per ISO week, 15 minutes, par 4–5', () => {
    const monday = Date.parse('2026-11-23T00:00:00Z');
    const weekly = generateWeekly(game, monday + 3 * DAY_MS)!;
    expect(weekly).toMatchObject({ id: 'weekly-2026-W48', timeLimitSeconds: 900, expiresAt: new Date('2026-11-30T00:00:00Z') });
    expect(generateWeekly(game, monday + 6 * DAY_MS + 86_399_000)).toEqual(weekly);
    expect(generateWeekly(game, monday + 7 * DAY_MS)!.id).toBe('weekly-2026-W49');
    expect(weekly.par).toBeGreaterThanOrEqual(4);
    expect(weekly.par).toBeLessThanOrEqual(5);
    expect(isoWeek(Date.parse('2027-01-01T12:00:00Z')).id).toBe('2026-W53');
  });
});

// ----- the rules of play on a hand-made graph ----------------------------------------------------

const movies = fixture(
  [
    ['person:pacino', 90, 'Al Pacino'],
    ['person:deniro', 85, 'Robert De Niro'],
    ['person:kilmer', 60, 'Val Kilmer'],
    ['person:target', 70, 'Cate Blanchett'],
    ['person:mid', 50, 'Judi Dench'],
    ['movie:heat', 80, 'Heat'],
    ['movie:m2003', 40, 'A 2003 film'],
    ['movie:m2005', 45, 'A 2005 film'],
    ['movie:m2007', 30, 'A 2007 film'],
    ['collection:bond', 20, 'James Bond Collection'],
  ],
  [
    ['person:pacino', 'acted_in', 'movie:heat', 'McCauley', 0],
    ['person:deniro', 'acted_in', 'movie:heat', 'Hanna', 1],
    ['person:kilmer', 'acted_in', 'movie:heat', 'Chris', 2],
    ['person:deniro', 'acted_in', 'movie:m2003', 'X', 0],
    ['person:target', 'acted_in', 'movie:m2003', 'Y', 0],
    ['person:pacino', 'acted_in', 'movie:m2005', 'Z', 0],
    ['person:mid', 'acted_in', 'movie:m2005', 'M', 0],
    ['person:mid', 'acted_in', 'movie:m2007', 'M', 0],
    ['person:target', 'acted_in', 'movie:m2007', 'T', 0],
    ['movie:m2005', 'part_of_collection', 'collection:bond'],
    ['movie:m2007', 'part_of_collection', 'collection:bond'],
  ],
);
const small = new GameGraph(buildGraph(movies));
const at = (key: string) => small.graph.resolve(key);
const YEARS: Record<string, number> = { 'movie:heat': 1995, 'movie:m2003': 2003, 'movie:m2005': 2005, 'movie:m2007': 2007 };
const yearOf = (node: number) => YEARS[small.graph.key(node)] ?? null;
const rulesFor = (theme: Parameters<typeof themeCheck>[1] = null, moveLimit = 10): PlayRules => ({
  game: small,
  from: at('person:pacino'),
  to: at('person:target'),
  moveLimit,
  theme: themeCheck(small, theme, yearOf),
});
const start = (rules: PlayRules): Play => ({ chain: { nodes: [rules.from], links: [null] }, moves: 0, status: 'playing' });
const distanceTo = (rules: PlayRules) => (goal: number) => small.distancesFrom(goal, 8, ruleFilter(rules));
const pickAll = (rules: PlayRules, keys: string[]) => keys.reduce((play, key) => applyPick(rules, play, at(key)), start(rules));

describe('the rules of play', () => {
  it('refuses a pick that is not linked to the chain’s end, and the refusal costs a move', () => {
    const rules = rulesFor();
    const outcome = applyPick(rules, start(rules), at('person:deniro'));
    expect(outcome).toMatchObject({ accepted: false, reason: 'Not linked to Al Pacino', moves: 1, status: 'playing' });
    expect(outcome.chain.nodes).toEqual([rules.from]);
    expect(applyPick(rules, start(rules), at('person:pacino')).reason).toBe('Already in your chain');
  });

  it('accepts linked picks with their relationship and solves on reaching the target', () => {
    const rules = rulesFor();
    const play = pickAll(rules, ['movie:heat', 'person:deniro', 'movie:m2003', 'person:target']);
    expect(play).toMatchObject({ accepted: true, status: 'solved', moves: 4 });
    expect(play.chain.links.map((link) => link && [link.relationship, link.direction])).toEqual([null, ['acted_in', 'forward'], ['acted_in', 'backward'], ['acted_in', 'forward'], ['acted_in', 'backward']]);
  });

  it('counts every pick and undo against the move limit: at the limit the attempt is out of moves', () => {
    const rules = rulesFor(null, 3);
    let play = applyPick(rules, start(rules), at('movie:heat'));
    play = applyUndo(rules, play);
    expect(play).toMatchObject({ accepted: true, moves: 2, status: 'playing' });
    expect(play.chain.nodes).toHaveLength(1);
    expect(applyPick(rules, play, at('person:mid'))).toMatchObject({ accepted: false, moves: 3, status: 'out_of_moves' });
    expect(applyUndo(rules, start(rules))).toMatchObject({ accepted: false, reason: 'Nothing to undo', moves: 0 });
  });

  it('keeps a decade theme: a film outside it is refused with the reason, and par is measured within it', () => {
    const rules = rulesFor({ kind: 'decade', fromYear: 2000, toYear: 2009, label: '2000s' });
    expect(applyPick(rules, start(rules), at('movie:heat'))).toMatchObject({ accepted: false, reason: 'Released outside the 2000s', moves: 1 });
    expect(pickAll(rules, ['movie:m2005', 'person:mid', 'movie:m2007', 'person:target']).status).toBe('solved');
    // Without Heat (1995) both optimal chains run through the 2005 film, in 4 links.
    expect(optimalChains(rules, 10, distanceTo(rules)).map((chain) => chain.map((n) => small.graph.key(n)))).toEqual([
      ['person:pacino', 'movie:m2005', 'person:mid', 'movie:m2007', 'person:target'],
      ['person:pacino', 'movie:m2005', 'collection:bond', 'movie:m2007', 'person:target'],
    ]);
  });

  it('makes a through theme pass its entity before the target', () => {
    const rules = rulesFor({ kind: 'through', entity: 'collection:bond', label: 'James Bond Collection' });
    const direct = pickAll(rules, ['movie:heat', 'person:deniro', 'movie:m2003', 'person:target']);
    expect(direct).toMatchObject({ accepted: false, reason: 'The chain must pass through James Bond Collection', status: 'playing' });
    expect(pickAll(rules, ['movie:m2005', 'collection:bond', 'movie:m2007', 'person:target']).status).toBe('solved');
  });

  it('checks a whole chain link by link, naming the first bad link', () => {
    const rules = rulesFor();
    const nodes = (keys: string[]) => keys.map(at);
    expect(validateChain(rules, nodes(['person:pacino', 'movie:heat', 'person:deniro', 'movie:m2003', 'person:target'])).ok).toBe(true);
    expect(validateChain(rules, nodes(['person:pacino', 'movie:heat', 'person:mid', 'movie:m2007', 'person:target']))).toEqual({ ok: false, index: 1, reason: 'Not linked to Heat' });
    expect(validateChain(rules, nodes(['person:deniro', 'movie:m2003', 'person:target']))).toEqual({ ok: false, index: 0, reason: 'The chain must start at Al Pacino' });
    expect(validateChain(rules, nodes(['person:pacino', 'movie:heat', 'person:deniro']))).toMatchObject({ ok: false, reason: 'The chain must end at Cate Blanchett' });
  });

  it(`holds a chain to ${CHALLENGE_MAX_CHAIN_LINKS} links: past 7 only the target may come next, picked or sent whole`, () => {
    // A line of films and actors: a0 — f0 — a1 — f1 — … — a4, the target 8 links away; a5 is also in f3.
    const keys: Array<[string, number, string]> = [];
    const links: Array<[string, 'acted_in', string, string, number]> = [];
    for (let i = 0; i <= 5; i++) keys.push([`person:a${i}`, 50, `Actor ${i}`]);
    for (let i = 0; i <= 3; i++) {
      keys.push([`movie:f${i}`, 50, `Film ${i}`]);
      links.push([`person:a${i}`, 'acted_in', `movie:f${i}`, 'X', 0], [`person:a${i + 1}`, 'acted_in', `movie:f${i}`, 'Y', 1]);
    }
    links.push(['person:a5', 'acted_in', 'movie:f3', 'Z', 2]);
    const line = new GameGraph(buildGraph(fixture(keys, links)));
    const node = (key: string) => line.graph.resolve(key);
    const rules: PlayRules = { game: line, from: node('person:a0'), to: node('person:a4'), moveLimit: 30, theme: themeCheck(line, null, () => null) };
    const seven = ['movie:f0', 'person:a1', 'movie:f1', 'person:a2', 'movie:f2', 'person:a3', 'movie:f3'];
    let play: Play = { chain: { nodes: [rules.from], links: [null] }, moves: 0, status: 'playing' };
    for (const key of seven) play = applyPick(rules, play, node(key));
    expect(play.chain.nodes).toHaveLength(8);
    expect(applyPick(rules, play, node('person:a5'))).toMatchObject({ accepted: false, reason: `A chain holds at most ${CHALLENGE_MAX_CHAIN_LINKS} links`, moves: 8 });
    expect(applyPick(rules, play, node('person:a4'))).toMatchObject({ accepted: true, status: 'solved', moves: 8 });
    // Sent whole, the same 8 links reach the target.
    expect(validateChain(rules, [rules.from, ...seven.map(node), node('person:a4')]).ok).toBe(true);
  });

  it('hints a popular neighbour one link closer to the target, never one already in the chain', () => {
    const rules = rulesFor();
    // Both films lead on an optimal chain; Heat is the more popular.
    expect(hintFor(rules, [rules.from], new Set(), distanceTo(rules))).toBe(at('movie:heat'));
    expect(hintFor(rules, [rules.from], new Set([at('movie:heat')]), distanceTo(rules))).toBe(at('movie:m2005'));
    // At Val Kilmer the only way on is back through Heat, already in the chain: no hint.
    expect(hintFor(rules, [rules.from, at('movie:heat'), at('person:kilmer')], new Set(), distanceTo(rules))).toBeNull();
    expect(hintFor(rules, [rules.from, at('movie:heat')], new Set(), distanceTo(rules))).toBe(at('person:deniro'));
    // Wandered into the Bond collection: the best next step from there.
    expect(hintFor(rules, [rules.from, at('movie:m2005'), at('collection:bond')], new Set(), distanceTo(rules))).toBe(at('movie:m2007'));
  });
});

describe('scoring', () => {
  const base = { reward: 100, par: 4, degrees: 4, timeMs: 0, limitMs: 300_000, hints: 0, rewarded: true };

  it('scales the reward by par ÷ degrees and by time, takes hints off, never below 0', () => {
    expect(scoreAttempt(base)).toBe(100);
    expect(scoreAttempt({ ...base, timeMs: 300_000 })).toBe(50);
    expect(scoreAttempt({ ...base, timeMs: 83_000 })).toBe(Math.round(100 * (1 - 0.5 * (83 / 300))));
    expect(scoreAttempt({ ...base, degrees: 5 })).toBe(80);
    expect(scoreAttempt({ ...base, degrees: 3 })).toBe(100);
    expect(scoreAttempt({ ...base, hints: 2 })).toBe(100 - 2 * HINT_COST_POINTS);
    expect(scoreAttempt({ ...base, reward: 5, hints: 3 })).toBe(0);
    expect(scoreAttempt({ ...base, rewarded: false })).toBe(0);
  });

  it('shares the number, links, par and time with one emoji per link kind, naming no entity', () => {
    const text = shareText({ number: 142, title: 'Daily Challenge #142', status: 'solved', degrees: 4, par: 4, timeMs: 83_000, links: ['acted_in', 'acted_in', 'directed', 'part_of_collection'] });
    expect(text).toBe('Cinema DNA #142 · 4 links (par 4) · 1:23\n🎭🎭🎬📚');
    expect(shareText({ number: null, title: 'Sprint', status: 'gave_up', degrees: null, par: 3, timeMs: 0, links: [] })).toBe('Cinema DNA · Sprint · not solved (par 3)');
    expect(clockText(5_000)).toBe('0:05');
  });

  it('says what spec §8 says', () => {
    expect(resultMessage('solved', 87, 4)).toBe('You earned 87 points! Connection found in 4 degrees.');
    expect(resultMessage('gave_up', 0, null)).toBe('Better luck next time!');
  });

  it('counts streaks of daily solves ending today or yesterday', () => {
    expect(streaksOf(['2026-11-20', '2026-11-21', '2026-11-25', '2026-11-26'], '2026-11-27')).toEqual({ currentStreak: 2, longestStreak: 2 });
    expect(streaksOf(['2026-11-20', '2026-11-21', '2026-11-22'], '2026-11-27')).toEqual({ currentStreak: 0, longestStreak: 3 });
    expect(streaksOf([], '2026-11-27')).toEqual({ currentStreak: 0, longestStreak: 0 });
  });
});
