import type { ErrorCode } from '@cinema-dna/shared-types';

/**
 * A caller mistake the HTTP layer answers with 4xx: unknown entity, same entity twice, invalid
 * parameters (code VALIDATION_FAILED, zod issues in details), no graph loaded yet
 * (SERVICE_UNAVAILABLE), or a search stopped by its budget (SEARCH_BUDGET_EXCEEDED, details
 * `{ limit, value }`). Anything else thrown by the engine is a bug.
 */
export class GraphError extends Error {
  override readonly name = 'GraphError';
  constructor(
    readonly code: Extract<ErrorCode, 'INVALID_ENTITY' | 'VALIDATION_FAILED' | 'SERVICE_UNAVAILABLE' | 'NOT_FOUND' | 'SEARCH_BUDGET_EXCEEDED'>,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Which limit of a search's budget ran out. */
export type SearchBudgetLimit = 'timeMs' | 'visited';

/** The error of a search stopped by its budget (engine checkpoints or the pool's watchdog). */
export function searchBudgetExceeded(limit: SearchBudgetLimit, value: number): GraphError {
  const message =
    limit === 'timeMs'
      ? `The search was stopped after ${value} ms. Try fewer degrees or fewer entity types.`
      : `The search was stopped after reaching ${value} entities. Try fewer degrees or fewer entity types.`;
  return new GraphError('SEARCH_BUDGET_EXCEEDED', message, { limit, value });
}

/** Thrown when a search is cancelled (AbortSignal or pool cancellation); name matches DOM AbortError. */
export class SearchCancelledError extends Error {
  override readonly name = 'AbortError';
  readonly code = 'SEARCH_CANCELLED';
  constructor(message = 'search cancelled') {
    super(message);
  }
}

/** The snapshot file is missing, truncated, from another format version, or corrupt. */
export class SnapshotFormatError extends Error {
  override readonly name = 'SnapshotFormatError';
}
