/**
 * What discovery reads from the rest of the app, as ports wired in services.ts (discovery-ports.ts):
 * it imports neither the diary, the watchlist, the reviews nor the follows feature, nor the engine's
 * worker pool.
 */
import type { EntityType, Relationship } from '@cinema-dna/shared-types';
import type { CommunityRating } from './lists.js';

/** A user's films as the other features keep them (their own rows: private diary entries included). */
export interface UserFilmHistory {
  /** Diary entries: each film once, with the rating of its latest rated entry (null when never rated). */
  diary: Array<{ movieId: string; rating: number | null }>;
  /** Live reviews of movies (1–5 stars). */
  reviews: Array<{ movieId: string; rating: number }>;
  /** Watchlist items, watched or not (a watched mark may carry a rating). */
  watchlist: Array<{ movieId: string; watched: boolean; rating: number | null }>;
}

/** Someone the user follows, as a card names them. */
export interface Followee {
  id: number;
  username: string;
  displayName: string;
}

/** A followee's diary logs (public ones) and watchlist adds of one film in the window. */
export interface FriendFilmActivity {
  movieId: string;
  friend: Followee;
  logs: number;
  watchlists: number;
  /** The latest of them. */
  lastAt: Date;
}

/** The community's rows discovery reads. */
export interface DiscoveryCommunity {
  /** Star ratings of movies: public diary entries with a rating and live reviews of movies, stars × 2, per movie. */
  ratings(): Promise<CommunityRating[]>;
  /** One user's films (recommendation seeds and exclusions, Surprise Me's exclusions). */
  history(userId: number): Promise<UserFilmHistory>;
  /** What the people `userId` follows logged (not privately) or put on their watchlist since `since`. */
  friendsActivity(userId: number, since: Date): Promise<FriendFilmActivity[]>;
}

/** A film of the user's that recommendations walk from; the more liked, the heavier. */
export interface RecommendSeed {
  /** Entity key (`movie:603`). */
  key: string;
  weight: number;
}

/** Why the engine recommends a film: seed —seedRelationship— via —relationship— film. */
export interface RecommendBasis {
  seed: string;
  via: string;
  viaType: EntityType;
  relationship: Relationship;
  seedRelationship: Relationship;
}

export interface RecommendedFilm {
  /** Entity key. */
  movie: string;
  score: number;
  basis: RecommendBasis;
}

/**
 * The engine's random walk with restart over the graph (GraphService.recommend, in the worker pool):
 * films near the seeds, never a seed or an excluded key, diversified.
 */
export type RecommendPort = (seeds: RecommendSeed[], options: { limit: number; exclude: string[]; rngSeed?: number }) => Promise<RecommendedFilm[]>;
