/**
 * Challenge ends a fan knows, on the real starter catalog: every generated pair (daily, weekly, list,
 * race) joins people and films with a core link whose popularity is in the top decile of their type,
 * the people among them top-billed actors or directors (never a producer, crew, or a composer or
 * writer alone: "Brian Tyler → Deadpool", "Alan Silvestri → Jon Favreau").
 * The rule is re-derived here from the catalog's own files (linkTier over its credits), not from the
 * generators' code.
 */
import { entityKey } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { SnapshotBuilder } from '../../graph/snapshot-builder.js';
import { writeAndLoad } from '../../graph/test-graphs.js';
import { linkTier, MAIN_ROLE_WEIGHT } from '../../graph/tiers.js';
import { catalogToGraph, readCatalog } from '../../ingest/starter/catalog.js';
import { DailyGenerator } from './daily.js';
import { DAY_MS, dateStart, utcDate, type ChallengeDefinition } from './definition.js';
import { GameGraph } from './game-graph.js';
import { generateList, generateWeekly } from './list.js';
import { RaceRules } from './races/pairs.js';

const { entities, links } = catalogToGraph(readCatalog());
const builder = new SnapshotBuilder();
for (const e of entities) builder.addEntity({ key: entityKey(e.type, e.id), type: e.type, name: e.name, subtype: e.subtype ?? null, popularity: e.popularity });
for (const l of links) builder.addLink(l);
const graph = writeAndLoad(builder);
const game = new GameGraph(graph);

const byKey = new Map(entities.map((e) => [entityKey(e.type, e.id) as string, e]));
/** Entities with a core credit (top-billed cast, director, writer, composer), from the catalog's links. */
const withCoreLink = new Set<string>();
/** People who starred in (top-billed) or directed a film: a face or name on a poster. */
const onThePoster = new Set<string>();
for (const link of links) {
  if (linkTier(link.relationship, link.label, link.billing) !== 'core') continue;
  withCoreLink.add(link.from);
  withCoreLink.add(link.to);
  if (link.relationship === 'acted_in' || link.relationship === 'directed') onThePoster.add(link.from);
}
/**
 * Whether a person is mainly an actor or a director: their acting or directing credits weigh at least
 * as much as any other kind (each credit weighed by its tier: core 4, supporting 2, obscure 1).
 */
const CREDITS = ['acted_in', 'directed', 'wrote', 'produced', 'composed', 'crew'];
const creditWeights = new Map<string, Map<string, number>>();
const seenCredits = new Set<string>();
for (const link of links) {
  if (!CREDITS.includes(link.relationship) || seenCredits.has(`${link.from}|${link.to}|${link.relationship}`)) continue;
  seenCredits.add(`${link.from}|${link.to}|${link.relationship}`);
  const weights = creditWeights.get(link.from) ?? new Map<string, number>();
  weights.set(link.relationship, (weights.get(link.relationship) ?? 0) + MAIN_ROLE_WEIGHT[linkTier(link.relationship, link.label, link.billing)]);
  creditWeights.set(link.from, weights);
}
function mainlyActorOrDirector(key: string): boolean {
  const weights = creditWeights.get(key) ?? new Map<string, number>();
  const most = Math.max(0, ...weights.values());
  return most > 0 && Math.max(weights.get('acted_in') ?? 0, weights.get('directed') ?? 0) >= most;
}
/** The popularity a person or film must reach: that of the last of the top 10% of its type's entities with a core link. */
function decileFloor(type: 'person' | 'movie'): number {
  const popularity = entities
    .filter((e) => e.type === type && withCoreLink.has(entityKey(e.type, e.id)))
    .map((e) => e.popularity ?? 0)
    .sort((a, b) => b - a);
  return popularity[Math.ceil(popularity.length / 10) - 1]!;
}
const floors = { person: decileFloor('person'), movie: decileFloor('movie') };

/** Why an end is not one a fan knows, or null. */
function unknownEnd(key: string): string | null {
  const entity = byKey.get(key);
  if (!entity) return `${key} is not in the catalog`;
  if (entity.type !== 'person' && entity.type !== 'movie') return `${entity.name} is a ${entity.type}`;
  if (!withCoreLink.has(key)) return `${entity.name} has no core link`;
  if ((entity.popularity ?? 0) < floors[entity.type]) return `${entity.name} (popularity ${entity.popularity}) is below the top decile (${floors[entity.type]})`;
  if (entity.type === 'person' && !onThePoster.has(key)) return `${entity.name} never starred in or directed a film (a producer, writer, composer or crew)`;
  if (entity.type === 'person' && !mainlyActorOrDirector(key)) return `${entity.name} is mainly a ${[...(creditWeights.get(key) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'nobody'}`;
  return null;
}
const nameOf = (key: string) => byKey.get(key)?.name ?? key;
const line = (challenge: ChallengeDefinition) => `${challenge.id}: ${nameOf(challenge.fromKey)} → ${nameOf(challenge.toKey)} (par ${challenge.par})`;

const START = '2026-12-01';
const days = Array.from({ length: 30 }, (_, i) => utcDate(dateStart(START) + i * DAY_MS));

describe('challenge ends a fan knows (starter catalog)', () => {
  it('the decile floors are real: a fan-known person and film exist, and producers and crew without core links exist below them', () => {
    expect(floors.person).toBeGreaterThan(1);
    expect(floors.movie).toBeGreaterThan(1);
    expect(entities.some((e) => e.type === 'person' && !withCoreLink.has(entityKey(e.type, e.id)) && (e.popularity ?? 0) >= floors.person)).toBe(true);
  });

  it('for the next 30 days (seeded): every daily, weekly and list end is a person or film in the top decile of popularity with a core link', () => {
    const daily = new DailyGenerator(game);
    const dailies = days.map((date) => daily.generate(date)!);
    const weeklies = [...new Map(days.map((date) => generateWeekly(game, dateStart(date))!).map((w) => [w.id, w])).values()];
    const list = generateList(game, () => null);
    expect(dailies).toHaveLength(30);
    expect(weeklies.length).toBeGreaterThanOrEqual(5);
    expect(list.length).toBeGreaterThanOrEqual(12);
    const all = [...dailies, ...weeklies, ...list];
    console.log(`The next 30 days from ${START} (floors: person popularity ≥ ${floors.person}, film ≥ ${floors.movie}):\n${all.map(line).join('\n')}`);
    const problems = all.flatMap((challenge) => [challenge.fromKey, challenge.toKey].map((key) => [challenge.id, unknownEnd(key)] as const)).filter(([, problem]) => problem !== null);
    expect(problems).toEqual([]);
  });

  it('every race pair joins a person and a person or film in the top decile of popularity with a core link', () => {
    const pairs = new RaceRules(graph).pairs();
    expect(pairs.length).toBeGreaterThan(100);
    const problems = pairs.flatMap((pair) => [pair.from, pair.to].map((key) => unknownEnd(key))).filter((problem) => problem !== null);
    expect([...new Set(problems)]).toEqual([]);
  });
});
