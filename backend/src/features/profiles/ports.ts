/**
 * What profiles read from other features and the catalog, as ports wired in services.ts: this feature
 * imports none of them. Each aggregate is one query, whoever the profile is.
 */
import type { EarnedBadge, PathStep } from '@cinema-dna/shared-types';
import type { Credit } from '../../graph/prominence.js';

/** Counts of other features' rows for one user (one query each). */
export interface ProfileAggregates {
  badges(userId: number): Promise<EarnedBadge[]>;
  /** Live reviews written. */
  reviewCount(userId: number): Promise<number>;
  /** Connections discovered (the ledger's discovery awards). */
  connectionsFound(userId: number): Promise<number>;
  savedConnections(userId: number): Promise<number>;
  watchlistCount(userId: number): Promise<number>;
  /** Followers and following of `userId`, and whether `viewerId` follows them. */
  follows(userId: number, viewerId: number | null): Promise<{ followers: number; following: number; isFollowing: boolean }>;
  /** Distinct challenges solved. */
  challengesCompleted(userId: number): Promise<number>;
}

/** A diary entry as stats read it. */
export interface LoggedFilm {
  movieId: string;
  movieTitle: string;
  posterPath: string | null;
  watchedDate: string;
  rating: number | null;
  rewatch: boolean;
}

/** The diary, read for stats: private entries only when asked (their owner looking). */
export interface ProfileDiary {
  count(userId: number, includePrivate: boolean): Promise<number>;
  entries(userId: number, includePrivate: boolean): Promise<LoggedFilm[]>;
}

/** A person or genre linked to a movie in the loaded graph. */
export interface LinkedEntity {
  key: string;
  name: string;
}

/** A person of a movie with their credit in it, which says how prominently to name them. */
export interface CreditedEntity extends LinkedEntity {
  credit: Credit;
}

/** The catalog's graph: a movie's people and genres, and the shortest chain between two movies. */
export interface ProfileGraph {
  /** The people a fan knows (cast and crew but the obscure jobs, each once) and the genres of each movie the graph holds. */
  links(movieIds: readonly string[]): Map<string, { people: CreditedEntity[]; genres: LinkedEntity[] }>;
  /** The connection engine's chain (default parameters) between two movies; null when there is none. */
  chain(fromMovieId: string, toMovieId: string): Promise<{ degrees: number; path: PathStep[] } | null>;
}
