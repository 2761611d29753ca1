import { AttemptStateSchema, MoveOutcomeSchema, type AttemptState, type MoveOutcome } from '@cinema-dna/shared-types';
import { api } from '../../../lib/api-client-typed';

// The play calls. Each answers the attempt as the server holds it (with the server's clock); the store
// (../store.ts) runs them one at a time and keeps the answer, so they have no hooks of their own.

/** POST /api/challenges/:id/attempts: starts the caller's attempt, or resumes the open one. */
export async function startAttempt(challengeId: string): Promise<AttemptState> {
  return AttemptStateSchema.parse(await api.post('/api/challenges/:id/attempts', { params: { id: challengeId }, body: {} }));
}

/** GET /api/challenges/attempts/:attemptId: the caller's attempt now (after a conflict or the deadline). */
export async function getAttempt(attemptId: string): Promise<AttemptState> {
  return AttemptStateSchema.parse(await api.get('/api/challenges/attempts/:attemptId', { params: { attemptId } }));
}

/** POST …/moves: the next entity of the chain; accepted, or refused with the reason (it cost a move). */
export async function moveAttempt(attemptId: string, entity: string, version: number): Promise<MoveOutcome> {
  return MoveOutcomeSchema.parse(await api.post('/api/challenges/attempts/:attemptId/moves', { params: { attemptId }, body: { entity, version } }));
}

/** POST …/undo: removes the last link (costs a move). */
export async function undoAttempt(attemptId: string, version: number): Promise<MoveOutcome> {
  return MoveOutcomeSchema.parse(await api.post('/api/challenges/attempts/:attemptId/undo', { params: { attemptId }, body: { version } }));
}

/** POST …/hint: reveals a popular neighbour on an optimal chain (costs HINT_COST_POINTS). */
export async function hintAttempt(attemptId: string, version: number): Promise<AttemptState> {
  return AttemptStateSchema.parse(await api.post('/api/challenges/attempts/:attemptId/hint', { params: { attemptId }, body: { version } }));
}

/** POST …/give-up: ends the attempt (no points) and answers it with the reveal. */
export async function giveUpAttempt(attemptId: string, version: number): Promise<AttemptState> {
  return AttemptStateSchema.parse(await api.post('/api/challenges/attempts/:attemptId/give-up', { params: { attemptId }, body: { version } }));
}
