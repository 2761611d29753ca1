import { describe, expect, it } from 'vitest';
import { checkPath, SearchEngine } from '../../graph/index.js';
import { adjacencyOf, buildGraph, isFanLink, isHubType, randomGraph, referenceShortestPaths, seededRandom } from '../../graph/test-graphs.js';
import { GameGraph, UNREACHED } from './game-graph.js';

const SEED = 1212;
const fixture = randomGraph({ seed: SEED, people: 160, movies: 90, credits: 520, genres: 4, keywords: 6, companies: 3, hubLinks: 160 });
const graph = buildGraph(fixture);
const game = new GameGraph(graph);
const engine = new SearchEngine(graph);
const fan = adjacencyOf(fixture, isFanLink);
const typeOf = new Map(fixture.entities.map((e) => [e.key, e.type]));
// The strict pass's intermediates: the default allowed types that are not hubs (person, movie, collection).
const passable = (key: string) => !isHubType(typeOf.get(key)!) && ['person', 'movie', 'collection'].includes(typeOf.get(key)!);

describe('the game graph (the strict pass of the engine)', () => {
  const random = seededRandom(SEED);
  const people = fixture.entities.filter((e) => e.type === 'person').map((e) => e.key);
  const pairs = Array.from({ length: 150 }, () => [people[Math.floor(random() * people.length)]!, people[Math.floor(random() * people.length)]!] as const).filter(([a, b]) => a !== b);

  it(`measures the distance and the number of shortest chains a reference BFS finds (seed ${SEED})`, () => {
    let reachable = 0;
    for (const [from, to] of pairs) {
      const dist = game.distancesFrom(graph.resolve(to), 8);
      const reference = referenceShortestPaths(fan, from, to, passable);
      const d = dist[graph.resolve(from)]!;
      if (!reference || reference.degrees > 8) {
        expect(d, `${from} → ${to}`).toBe(UNREACHED);
        continue;
      }
      reachable++;
      expect(d, `${from} → ${to}`).toBe(reference.degrees);
      expect(game.countShortest(graph.resolve(from), dist)).toBe(reference.count);
    }
    expect(reachable).toBeGreaterThan(50);
  });

  it('agrees with the engine: its default answer without obscure links has the same degrees', () => {
    for (const [from, to] of pairs.slice(0, 60)) {
      const dist = game.distancesFrom(graph.resolve(to), 6);
      const result = engine.search(graph.resolve(from), graph.resolve(to));
      const d = dist[graph.resolve(from)]!;
      if (result && !result.stats.usedObscure) expect(d).toBe(result.degrees);
      else expect(d).toBe(UNREACHED);
    }
  });

  it('lists real shortest chains, each link a game link the path checker accepts', () => {
    let listed = 0;
    for (const [from, to] of pairs.slice(0, 40)) {
      const target = graph.resolve(to);
      const dist = game.distancesFrom(target, 8);
      const chains = game.shortestChains(graph.resolve(from), dist, 5);
      for (const chain of chains) {
        listed++;
        expect(chain.at(-1)).toBe(target);
        expect(chain.length - 1).toBe(dist[graph.resolve(from)]);
        const steps = chain.map((node, i) => {
          const link = i < chain.length - 1 ? game.link(node, chain[i + 1]!) : null;
          if (i < chain.length - 1) expect(link, `${graph.key(node)} → ${graph.key(chain[i + 1]!)}`).not.toBeNull();
          const entity = graph.entity(node);
          return { entity: { type: entity.type, id: entity.id }, relationship: link && { type: link.relationship, direction: link.direction } };
        });
        expect(checkPath(graph, steps)).toEqual({ ok: true, degrees: chain.length - 1 });
      }
    }
    expect(listed).toBeGreaterThan(20);
  });

  it('refuses a link through a hub or an obscure crew job, and a pair that is not linked', () => {
    for (const link of fixture.links) {
      const a = graph.resolve(link.from);
      const b = graph.resolve(link.to);
      const usable = isFanLink(link) && passable(link.from) && passable(link.to);
      // Parallel links: the pair is a game link when any of its links is.
      const any = fixture.links.some((l) => ((l.from === link.from && l.to === link.to) || (l.from === link.to && l.to === link.from)) && isFanLink(l) && passable(l.from) && passable(l.to));
      if (usable) expect(game.link(a, b)).not.toBeNull();
      if (!any) expect(game.link(a, b)).toBeNull();
    }
    expect(game.link(graph.resolve(people[0]!), graph.resolve(people[0]!))).toBeNull();
  });
});
