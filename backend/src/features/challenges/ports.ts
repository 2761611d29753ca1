import type { EntitySummary } from '@cinema-dna/shared-types';

/** The server's clock (epoch ms). Injected, so tests can move it; production passes Date.now. */
export type Clock = () => number;

/**
 * What the challenges feature needs from elsewhere, wired in services.ts: features never import
 * each other's internals.
 */
export interface ChallengePorts {
  /** Entity summaries (names, types, images) of node indices, in order (the entities feature). */
  summaries(indices: number[]): Promise<EntitySummary[]>;
  /** Release years of films by entity key (the catalog's details), for decade themes. */
  releaseYears(): Promise<Map<string, number>>;
  /** The user's rank on the Challenge Masters board (null while off it), `degraded` while it is the last one read, not a live one (the leaderboards feature). */
  challengeRank(userId: number): Promise<{ rank: number | null; degraded: boolean }>;
}
