import type { EntitySummary } from '@cinema-dna/shared-types';

/** What finding connections needs from the entities feature: summaries of the path's nodes (app.ts wires it). */
export interface EntitySummaries {
  summaries(indices: number[]): Promise<EntitySummary[]>;
}

/** The two ends of a challenge, as entity keys (`type:id`). */
export type ChallengeEnds = readonly [from: string, to: string];

/**
 * What finding connections needs from the challenges feature (services.ts wires it): the ends of
 * every challenge the user is playing now — an open daily, weekly or list attempt (started, not
 * finished, not past its clock) and an unfinished race they play in. One query per signed-in search.
 */
export interface OpenChallenges {
  openChallengeEnds(userId: number): Promise<ChallengeEnds[]>;
}
