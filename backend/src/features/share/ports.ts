import type { ConnectionResult, EntitySummary, EntityType, FindConnectionRequestSchema } from '@cinema-dna/shared-types';
import type { z } from 'zod';

/** A pair as the share pages resolve it. */
export type SharedPair = z.output<typeof FindConnectionRequestSchema>;

/** What the share pages need from the entities feature (app.ts passes the entity service). */
export interface ShareEntities {
  /** The node of `type:id`, or a 404. */
  require(type: EntityType, id: string): number;
  summaries(indices: number[]): Promise<EntitySummary[]>;
}

/** What the share pages need from the connections feature (app.ts passes the connection service). */
export interface ShareConnections {
  /** The answer already in the search cache, or null. */
  cachedResult(pair: SharedPair): Promise<ConnectionResult | null>;
  /** Refuses (409 CHALLENGE_IN_PROGRESS) a signed-in `actor` playing a challenge between the pair's ends; null passes. */
  refuseDuringChallenge(pair: SharedPair, actor: number | null): Promise<void>;
  /** Searches the pair; a preview is not counted as somebody searching (no `connection.found`). */
  find(pair: SharedPair, options: { actor: null; preview: true }): Promise<ConnectionResult>;
}
