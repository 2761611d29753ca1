import { describe, expect, it } from 'vitest';
import { checkPath, type PathStepClaim } from './path-check.js';
import { SearchEngine } from './search.js';
import { buildGraph, fixture } from './test-graphs.js';

const graph = buildGraph(
  fixture(
    [
      ['person:bacon', 80, 'Kevin Bacon'],
      ['person:hanks', 95, 'Tom Hanks'],
      ['person:howard', 70, 'Ron Howard'],
      ['movie:apollo13', 70, 'Apollo 13'],
      ['genre:drama', 50, 'Drama'],
    ],
    [
      ['person:bacon', 'acted_in', 'movie:apollo13', 'Jack Swigert'],
      ['person:hanks', 'acted_in', 'movie:apollo13', 'Jim Lovell'],
      ['person:howard', 'directed', 'movie:apollo13'],
      ['movie:apollo13', 'has_genre', 'genre:drama'],
    ],
  ),
);

const step = (key: string, relationship: PathStepClaim['relationship']): PathStepClaim => {
  const [type, id] = key.split(':') as [PathStepClaim['entity']['type'], string];
  return { entity: { type, id }, relationship };
};
const baconToHanks = [
  step('person:bacon', { type: 'acted_in', direction: 'forward' }),
  step('movie:apollo13', { type: 'acted_in', direction: 'backward' }),
  step('person:hanks', null),
];

describe('checking a claimed path against the graph', () => {
  it('accepts a real path and counts its degrees', () => {
    expect(checkPath(graph, baconToHanks)).toEqual({ ok: true, degrees: 2 });
    expect(checkPath(graph, [step('movie:apollo13', { type: 'has_genre', direction: 'forward' }), step('genre:drama', null)])).toEqual({ ok: true, degrees: 1 });
  });

  it('accepts the path the search finds', () => {
    const found = new SearchEngine(graph).search(graph.resolve('person:howard'), graph.resolve('person:bacon'));
    const claimed = found!.path.map((s) => step(s.key, s.relationship && { type: s.relationship.code, direction: s.relationship.direction }));
    expect(checkPath(graph, claimed)).toEqual({ ok: true, degrees: found!.path.length - 1 });
  });

  it.each([
    ['a link that does not exist', [step('person:bacon', { type: 'acted_in', direction: 'forward' }), step('person:hanks', null)], 'path.0.relationship'],
    ['the wrong relationship', [step('person:howard', { type: 'acted_in', direction: 'forward' }), step('movie:apollo13', null)], 'path.0.relationship'],
    ['the wrong direction', [step('person:bacon', { type: 'acted_in', direction: 'backward' }), step('movie:apollo13', null)], 'path.0.relationship'],
    ['an unknown entity', [step('person:bacon', { type: 'acted_in', direction: 'forward' }), step('movie:footloose', null)], 'path.1.entity'],
    ['a missing link', [step('person:bacon', null), step('movie:apollo13', null)], 'path.0.relationship'],
    ['a link past the end', [step('person:bacon', { type: 'acted_in', direction: 'forward' }), step('movie:apollo13', { type: 'has_genre', direction: 'forward' })], 'path.1.relationship'],
    ['an entity twice', [...baconToHanks.slice(0, 2), step('person:bacon', null)], 'path.2.entity'],
    ['a single step', [step('person:bacon', null)], 'path'],
  ])('refuses %s', (_name, steps, path) => {
    expect(checkPath(graph, steps)).toEqual({ ok: false, problem: { path, message: expect.any(String) } });
  });
});
