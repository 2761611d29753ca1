import { RaceCreatedSchema, RaceStateSchema, type RaceCreated, type RaceState } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/challenges/races: a new room (signed in), its code and link. */
export async function createRace(): Promise<RaceCreated> {
  return RaceCreatedSchema.parse(await apiFetch<unknown>('/api/challenges/races', { method: 'POST', body: {} }));
}

export function useCreateRace() {
  return useMutation({ mutationFn: createRace });
}

/** GET /api/challenges/races/:code: the room as it is (404 'Race not found'). */
export async function getRace(code: string, signal?: AbortSignal): Promise<RaceState> {
  return RaceStateSchema.parse(await apiFetch<unknown>(`/api/challenges/races/${encodeURIComponent(code)}`, { signal }));
}
