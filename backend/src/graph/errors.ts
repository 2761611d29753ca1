import type { ErrorCode } from '@cinema-dna/shared-types';

/**
 * A caller mistake the HTTP layer answers with 4xx: unknown entity, same entity twice, invalid
 * parameters (code VALIDATION_FAILED, zod issues in details), or no graph loaded yet
 * (SERVICE_UNAVAILABLE). Anything else thrown by the engine is a bug.
 */
export class GraphError extends Error {
  override readonly name = 'GraphError';
  constructor(
    readonly code: Extract<ErrorCode, 'INVALID_ENTITY' | 'VALIDATION_FAILED' | 'SERVICE_UNAVAILABLE' | 'NOT_FOUND'>,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
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
