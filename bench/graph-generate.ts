/**
 * A seeded, IMDb-shaped movie graph for the graph benchmark: at scale 1, 1M movies, 3M people and
 * 10.5M credits with heavy-tailed (Pareto/Zipf) popularity and credit counts, cast billed in credit
 * order and crew jobs of every tier, plus genre, keyword, company and collection hubs. Streams straight
 * into a SnapshotBuilder.
 *
 * Run directly to build a snapshot:  npx tsx bench/graph-generate.ts <scale> <output path>
 */
import type { PersonSubtype, Relationship } from '@cinema-dna/shared-types';
import { SnapshotBuilder, type SnapshotBuildStats } from '../backend/src/graph/snapshot-builder.js';

/** sfc32: fast seeded PRNG, floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = 0x9e3779b9 ^ seed;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 16; i++) next();
  return next;
}

export interface GeneratedShape {
  movies: number;
  people: number;
  credits: number;
  genres: number;
  keywords: number;
  companies: number;
  collections: number;
  /** Index ranges of each type in the builder (people first, then movies, then hubs). */
  firstPerson: number;
  firstMovie: number;
}

const FIRST_NAMES = (
  'James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard Susan Joseph Jessica Thomas Sarah ' +
  'Charles Karen Christopher Nancy Daniel Lisa Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily ' +
  'Andrew Donna Joshua Michelle Kenneth Dorothy Kevin Carol Brian Amanda George Melissa Edward Deborah Ronald Stephanie Timothy ' +
  'Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Shirley Eric Angela Jonathan Helen Stephen Anna ' +
  'Larry Brenda Justin Pamela Scott Nicole Brandon Emma Benjamin Samantha Samuel Katherine Gregory Christine Frank Debra Alexander ' +
  'Rachel Raymond Catherine Patrick Carolyn Jack Janet Dennis Ruth Jerry Maria Tyler Heather Aaron Diane José Zoë Björn François ' +
  'Sébastien Łukasz Søren Jürgen Renée Penélope Chloé Andrés Mónica Héctor Ingrid Astrid Hiroshi Yuki Kenji Akira Mei Wei Raj Priya ' +
  'Amitabh Shah Aishwarya Deepika Ranbir Olga Ivan Dmitri Natalia Sergei Fatima Omar Leila Youssef Ngozi Chidi Kwame Amara Lars ' +
  'Sven Ole Mikael Giulia Marco Luca Sofia Alessandro Chiara Pedro Lucía Javier Carmen Diego Isabel Mateo Valentina Gaël Cécile Noël'
).split(' ');
const SURNAME_PARTS = {
  onsets: ['', 'b', 'br', 'c', 'ch', 'd', 'f', 'g', 'gr', 'h', 'j', 'k', 'kr', 'l', 'm', 'n', 'p', 'r', 's', 'sh', 'st', 't', 'tr', 'v', 'w', 'z'],
  vowels: ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'é', 'ö', 'ø', 'ü'],
  codas: ['', 'n', 'r', 'l', 's', 'ck', 'ng', 'rt', 'ns', 'ld', 'tz', 'sson', 'ez', 'ski', 'man', 'ton', 'berg', 'ley', 'ford', 'ova'],
};
const TITLE_ADJECTIVES = (
  'Last First Dark Silent Broken Golden Lost Hidden Secret Wild Eternal Final Crimson Frozen Burning Forgotten Endless Little Big ' +
  'Savage Quiet Deadly Sweet Bitter Blue Red Black White Midnight Electric Iron Glass Paper Velvet Hollow Distant Sacred Fallen'
).split(' ');
const TITLE_NOUNS = (
  'Night Day River Road City Heart Dream Shadow Storm Fire Ice Sky Sea Moon Sun Star Ghost Kingdom Empire War Love Song Game House ' +
  'Garden Island Mountain Desert Forest Train Bridge Mirror Letter Promise Secret Summer Winter Spring Autumn Wolf Lion Eagle Dragon ' +
  'Hunter Stranger Soldier Queen King Prince Witness Thief Detective Doctor Angel Devil Machine Planet Horizon Voyage Return Escape'
).split(' ');
const JOBS = [
  'Editor', 'Director of Photography', 'Casting', 'Production Design', 'Costume Design', 'Makeup Artist', 'Visual Effects Supervisor',
  'Sound Designer', 'Stunt Coordinator', 'Art Direction', 'Set Decoration', 'Gaffer', 'Key Grip', 'Script Supervisor', 'Choreographer',
];
const GENRES: Array<[string, number]> = [
  ['Drama', 22], ['Comedy', 15], ['Thriller', 8], ['Action', 7], ['Romance', 7], ['Horror', 6], ['Crime', 5], ['Documentary', 5],
  ['Adventure', 4], ['Science Fiction', 3], ['Family', 3], ['Fantasy', 3], ['Mystery', 3], ['Animation', 2], ['History', 2],
  ['Music', 2], ['War', 1.5], ['Western', 1.5], ['Biography', 1.2], ['Sport', 1], ['Musical', 1], ['Film-Noir', 0.5],
  ['TV Movie', 0.8], ['Short', 0.8], ['Reality', 0.3], ['News', 0.3], ['Talk-Show', 0.2], ['Game-Show', 0.2],
];
const ROLES: Array<[PersonSubtype, Relationship, number]> = [
  ['actor', 'acted_in', 0.65],
  ['director', 'directed', 0.05],
  ['writer', 'wrote', 0.1],
  ['producer', 'produced', 0.1],
  ['composer', 'composed', 0.03],
  ['crew', 'crew', 0.07],
];

/** Shape of the graph at a scale (1 = the IMDb-sized target). */
export function shapeAt(scale: number): Omit<GeneratedShape, 'firstPerson' | 'firstMovie'> {
  return {
    movies: Math.max(100, Math.round(1_000_000 * scale)),
    people: Math.max(300, Math.round(3_000_000 * scale)),
    credits: Math.max(1_000, Math.round(10_500_000 * scale)),
    genres: GENRES.length,
    keywords: Math.max(50, Math.round(50_000 * scale)),
    companies: Math.max(50, Math.round(120_000 * scale)),
    collections: Math.max(10, Math.round(8_000 * scale)),
  };
}

/** Streams a seeded IMDb-shaped graph into `builder`. */
export function generateImdbShaped(builder: SnapshotBuilder, scale: number, seed = 20240601): GeneratedShape {
  const random = prng(seed);
  const shape = shapeAt(scale);
  const { movies, people, credits } = shape;
  const pad = (n: number) => String(n).padStart(7, '0');
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  /** Zipf (s = 1) rank in [0, n): log-uniform. */
  const zipf = (n: number): number => Math.min(n - 1, Math.floor(Math.exp(random() * Math.log(n + 1))) - 1);

  // Movies: Pareto popularity (median ~1, a few in the thousands, like TMDB popularity).
  const moviePopularity = new Float64Array(movies);
  for (let m = 0; m < movies; m++) moviePopularity[m] = Math.min(5000, 0.6 / Math.pow(1 - random(), 1 / 1.4));

  // People: primary role, credit propensity (Pareto, at least one credit each).
  const role = new Uint8Array(people);
  const propensity = new Float64Array(people);
  for (let p = 0; p < people; p++) {
    let r = random();
    let k = 0;
    while (k < ROLES.length - 1 && r >= ROLES[k]![2]) r -= ROLES[k++]![2];
    role[p] = k;
    propensity[p] = Math.min(3000, 1 / Math.pow(1 - random(), 1 / 1.5)) - 1;
  }

  // Credit stubs: one per person, the rest in proportion to propensity; then shuffled.
  const stubs = new Uint32Array(credits);
  const cumulative = new Float64Array(people);
  let total = 0;
  for (let p = 0; p < people; p++) cumulative[p] = total += propensity[p]!;
  for (let i = 0; i < credits; i++) {
    if (i < people) {
      stubs[i] = i;
      continue;
    }
    const x = random() * total;
    let lo = 0;
    let hi = people - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    stubs[i] = lo;
  }
  for (let i = credits - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = stubs[i]!;
    stubs[i] = stubs[j]!;
    stubs[j] = t;
  }

  // Cast/crew size per movie grows with its popularity; sizes sum to `credits`.
  const castSize = new Uint32Array(movies);
  const weight = new Float64Array(movies);
  let weightSum = 0;
  for (let m = 0; m < movies; m++) weightSum += weight[m] = 1 + 2 * Math.log2(1 + moviePopularity[m]!);
  let assigned = 0;
  for (let m = 0; m < movies; m++) assigned += castSize[m] = Math.floor((weight[m]! / weightSum) * credits);
  while (assigned < credits) {
    castSize[Math.floor(random() * movies)]!++;
    assigned++;
  }

  // Person popularity follows the films they are in (actors most).
  const personPopularity = new Float64Array(people);
  {
    let cursor = 0;
    for (let m = 0; m < movies; m++) {
      for (let k = 0; k < castSize[m]!; k++) {
        const p = stubs[cursor++]!;
        personPopularity[p]! += moviePopularity[m]! * (role[p] === 0 ? 0.3 : 0.1);
      }
    }
  }

  const surname = (): string => {
    const syllables = 1 + Math.floor(random() * 2);
    let s = '';
    for (let i = 0; i < syllables; i++) s += pick(SURNAME_PARTS.onsets) + pick(SURNAME_PARTS.vowels);
    s += pick(SURNAME_PARTS.codas);
    return s.charAt(0).toUpperCase() + s.slice(1);
  };
  const firstPerson = builder.entityCount;
  for (let p = 0; p < people; p++) {
    const middle = random() < 0.1 ? ` ${String.fromCharCode(65 + Math.floor(random() * 26))}.` : '';
    builder.addEntity({
      key: `person:nm${pad(p + 1)}`,
      type: 'person',
      name: `${pick(FIRST_NAMES)}${middle} ${surname()}`,
      subtype: ROLES[role[p]!]![0],
      popularity: Math.round(personPopularity[p]! * 1000) / 1000,
    });
  }
  const firstMovie = builder.entityCount;
  for (let m = 0; m < movies; m++) {
    const r = random();
    let title: string;
    if (r < 0.3) title = `The ${pick(TITLE_ADJECTIVES)} ${pick(TITLE_NOUNS)}`;
    else if (r < 0.5) title = `${pick(TITLE_NOUNS)} of the ${pick(TITLE_NOUNS)}`;
    else if (r < 0.65) title = `${pick(FIRST_NAMES)}'s ${pick(TITLE_NOUNS)}`;
    else if (r < 0.8) title = `${pick(TITLE_ADJECTIVES)} ${pick(TITLE_NOUNS)}`;
    else if (r < 0.9) title = `${surname()} ${pick(TITLE_NOUNS)}`;
    else title = `${pick(TITLE_NOUNS)} ${2 + Math.floor(random() * 4)}`;
    builder.addEntity({ key: `movie:tt${pad(m + 1)}`, type: 'movie', name: title, popularity: Math.round(moviePopularity[m]! * 1000) / 1000 });
  }
  const firstGenre = builder.entityCount;
  GENRES.forEach(([name], g) => builder.addEntity({ key: `genre:${g + 1}`, type: 'genre', name, popularity: 0 }));
  const firstKeyword = builder.entityCount;
  for (let k = 0; k < shape.keywords; k++) {
    builder.addEntity({ key: `keyword:${k + 1}`, type: 'keyword', name: `${pick(TITLE_ADJECTIVES).toLowerCase()} ${pick(TITLE_NOUNS).toLowerCase()} ${k + 1}`, popularity: 0 });
  }
  const firstCompany = builder.entityCount;
  for (let c = 0; c < shape.companies; c++) {
    builder.addEntity({ key: `company:${c + 1}`, type: 'company', name: `${surname()} ${pick(['Pictures', 'Films', 'Studios', 'Entertainment', 'Productions', 'Media'])}`, popularity: Math.round(1000 / (c + 1)) / 10 });
  }
  const firstCollection = builder.entityCount;
  for (let c = 0; c < shape.collections; c++) {
    builder.addEntity({ key: `collection:${c + 1}`, type: 'collection', name: `The ${pick(TITLE_NOUNS)} ${pick(['Collection', 'Saga', 'Trilogy'])}`, popularity: Math.round(random() * 100) / 10 });
  }

  // Characters: a vocabulary shared across credits, like real character names repeat.
  const characters = Array.from({ length: 20_000 }, (_, i) =>
    i % 5 === 0 ? `Dr. ${surname()}` : i % 5 === 1 ? `${pick(FIRST_NAMES)}` : i % 5 === 2 ? `Officer ${surname()}` : `${pick(FIRST_NAMES)} ${surname()}`,
  );
  let cursor = 0;
  for (let m = 0; m < movies; m++) {
    const movie = firstMovie + m;
    let billing = 0;
    for (let k = 0; k < castSize[m]!; k++) {
      const p = stubs[cursor++]!;
      const r = random() < 0.85 ? role[p]! : Math.floor(random() * ROLES.length);
      const relationship = ROLES[r]![1];
      const label = relationship === 'acted_in' ? pick(characters) : relationship === 'crew' ? pick(JOBS) : null;
      // Cast in credit order, as sources bill it: the first ten are top-billed (core links).
      builder.addLinkByIndex(firstPerson + p, movie, relationship, label, relationship === 'acted_in' ? billing++ : null);
    }
  }
  const genreWeights = GENRES.map(([, w]) => w);
  const genreTotal = genreWeights.reduce((s, w) => s + w, 0);
  for (let m = 0; m < movies; m++) {
    const movie = firstMovie + m;
    const count = 1 + (random() < 0.5 ? 1 : 0) + (random() < 0.15 ? 1 : 0);
    for (let i = 0; i < count; i++) {
      let x = random() * genreTotal;
      let g = 0;
      while (g < genreWeights.length - 1 && x >= genreWeights[g]!) x -= genreWeights[g++]!;
      builder.addLinkByIndex(movie, firstGenre + g, 'has_genre');
    }
    const keywords = Math.floor(-Math.log(1 - random()) * 0.9);
    for (let i = 0; i < keywords; i++) builder.addLinkByIndex(movie, firstKeyword + zipf(shape.keywords), 'has_keyword');
    const companies = Math.floor(-Math.log(1 - random()) * 0.8);
    for (let i = 0; i < companies; i++) builder.addLinkByIndex(movie, firstCompany + zipf(shape.companies), 'produced_by');
  }
  for (let c = 0; c < shape.collections; c++) {
    const size = 2 + Math.floor(random() * 5);
    for (let i = 0; i < size; i++) builder.addLinkByIndex(firstMovie + Math.floor(random() * movies), firstCollection + c, 'part_of_collection');
  }
  return { ...shape, firstPerson, firstMovie };
}

/** Generates and writes a snapshot; returns the builder's stats plus the generation time. */
export function buildImdbShapedSnapshot(path: string, scale: number): SnapshotBuildStats & { generateMs: number; shape: GeneratedShape } {
  const started = performance.now();
  const builder = new SnapshotBuilder();
  const shape = generateImdbShaped(builder, scale);
  const generateMs = performance.now() - started;
  return { ...builder.write(path), generateMs, shape };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [scaleArg, output] = process.argv.slice(2);
  if (!scaleArg || !output) {
    console.error('usage: npx tsx bench/graph-generate.ts <scale> <output path>');
    process.exit(2);
  }
  const stats = buildImdbShapedSnapshot(output, Number(scaleArg));
  process.stdout.write(`${JSON.stringify({ ...stats, peakRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
}
