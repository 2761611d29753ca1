import type { ConnectionResult, FindConnectionRequest } from '@cinema-dna/shared-types';
import { api } from '../../../lib/api-client-typed';

/**
 * POST /api/find-connection: the whole search in one request, no progress. The live search uses the
 * socket; this is its fallback when the socket is not connected.
 */
export function findConnection(request: FindConnectionRequest, signal?: AbortSignal): Promise<ConnectionResult> {
  return api.post('/api/find-connection', { body: request, signal });
}
