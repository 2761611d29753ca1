import { RECOMMENDATION_LIMIT, type Recommendation, type Recommendations, type Relationship } from '@cinema-dna/shared-types';
import { RELATIONSHIP_CODE, RELATIONSHIP_MASK, TYPE_CODE } from '../../graph/model.js';
import type { Graph } from '../../graph/snapshot.js';
import type { Cards } from './cards.js';
import type { RecommendBasis, RecommendedFilm, RecommendPort, RecommendSeed, UserFilmHistory } from './ports.js';

/** Films asked of the engine: more than shown, so films the graph or the details lack do not leave gaps. */
export const RECOMMEND_CANDIDATES = 18;
/** Seed weights: a liked film (rated 4+ stars) pulls three times as hard as one merely logged. */
export const SEED_WEIGHTS = { liked: 3, watched: 1, watchlist: 0.5 } as const;
/** Views (latest first) whose genres a cold start draws from. */
export const COLD_START_VIEWS = 50;

type SeedKind = keyof typeof SEED_WEIGHTS;

/** What the reason says a film of the user's is to them. */
const SEED_PHRASES: Record<SeedKind, (title: string) => string> = {
  liked: (title) => `Because you liked ${title}`,
  watched: (title) => `Because you watched ${title}`,
  watchlist: (title) => `Because ${title} is on your watchlist`,
};

/** How the recommended film is linked to the shared neighbour, as the reason's second half. */
const LINK_PHRASES: Record<Relationship, (via: string) => string> = {
  directed: (via) => `also directed by ${via}`,
  acted_in: (via) => `also starring ${via}`,
  wrote: (via) => `also written by ${via}`,
  composed: (via) => `also scored by ${via}`,
  produced: (via) => `also produced by ${via}`,
  crew: (via) => `${via} also worked on it`,
  part_of_collection: (via) => `also part of ${via}`,
  has_keyword: (via) => `also about ${via}`,
  has_genre: (via) => `also a ${via} film`,
  produced_by: (via) => `also from ${via}`,
  won: (via) => `also won ${via}`,
  nominated_for: (via) => `also nominated for ${via}`,
  filmed_in: (via) => `also filmed in ${via}`,
  country: (via) => `also filmed in ${via}`,
};

/** "Because you liked Heat — also directed by Michael Mann". */
export function reasonFor(kind: SeedKind, seedTitle: string, relationship: Relationship, viaName: string): string {
  return `${SEED_PHRASES[kind](seedTitle)} — ${LINK_PHRASES[relationship](viaName)}`;
}

/**
 * What the member thinks of a film, in one place: the diary's rating of it (its latest rated entry)
 * decides; only a film the diary holds no rating of takes its review's stars, and failing both, its
 * watched mark's rating. A film rated 1.5★ in the diary is not liked because a review gave it 4.
 * Answers the stars, or null when none says.
 */
export function filmRatings(history: UserFilmHistory): Map<string, number | null> {
  const ratings = new Map<string, number | null>();
  const offer = (movieId: string, rating: number | null) => {
    if (rating !== null && (ratings.get(movieId) ?? null) === null) ratings.set(movieId, rating);
    else if (!ratings.has(movieId)) ratings.set(movieId, rating);
  };
  // Strongest source first: a rating once known is never replaced.
  for (const entry of history.diary) offer(entry.movieId, entry.rating);
  for (const review of history.reviews) offer(review.movieId, review.rating);
  for (const item of history.watchlist) if (item.watched) offer(item.movieId, item.rating);
  return ratings;
}

/**
 * The user's seeds and the films never to recommend. A film's stars (filmRatings: the diary's first):
 * 4+ → liked (3), none or 2.5–3.5 → watched (1), 2 or less → no seed. A film only on the watchlist
 * weighs 0.5. Every film logged, reviewed or listed is excluded.
 */
export function seedsOf(history: UserFilmHistory): { seeds: Map<string, { weight: number; kind: SeedKind }>; exclude: Set<string> } {
  const seeds = new Map<string, { weight: number; kind: SeedKind }>();
  const exclude = new Set<string>();
  const byRating = (rating: number | null): SeedKind | null => (rating === null ? 'watched' : rating >= 4 ? 'liked' : rating <= 2 ? null : 'watched');
  for (const [movieId, rating] of filmRatings(history)) {
    const kind = byRating(rating);
    if (kind) seeds.set(`movie:${movieId}`, { weight: SEED_WEIGHTS[kind], kind });
  }
  for (const film of [...history.diary, ...history.reviews, ...history.watchlist]) exclude.add(`movie:${film.movieId}`);
  // A film only on the watchlist (never watched, logged or reviewed): a light seed.
  const seen = new Set([...history.diary, ...history.reviews, ...history.watchlist.filter((item) => item.watched)].map((film) => film.movieId));
  for (const item of history.watchlist) if (!item.watched && !seen.has(item.movieId)) seeds.set(`movie:${item.movieId}`, { weight: SEED_WEIGHTS.watchlist, kind: 'watchlist' });
  return { seeds, exclude };
}

export interface RecommendationDeps {
  graph: Graph;
  cards: Cards;
  recommend: RecommendPort | null;
  history: UserFilmHistory;
  /** The entity keys the user viewed, latest first. */
  viewed: readonly string[];
  /** The genres' most popular films (computed list), by genre key. */
  genrePopular: Record<string, string[]>;
  /** Trending films of the week, best first. */
  trending: readonly string[];
  rngSeed: number;
}

/**
 * Recommendations for one user (GET /api/recommendations): random walks with restart from their films
 * in the engine's workers, each with the reason its basis gives; a cold start (no usable history, or
 * the walks found too few) fills with the most popular films of the genres the user looked at, then
 * with trending films.
 */
export async function recommendFor(deps: RecommendationDeps): Promise<Recommendations> {
  const { graph, history } = deps;
  const { seeds, exclude } = seedsOf(history);
  const present = [...seeds].filter(([key]) => graph.resolve(key) >= 0);
  let walked: RecommendedFilm[] = [];
  if (deps.recommend && present.length > 0) {
    const asked: RecommendSeed[] = present.map(([key, seed]) => ({ key, weight: seed.weight }));
    walked = (await deps.recommend(asked, { limit: RECOMMEND_CANDIDATES, exclude: [...exclude], rngSeed: deps.rngSeed })).filter((film) => !exclude.has(film.movie) && !seeds.has(film.movie));
  }
  const bases = new Map(walked.map((film) => [film.movie, film.basis]));
  const walkedCards = await deps.cards.movies(graph, walked.map((film) => film.movie));
  const recommendations: Recommendation[] = walkedCards.slice(0, RECOMMENDATION_LIMIT).map((movie) => {
    const basis = bases.get(movie.key)!;
    return { movie, ...explain(graph, basis, seeds.get(basis.seed)?.kind ?? 'watched') };
  });
  const coldStart = recommendations.length === 0;
  if (recommendations.length < RECOMMENDATION_LIMIT) {
    const taken = new Set([...exclude, ...recommendations.map((pick) => pick.movie.key)]);
    const picks = coldStartPicks(deps, taken, RECOMMENDATION_LIMIT - recommendations.length);
    const picked = await deps.cards.movies(graph, picks.map((pick) => pick.key));
    const reasons = new Map(picks.map((pick) => [pick.key, pick.reason]));
    recommendations.push(...picked.map((movie) => ({ movie, reason: reasons.get(movie.key)!, basis: null })));
  }
  return { recommendations: recommendations.slice(0, RECOMMENDATION_LIMIT), coldStart };
}

/** The reason and the basis as the API shows them. */
function explain(graph: Graph, basis: RecommendBasis, kind: SeedKind): Pick<Recommendation, 'reason' | 'basis'> {
  const seed = graph.resolve(basis.seed);
  const via = graph.resolve(basis.via);
  const seedTitle = graph.name(seed);
  const viaName = graph.name(via);
  return {
    reason: reasonFor(kind, seedTitle, basis.relationship, viaName),
    basis: {
      seed: { id: graph.sourceId(seed), key: basis.seed, title: seedTitle },
      via: { key: basis.via, name: viaName, type: graph.type(via) },
      relationship: basis.relationship,
    },
  };
}

/**
 * Cold-start picks: the genres of what the user viewed (a genre page itself, a film's genres), most
 * viewed first, taking their most popular films in turn; then trending films.
 */
function coldStartPicks(deps: RecommendationDeps, taken: Set<string>, wanted: number): Array<{ key: string; reason: string }> {
  const { graph } = deps;
  const genreCounts = new Map<number, number>();
  for (const key of deps.viewed.slice(0, COLD_START_VIEWS)) {
    const node = graph.resolve(key);
    if (node < 0) continue;
    if (graph.types[node] === TYPE_CODE.genre) genreCounts.set(node, (genreCounts.get(node) ?? 0) + 2);
    if (graph.types[node] !== TYPE_CODE.movie) continue;
    for (let position = graph.offsets[node]!; position < graph.offsets[node + 1]!; position++) {
      if ((graph.relations[position]! & RELATIONSHIP_MASK) !== RELATIONSHIP_CODE.has_genre) continue;
      const genre = graph.neighbours[position]!;
      genreCounts.set(genre, (genreCounts.get(genre) ?? 0) + 1);
    }
  }
  const genres = [...genreCounts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([genre]) => genre);
  const picks: Array<{ key: string; reason: string }> = [];
  const take = (key: string, reason: string) => {
    if (picks.length >= wanted || taken.has(key) || graph.resolve(key) < 0) return;
    taken.add(key);
    picks.push({ key, reason });
  };
  // Round robin over the genres, so three genres looked at give three kinds of films.
  const queues = genres.map((genre) => ({ name: graph.name(genre), films: [...(deps.genrePopular[graph.key(genre)] ?? [])] }));
  while (picks.length < wanted && queues.some((queue) => queue.films.length > 0)) {
    for (const queue of queues) {
      const next = queue.films.shift();
      if (next) take(next, `Popular in ${queue.name}, a genre you looked at`);
    }
  }
  for (const key of deps.trending) take(key, 'Trending on Cinema DNA this week');
  return picks;
}
