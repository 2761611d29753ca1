import type { EntitySummary, PathStep } from '@cinema-dna/shared-types';
import { GraphError } from '../../graph/errors.js';
import { AppError } from '../../platform/errors.js';
import type { ConnectionService } from './service.js';

/**
 * The engine's chain (default parameters) between two movies, for profile comparisons (a port wired in
 * services.ts): a preview, neither counted as a search (no points, no trending) nor written to the
 * cache; null when there is none. The same film is a chain of one step, named by `summaryOf`.
 */
export function movieChain(connections: Pick<ConnectionService, 'find'>, summaryOf: (movieId: string) => Promise<EntitySummary | null>) {
  return async (fromMovieId: string, toMovieId: string): Promise<{ degrees: number; path: PathStep[] } | null> => {
    if (fromMovieId === toMovieId) {
      const summary = await summaryOf(fromMovieId);
      return summary ? { degrees: 0, path: [{ entity: summary, relationship: null }] } : null;
    }
    try {
      const result = await connections.find({ fromEntity: { type: 'movie', id: fromMovieId }, toEntity: { type: 'movie', id: toMovieId } }, { actor: null, preview: true });
      return result.found && result.degrees !== null ? { degrees: result.degrees, path: result.path } : null;
    } catch (error) {
      // A film gone from a reloaded catalog, or a search over its budget: the comparison stands without a chain.
      if (error instanceof AppError && (error.status < 500 || error.code === 'SEARCH_BUDGET_EXCEEDED')) return null;
      if (error instanceof GraphError && error.code !== 'SERVICE_UNAVAILABLE') return null;
      throw error;
    }
  };
}
