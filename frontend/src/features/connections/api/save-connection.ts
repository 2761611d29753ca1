import type { EntitySummary, PathStep } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The spec's saved-connection payload (§3). */
export interface SaveConnectionPayload {
  fromEntityId: string;
  fromEntityName: string;
  fromEntityType: string;
  toEntityId: string;
  toEntityName: string;
  toEntityType: string;
  path: PathStep[];
  degrees: number;
}

/** Builds the payload from the two ends and the path shown. */
export function saveConnectionPayload(from: EntitySummary, to: EntitySummary, path: PathStep[], degrees: number): SaveConnectionPayload {
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
export function saveConnection(payload: SaveConnectionPayload): Promise<unknown> {
  return apiFetch<unknown>('/api/connections/save', { method: 'POST', body: payload });
}

export function useSaveConnection() {
  return useMutation({ mutationFn: saveConnection });
}
