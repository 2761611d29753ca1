import type { Mood, TrendingWindow } from '@cinema-dna/shared-types';
import { RELATIONSHIP_CODE, RELATIONSHIP_MASK, TYPE_CODE } from '../../graph/model.js';
import type { Graph } from '../../graph/snapshot.js';
import {
  DAY_MS,
  dayToDate,
  decayedActivity,
  HOUR_MS,
  MINIMUM_VOTES_PERCENTILE,
  NO_DAY,
  percentile,
  popularityScale,
  referenceDay,
  trendingScore,
  TRENDING_WINDOWS,
  weightedRating,
  type ActivityCounts,
} from './formulas.js';

/** Entries kept per computed list: the API's largest page (DISCOVERY_LIST_MAX). */
export const STORED_LIST_LENGTH = 50;
/** Films in the Surprise Me pool at most (a uniform sample of the top quartile). */
export const SURPRISE_POOL = 1_000;
/** Popular films kept per genre (cold-start recommendations). */
export const GENRE_POPULAR = 30;
/** Titles kept per popular person (the card shows KNOWN_FOR_TITLES). */
export const KNOWN_FOR_KEPT = 4;
/** Recent Releases look back this many days from the reference date. */
export const RECENT_DAYS = 365;

/** What the details store says of each movie, by graph node (read once per recompute). */
export interface MovieFacts {
  /** The source's mean rating, NaN when none. */
  rating: Float32Array;
  /** The source's vote count, 0 when none. */
  votes: Float32Array;
  /** Release day (formulas.releaseDay), NO_DAY when unknown. */
  released: Int32Array;
}

/** The community's star ratings of one film, on the 0–10 scale (stars × 2). */
export interface CommunityRating {
  movieId: string;
  sum: number;
  count: number;
}

/** One hour of activity of one entity. */
export interface ActivityRow extends ActivityCounts {
  entityKey: string;
  hour: Date;
}

export interface ListInputs {
  graph: Graph;
  facts: MovieFacts;
  community: readonly CommunityRating[];
  activity: readonly ActivityRow[];
  moods: readonly Mood[];
  /** The recompute's instant (the injected clock). */
  now: number;
  random?: () => number;
}

export interface RankedKey {
  key: string;
  score: number;
}

/** Every computed list, by the name it is stored under. */
export interface ComputedLists {
  'trending:day': { movies: RankedKey[] };
  'trending:week': { movies: RankedKey[] };
  'top-rated': { movies: RankedKey[]; meanRating: number | null; minimumVotes: number | null };
  recent: { movies: RankedKey[]; referenceDate: string };
  upcoming: { movies: RankedKey[]; referenceDate: string };
  'award-winners': { movies: Array<RankedKey & { awards: Array<{ key: string; label: string | null }> }> };
  people: { people: Array<RankedKey & { knownFor: string[]; department: string | null }> };
  moods: { moods: Record<string, RankedKey[]> };
  /** Good films to surprise with, and the weighted rating from which a film is in the pool. */
  surprise: { movies: RankedKey[]; threshold: number | null };
  'genre-popular': { genres: Record<string, string[]> };
}
export type ListName = keyof ComputedLists;
export const LIST_NAMES: readonly ListName[] = ['trending:day', 'trending:week', 'top-rated', 'recent', 'upcoming', 'award-winners', 'people', 'moods', 'surprise', 'genre-popular'];

/** The `k` best of a stream by score (ties: the earlier one), kept sorted, best first. */
class TopK {
  readonly nodes: number[] = [];
  readonly scores: number[] = [];
  constructor(private readonly k: number) {}
  offer(node: number, score: number): void {
    if (!Number.isFinite(score) || this.k <= 0) return;
    const n = this.scores.length;
    if (n >= this.k && score <= this.scores[n - 1]!) return;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.scores[mid]! >= score) lo = mid + 1;
      else hi = mid;
    }
    this.nodes.splice(lo, 0, node);
    this.scores.splice(lo, 0, score);
    if (this.nodes.length > this.k) {
      this.nodes.pop();
      this.scores.pop();
    }
  }
}

const MOVIE = TYPE_CODE.movie;
const PERSON = TYPE_CODE.person;
const round = (value: number) => Math.round(value * 1000) / 1000;
/** Popularity as a tie-breaker: far below one unit of any score it is added to. */
const TIE = 1e-9;

/** How a person's credits name their department when the source gave none. */
const DEPARTMENTS: ReadonlyArray<[number, string]> = [
  [RELATIONSHIP_CODE.acted_in, 'Acting'],
  [RELATIONSHIP_CODE.directed, 'Directing'],
  [RELATIONSHIP_CODE.wrote, 'Writing'],
  [RELATIONSHIP_CODE.produced, 'Production'],
  [RELATIONSHIP_CODE.composed, 'Sound'],
  [RELATIONSHIP_CODE.crew, 'Crew'],
];

/**
 * Computes every list from the loaded graph's arrays, the movies' details, the community's ratings
 * and the activity rows (formulas.ts). Runs once per recompute, never per request: one pass over the
 * nodes per list family, top-K selections (no sort of the whole catalog).
 */
export function computeLists(inputs: ListInputs): ComputedLists {
  const { graph, facts, now } = inputs;
  const random = inputs.random ?? Math.random;
  const { types, popularity, offsets, neighbours, relations } = graph;
  const n = graph.nodeCount;
  const keyOf = (node: number) => graph.key(node);
  const ranked = (top: TopK): RankedKey[] => top.nodes.map((node, i) => ({ key: keyOf(node), score: round(top.scores[i]!) }));

  // Weighted ratings: the source's votes plus the community's.
  const rating = Float32Array.from(facts.rating);
  const votes = Float32Array.from(facts.votes);
  for (const { movieId, sum, count } of inputs.community) {
    const node = graph.resolve(`movie:${movieId}`);
    if (node < 0 || count <= 0) continue;
    const v = votes[node]! > 0 && Number.isFinite(rating[node]!) ? votes[node]! : 0;
    const r = v > 0 ? rating[node]! : 0;
    votes[node] = v + count;
    rating[node] = (r * v + sum) / (v + count);
  }
  const ratedVotes: number[] = [];
  let ratingSum = 0;
  let maxMoviePopularity = 0;
  let maxPersonPopularity = 0;
  let latestRated: number | null = null;
  // A catalog without votes (the starter) ends at its latest film released by today.
  let latestReleased: number | null = null;
  const today = Math.floor(now / DAY_MS);
  for (let node = 0; node < n; node++) {
    if (types[node] === PERSON) maxPersonPopularity = Math.max(maxPersonPopularity, popularity[node]!);
    if (types[node] !== MOVIE) continue;
    maxMoviePopularity = Math.max(maxMoviePopularity, popularity[node]!);
    if (votes[node]! > 0 && Number.isFinite(rating[node]!)) {
      ratedVotes.push(votes[node]!);
      ratingSum += rating[node]!;
    }
    if (facts.votes[node]! > 0 && facts.released[node] !== NO_DAY) latestRated = Math.max(latestRated ?? NO_DAY, facts.released[node]!);
    if (facts.released[node] !== NO_DAY && facts.released[node]! <= today) latestReleased = Math.max(latestReleased ?? NO_DAY, facts.released[node]!);
  }
  const meanRating = ratedVotes.length > 0 ? ratingSum / ratedVotes.length : null;
  const minimumVotes = percentile(ratedVotes, MINIMUM_VOTES_PERCENTILE);
  const wr = new Float32Array(n).fill(Number.NaN);
  if (meanRating !== null && minimumVotes !== null) {
    for (let node = 0; node < n; node++) {
      if (types[node] === MOVIE && votes[node]! > 0 && Number.isFinite(rating[node]!)) wr[node] = weightedRating(rating[node]!, votes[node]!, minimumVotes, meanRating);
    }
  }
  const moviePopularity = popularityScale(maxMoviePopularity);
  const personPopularity = popularityScale(maxPersonPopularity);
  /** A film's rank key among films: rated films by weighted rating, then the unrated by popularity. */
  const ratedFirst = (node: number) => (Number.isNaN(wr[node]!) ? -1 + moviePopularity(popularity[node]!) : wr[node]!) + popularity[node]! * TIE;

  // Activity, decayed per window.
  const activity: Record<TrendingWindow, Map<number, number>> = { day: new Map(), week: new Map() };
  for (const row of inputs.activity) {
    const node = graph.resolve(row.entityKey);
    if (node < 0) continue;
    const ageHours = (now - row.hour.getTime()) / HOUR_MS;
    for (const window of ['day', 'week'] as const) {
      const { hours, halfLifeHours } = TRENDING_WINDOWS[window];
      if (ageHours > hours) continue;
      activity[window].set(node, (activity[window].get(node) ?? 0) + decayedActivity(row, ageHours, halfLifeHours));
    }
  }

  const trending = { day: new TopK(STORED_LIST_LENGTH), week: new TopK(STORED_LIST_LENGTH) };
  const people = new TopK(STORED_LIST_LENGTH);
  const topRated = new TopK(STORED_LIST_LENGTH);
  const reference = referenceDay(now, latestRated ?? latestReleased);
  const recent = new TopK(STORED_LIST_LENGTH);
  const upcoming = new TopK(STORED_LIST_LENGTH);
  const popular = new TopK(100);
  for (let node = 0; node < n; node++) {
    const type = types[node];
    if (type === PERSON) {
      people.offer(node, trendingScore(personPopularity(popularity[node]!), activity.week.get(node) ?? 0) + popularity[node]! * TIE);
      continue;
    }
    if (type !== MOVIE) continue;
    const p = moviePopularity(popularity[node]!);
    for (const window of ['day', 'week'] as const) trending[window].offer(node, trendingScore(p, activity[window].get(node) ?? 0) + popularity[node]! * TIE);
    popular.offer(node, popularity[node]!);
    if (!Number.isNaN(wr[node]!)) topRated.offer(node, wr[node]! + popularity[node]! * TIE);
    const released = facts.released[node]!;
    if (released === NO_DAY) continue;
    if (released <= reference && released > reference - RECENT_DAYS) recent.offer(node, popularity[node]!);
    // Soonest first: a later day scores lower; the more popular of one day first.
    if (released > reference) upcoming.offer(node, -released + Math.min(0.5, popularity[node]! * 1e-6));
  }

  return {
    'trending:day': { movies: ranked(trending.day) },
    'trending:week': { movies: ranked(trending.week) },
    'top-rated': { movies: ranked(topRated), meanRating: meanRating === null ? null : round(meanRating), minimumVotes: minimumVotes === null ? null : round(minimumVotes) },
    recent: { movies: ranked(recent), referenceDate: dayToDate(reference) },
    upcoming: { movies: ranked(upcoming), referenceDate: dayToDate(reference) },
    'award-winners': { movies: awardWinners(graph, ratedFirst) },
    people: { people: people.nodes.map((node, i) => ({ key: keyOf(node), score: round(people.scores[i]!), ...credits(graph, node) })) },
    moods: { moods: Object.fromEntries(inputs.moods.map((mood) => [mood.name, ranked(moodFilms(graph, mood, ratedFirst))])) },
    surprise: surprisePool(graph, wr, popular, random),
    'genre-popular': { genres: genrePopular(graph) },
  };

  function awardWinners(g: Graph, rank: (node: number) => number): ComputedLists['award-winners']['movies'] {
    const wins = new Map<number, Array<{ key: string; label: string | null }>>();
    for (let award = 0; award < n; award++) {
      if (types[award] !== TYPE_CODE.award) continue;
      for (let position = offsets[award]!; position < offsets[award + 1]!; position++) {
        const movie = neighbours[position]!;
        if ((relations[position]! & RELATIONSHIP_MASK) !== RELATIONSHIP_CODE.won || types[movie] !== MOVIE) continue;
        const list = wins.get(movie) ?? [];
        list.push({ key: keyOf(award), label: g.labelAt(award, position) });
        wins.set(movie, list);
      }
    }
    // Most wins first; ties by weighted rating, then popularity (a win counts far more than any rating).
    const top = new TopK(STORED_LIST_LENGTH);
    for (const [movie, awards] of wins) top.offer(movie, awards.length * 100 + rank(movie));
    return top.nodes.map((movie, i) => ({ key: keyOf(movie), score: round(top.scores[i]!), awards: wins.get(movie)! }));
  }

  function credits(g: Graph, person: number): { knownFor: string[]; department: string | null } {
    const films = new TopK(KNOWN_FOR_KEPT);
    const seen = new Set<number>();
    const counts = new Map<number, number>();
    for (let position = offsets[person]!; position < offsets[person + 1]!; position++) {
      const movie = neighbours[position]!;
      if (types[movie] !== MOVIE) continue;
      const code = relations[position]! & RELATIONSHIP_MASK;
      counts.set(code, (counts.get(code) ?? 0) + 1);
      if (!seen.has(movie)) {
        seen.add(movie);
        films.offer(movie, popularity[movie]!);
      }
    }
    let department: string | null = null;
    let most = 0;
    for (const [code, name] of DEPARTMENTS) {
      const count = counts.get(code) ?? 0;
      if (count > most) [department, most] = [name, count];
    }
    return { knownFor: films.nodes.map((movie) => g.key(movie)), department };
  }

  function moodFilms(g: Graph, mood: Mood, rank: (node: number) => number): TopK {
    const named = (type: number, names: readonly string[]) => {
      const found = new Set<number>();
      for (const name of names) for (const node of hubsByName(g).get(`${type}:${name.toLowerCase()}`) ?? []) found.add(node);
      return found;
    };
    const excluded = new Set([...named(TYPE_CODE.genre, mood.excludedGenres ?? []), ...named(TYPE_CODE.keyword, mood.excludedKeywords ?? [])]);
    const top = new TopK(STORED_LIST_LENGTH);
    const offered = new Set<number>();
    for (const hub of [...named(TYPE_CODE.genre, mood.genres), ...named(TYPE_CODE.keyword, mood.keywords)]) {
      for (let position = offsets[hub]!; position < offsets[hub + 1]!; position++) {
        const movie = neighbours[position]!;
        if (types[movie] !== MOVIE || offered.has(movie)) continue;
        offered.add(movie);
        let fits = true;
        for (let link = offsets[movie]!; link < offsets[movie + 1]! && fits; link++) if (excluded.has(neighbours[link]!)) fits = false;
        if (fits) top.offer(movie, rank(movie));
      }
    }
    return top;
  }

  function genrePopular(g: Graph): Record<string, string[]> {
    const genres: Record<string, string[]> = {};
    for (let genre = 0; genre < n; genre++) {
      if (types[genre] !== TYPE_CODE.genre) continue;
      const top = new TopK(GENRE_POPULAR);
      for (let position = offsets[genre]!; position < offsets[genre + 1]!; position++) {
        const movie = neighbours[position]!;
        if (types[movie] === MOVIE) top.offer(movie, popularity[movie]! + TIE * (n - movie));
      }
      genres[g.key(genre)] = top.nodes.map((movie) => g.key(movie));
    }
    return genres;
  }
}

/** Genre and keyword nodes by `<type code>:<lower-case name>`, built once per loaded graph. */
const hubNames = new WeakMap<Graph, Map<string, number[]>>();
function hubsByName(graph: Graph): Map<string, number[]> {
  let byName = hubNames.get(graph);
  if (!byName) {
    byName = new Map();
    for (let node = 0; node < graph.nodeCount; node++) {
      const type = graph.types[node]!;
      if (type !== TYPE_CODE.genre && type !== TYPE_CODE.keyword) continue;
      const name = `${type}:${graph.name(node).toLowerCase()}`;
      byName.set(name, [...(byName.get(name) ?? []), node]);
    }
    hubNames.set(graph, byName);
  }
  return byName;
}

/**
 * Surprise Me's pool: the films whose weighted rating is in the top quartile, a uniform sample of
 * SURPRISE_POOL of them (reservoir). Without any rated film: the most popular films.
 */
function surprisePool(graph: Graph, wr: Float32Array, popular: TopK, random: () => number): ComputedLists['surprise'] {
  const rated: number[] = [];
  for (let node = 0; node < wr.length; node++) if (!Number.isNaN(wr[node]!)) rated.push(wr[node]!);
  const threshold = percentile(rated, 0.75);
  if (threshold === null) return { movies: popular.nodes.map((node, i) => ({ key: graph.key(node), score: round(popular.scores[i]!) })), threshold: null };
  const pool: number[] = [];
  let seen = 0;
  for (let node = 0; node < wr.length; node++) {
    if (!(wr[node]! >= threshold)) continue;
    seen += 1;
    if (pool.length < SURPRISE_POOL) pool.push(node);
    else {
      const slot = Math.floor(random() * seen);
      if (slot < SURPRISE_POOL) pool[slot] = node;
    }
  }
  return { movies: pool.map((node) => ({ key: graph.key(node), score: round(wr[node]!) })), threshold: round(threshold) };
}
