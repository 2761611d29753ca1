import { describe, expect, it } from 'vitest';
import { adjacencyOf, buildGraph, isFanLink, isHubType, randomGraph, referenceShortestPaths, seededRandom } from '../../../graph/test-graphs.js';
import { RACE_MAX_PAR, RACE_MIN_PAR, RaceRules } from './pairs.js';
import { pairId } from './room.js';

const SEED = 1212;
const fixture = randomGraph({ seed: SEED, people: 160, movies: 90, credits: 520, genres: 4, keywords: 6, companies: 3, hubLinks: 160 });
const rules = new RaceRules(buildGraph(fixture));
const fan = adjacencyOf(fixture, isFanLink);
const typeOf = new Map(fixture.entities.map((e) => [e.key, e.type]));
const passable = (key: string) => !isHubType(typeOf.get(key)!) && ['person', 'movie', 'collection'].includes(typeOf.get(key)!);

describe('race rules on the game graph', () => {
  it(`draws pairs whose par is the true distance (a reference BFS), within ${RACE_MIN_PAR}–${RACE_MAX_PAR}`, () => {
    const pairs = rules.pairs();
    expect(pairs.length).toBeGreaterThan(20);
    for (const pair of pairs.slice(0, 80)) {
      expect(pair.par).toBeGreaterThanOrEqual(RACE_MIN_PAR);
      expect(pair.par).toBeLessThanOrEqual(RACE_MAX_PAR);
      expect(referenceShortestPaths(fan, pair.from, pair.to, passable)?.degrees, `${pair.from} → ${pair.to}`).toBe(pair.par);
    }
  });

  it('picks a pair the room has not raced while there is one', () => {
    const random = seededRandom(SEED);
    const used: string[] = [];
    for (let i = 0; i < 10; i++) used.push(pairId(rules.pick(random, used)!));
    expect(new Set(used).size).toBe(10);
  });

  it('accepts a pick linked to the chain end (naming the link) and refuses any other, with a reason', () => {
    const pair = rules.pairs()[0]!;
    const [chain] = rules.optimal(pair, 1).chains;
    expect(chain).toHaveLength(pair.par + 1);
    expect(chain![0]).toBe(pair.from);
    expect(chain!.at(-1)).toBe(pair.to);
    for (let i = 0; i < chain!.length - 1; i++) expect(rules.check(chain![i]!, chain![i + 1]!)).toMatchObject({ linked: true, via: { type: expect.any(String) } });
    // The target is at least two links away from the start.
    expect(rules.check(pair.from, pair.to)).toMatchObject({ linked: false, reason: expect.stringMatching(/^Not linked to /) });
    expect(rules.check(pair.from, 'person:nobody-at-all')).toEqual({ linked: false, reason: 'Not in the catalog' });
  });

  it('counts and lists the optimal chains of a pair', () => {
    const pair = rules.pairs()[0]!;
    const reference = referenceShortestPaths(fan, pair.from, pair.to, passable)!;
    const { count, chains } = rules.optimal(pair, 100);
    expect(count).toBe(reference.count);
    expect(chains.length).toBe(Math.min(100, reference.count));
  });
});
