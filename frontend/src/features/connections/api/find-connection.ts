import type { ConnectionResult, FindConnectionRequest } from '@cinema-dna/shared-types';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST /api/find-connection: the whole search in one request, no progress. The live search uses the
 * socket; this is its fallback when the socket is not connected.
 */
export function findConnection(request: FindConnectionRequest, signal?: AbortSignal): Promise<ConnectionResult> {
  return apiFetch<ConnectionResult>('/api/find-connection', { method: 'POST', body: request, signal });
}
