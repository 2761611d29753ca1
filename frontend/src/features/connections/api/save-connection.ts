import type { EntitySummary, PathStep, SaveConnectionRequest, UserConnection } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** Builds the spec's saved-connection payload (§3) from the two ends and the path shown. */
export function saveConnectionPayload(from: EntitySummary, to: EntitySummary, path: PathStep[], degrees: number): SaveConnectionRequest {
  return {
    fromEntityId: from.id,
    fromEntityName: from.name,
    fromEntityType: from.type,
    toEntityId: to.id,
    toEntityName: to.name,
    toEntityType: to.type,
    path,
    degrees,
  };
}

/** POST /api/connections/save: adds a found path to the signed-in user's collection. */
export function saveConnection(payload: SaveConnectionRequest): Promise<UserConnection> {
  return api.post('/api/connections/save', { body: payload });
}

export function useSaveConnection() {
  return useMutation({ mutationFn: saveConnection });
}
