import type { DocsExampleEntity, DocsExamples } from '@cinema-dna/shared-types';
import type { GraphService } from '../../graph/index.js';

/** The most popular actors the pair is chosen among. */
const CANDIDATES = 15;
/** The longest chain an example pair may have: short enough to read at a glance. */
const MAX_EXAMPLE_DEGREES = 4;

/**
 * The entities the docs' examples name, chosen from the catalog that is loaded (never a fixed name a
 * real import may not hold): the best-known pair of actors whose chain is 2 to 4 links of acting, in
 * order of fame; the first film on that chain; that film's most linked genre; the start of the first
 * actor's name as the search text. Falls back to the two most popular people (and their chain, if
 * any) when no pair is that close.
 */
export async function chooseDocsExamples(graph: GraphService): Promise<DocsExamples> {
  const g = graph.graph;
  const actors: number[] = [];
  const people: number[] = [];
  for (let index = 0; index < g.nodeCount; index++) {
    if (g.type(index) !== 'person' || g.degree(index) === 0) continue;
    people.push(index);
    if (g.subtype(index) === 'actor') actors.push(index);
  }
  const byFame = (a: number, b: number) => g.popularity[b]! - g.popularity[a]! || g.degree(b) - g.degree(a);
  const pool = (actors.length >= 2 ? actors : people).sort(byFame).slice(0, CANDIDATES);
  if (pool.length < 2) throw new Error('The catalog holds fewer than two people: no docs examples can be chosen.');

  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < pool.length; i++) for (let j = i + 1; j < pool.length; j++) pairs.push([pool[i]!, pool[j]!]);
  // Fame of the pair: the sum of both ranks, the more famous first on a tie.
  const rank = new Map(pool.map((index, position) => [index, position]));
  pairs.sort(([a1, b1], [a2, b2]) => rank.get(a1)! + rank.get(b1)! - (rank.get(a2)! + rank.get(b2)!) || rank.get(a1)! - rank.get(a2)!);

  let chosen: { from: number; to: number; path: Array<{ index: number; type: string }>; degrees: number } | null = null;
  for (const [from, to] of pairs) {
    const result = await graph.search(from, to, { maxDegrees: MAX_EXAMPLE_DEGREES });
    if (!result || result.degrees < 2) continue;
    const acting = result.path.every((step) => step.relationship === null || step.relationship.code === 'acted_in');
    if (!acting) continue;
    chosen = { from, to, path: result.path, degrees: result.degrees };
    break;
  }
  const from = chosen?.from ?? pool[0]!;
  const to = chosen?.to ?? pool[1]!;
  const movie = chosen?.path.find((step) => step.type === 'movie')?.index ?? mostPopularNeighbour(graph, from, 'movie');
  if (movie === null) throw new Error('The catalog’s best-known person has no film: no docs examples can be chosen.');
  const genre = mostLinkedNeighbour(graph, movie, 'genre') ?? mostLinkedOfType(graph, 'genre');
  return {
    from: exampleEntity(graph, from),
    to: exampleEntity(graph, to),
    movie: exampleEntity(graph, movie),
    genre: genre === null ? exampleEntity(graph, movie) : exampleEntity(graph, genre),
    searchText: g.entity(from).name.split(/\s+/)[0]!.toLowerCase().slice(0, 20),
    degrees: chosen?.degrees ?? null,
  };
}

function exampleEntity(graph: GraphService, index: number): DocsExampleEntity {
  const entity = graph.entityAt(index);
  return { id: entity.id, key: entity.key, type: entity.type, name: entity.name };
}

function neighboursOfType(graph: GraphService, index: number, type: string): number[] {
  const g = graph.graph;
  const found: number[] = [];
  for (let position = g.offsets[index]!; position < g.offsets[index + 1]!; position++) {
    const neighbour = g.neighbours[position]!;
    if (g.type(neighbour) === type) found.push(neighbour);
  }
  return found;
}

function mostPopularNeighbour(graph: GraphService, index: number, type: string): number | null {
  const g = graph.graph;
  return neighboursOfType(graph, index, type).sort((a, b) => g.popularity[b]! - g.popularity[a]!)[0] ?? null;
}

function mostLinkedNeighbour(graph: GraphService, index: number, type: string): number | null {
  const g = graph.graph;
  return neighboursOfType(graph, index, type).sort((a, b) => g.degree(b) - g.degree(a))[0] ?? null;
}

function mostLinkedOfType(graph: GraphService, type: string): number | null {
  const g = graph.graph;
  let best: number | null = null;
  for (let index = 0; index < g.nodeCount; index++) if (g.type(index) === type && (best === null || g.degree(index) > g.degree(best))) best = index;
  return best;
}

/** The examples, chosen once in the background at start-up and awaited by whoever needs them first. */
export function createDocsExamples(graph: GraphService, onChosen?: (examples: DocsExamples, ms: number) => void) {
  let chosen: Promise<DocsExamples> | null = null;
  return {
    get(): Promise<DocsExamples> {
      if (!chosen) {
        const started = performance.now();
        chosen = chooseDocsExamples(graph).then((examples) => {
          onChosen?.(examples, Math.round(performance.now() - started));
          return examples;
        });
        // A failure is answered to its caller and tried again by the next.
        chosen.catch(() => {
          chosen = null;
        });
      }
      return chosen;
    },
  };
}
export type DocsExamplesSource = ReturnType<typeof createDocsExamples>;
