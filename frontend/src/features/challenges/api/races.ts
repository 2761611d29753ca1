import { RaceCreatedSchema, RaceStateSchema, type RaceCreated, type RaceState } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** POST /api/challenges/races: a new room (signed in), its code and link. */
export async function createRace(): Promise<RaceCreated> {
  return RaceCreatedSchema.parse(await api.post('/api/challenges/races'));
}

export function useCreateRace() {
  return useMutation({ mutationFn: createRace });
}

/** GET /api/challenges/races/:code: the room as it is (404 'Race not found'). */
export async function getRace(code: string, signal?: AbortSignal): Promise<RaceState> {
  return RaceStateSchema.parse(await api.get('/api/challenges/races/:code', { params: { code }, signal }));
}
