import { AttemptStateSchema, MoveOutcomeSchema, type AttemptState, type MoveOutcome } from '@cinema-dna/shared-types';
import { apiFetch } from '../../../lib/api-client';

// The play calls. Each answers the attempt as the server holds it (with the server's clock); the store
// (../store.ts) runs them one at a time and keeps the answer, so they have no hooks of their own.

const attemptPath = (attemptId: string) => `/api/challenges/attempts/${encodeURIComponent(attemptId)}`;

/** POST /api/challenges/:id/attempts: starts the caller's attempt, or resumes the open one. */
export async function startAttempt(challengeId: string): Promise<AttemptState> {
  return AttemptStateSchema.parse(await apiFetch<unknown>(`/api/challenges/${encodeURIComponent(challengeId)}/attempts`, { method: 'POST', body: {} }));
}

/** GET /api/challenges/attempts/:attemptId: the caller's attempt now (after a conflict or the deadline). */
export async function getAttempt(attemptId: string): Promise<AttemptState> {
  return AttemptStateSchema.parse(await apiFetch<unknown>(attemptPath(attemptId)));
}

/** POST …/moves: the next entity of the chain; accepted, or refused with the reason (it cost a move). */
export async function moveAttempt(attemptId: string, entity: string, version: number): Promise<MoveOutcome> {
  return MoveOutcomeSchema.parse(await apiFetch<unknown>(`${attemptPath(attemptId)}/moves`, { method: 'POST', body: { entity, version } }));
}

/** POST …/undo: removes the last link (costs a move). */
export async function undoAttempt(attemptId: string, version: number): Promise<MoveOutcome> {
  return MoveOutcomeSchema.parse(await apiFetch<unknown>(`${attemptPath(attemptId)}/undo`, { method: 'POST', body: { version } }));
}

/** POST …/hint: reveals a popular neighbour on an optimal chain (costs HINT_COST_POINTS). */
export async function hintAttempt(attemptId: string, version: number): Promise<AttemptState> {
  return AttemptStateSchema.parse(await apiFetch<unknown>(`${attemptPath(attemptId)}/hint`, { method: 'POST', body: { version } }));
}

/** POST …/give-up: ends the attempt (no points) and answers it with the reveal. */
export async function giveUpAttempt(attemptId: string, version: number): Promise<AttemptState> {
  return AttemptStateSchema.parse(await apiFetch<unknown>(`${attemptPath(attemptId)}/give-up`, { method: 'POST', body: { version } }));
}
