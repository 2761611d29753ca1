import type { EntitySummary } from '@cinema-dna/shared-types';

/** What finding connections needs from the entities feature: summaries of the path's nodes (app.ts wires it). */
export interface EntitySummaries {
  summaries(indices: number[]): Promise<EntitySummary[]>;
}
