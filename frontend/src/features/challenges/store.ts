import type { ApiError, AttemptState, EntitySummary, RaceMoveOutcome, RaceProgressed, RaceState } from '@cinema-dna/shared-types';
import { proxy } from 'valtio';
import { ApiRequestError } from '../../lib/api-client';
import { getAttempt, giveUpAttempt, hintAttempt, moveAttempt, startAttempt, undoAttempt } from './api/attempts';
import { acceptRaceState, applyRaceProgress } from './lib/race-state';
import { bestOffset, clockSample, type ClockSample } from './lib/server-clock';

/** What the play screen is waiting for; one action at a time (the server refuses a stale version anyway). */
export type PlayPending = 'start' | 'move' | 'undo' | 'hint' | 'give-up' | 'sync' | null;

interface PlayState {
  challengeId: string | null;
  attempt: AttemptState | null;
  /** Server clock − local clock (ms), from the last answer. */
  offset: number;
  pending: PlayPending;
  /** The entity picked while its link is being checked. */
  pendingPick: EntitySummary | null;
  /** Why the last pick was refused (it cost a move); cleared by the next accepted action. */
  refusal: string | null;
  /** A failed call: the server's words. */
  error: string | null;
  /** The attempt could not be started at all (no such challenge, not active). */
  startError: { status: number; message: string } | null;
}

export type RaceErrorKind = 'not-found' | 'full' | 'started' | 'finished' | 'signed-out' | 'other';

interface RaceRoomState {
  code: string | null;
  state: RaceState | null;
  /** Local time the last state arrived: countdowns never read the clock as earlier than this. */
  receivedAt: number;
  /** This player's own chain, as the server answered it. */
  own: RaceMoveOutcome | null;
  offset: number | null;
  clockSamples: ClockSample[];
  /** How this client is in the room. */
  joinedAs: 'player' | 'spectator' | null;
  /** Joining failed: which of the spec's error states to show. */
  error: { kind: RaceErrorKind; message: string } | null;
  pending: 'join' | 'ready' | 'start' | 'move' | 'undo' | 'give-up' | 'rematch' | null;
  pendingPick: EntitySummary | null;
  refusal: string | null;
}

interface ChallengesState {
  play: PlayState;
  race: RaceRoomState;
}

const freshPlay = (): PlayState => ({ challengeId: null, attempt: null, offset: 0, pending: null, pendingPick: null, refusal: null, error: null, startError: null });
const freshRace = (): RaceRoomState => ({
  code: null,
  state: null,
  receivedAt: 0,
  own: null,
  offset: null,
  clockSamples: [],
  joinedAs: null,
  error: null,
  pending: null,
  pendingPick: null,
  refusal: null,
});

/** The challenge being played and the race room being shown. */
export const challengesState = proxy<ChallengesState>({ play: freshPlay(), race: freshRace() });

const messageOf = (error: unknown) =>
  error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : 'The server’s answer was not understood.';

// ---------------------------------------------------------------------------------------------
// Playing a challenge over HTTP.

/** Keeps an answer and the clock offset measured over its request. */
function receiveAttempt(attempt: AttemptState, sentAt: number): void {
  const { play } = challengesState;
  if (play.attempt && play.attempt.attemptId === attempt.attemptId && attempt.version < play.attempt.version) return;
  play.attempt = attempt;
  play.offset = clockSample(attempt.serverNow, Date.now(), sentAt).offset;
}

/** Runs one play call: marks it pending, keeps the answer, says what went wrong. */
async function runPlay<T>(pending: Exclude<PlayPending, null>, call: () => Promise<T>, apply: (answer: T, sentAt: number) => void): Promise<void> {
  const { play } = challengesState;
  play.pending = pending;
  play.error = null;
  const sentAt = Date.now();
  try {
    apply(await call(), sentAt);
  } catch (error) {
    // A stale or repeated action (another tab moved on), an attempt that has ended, or no hint left:
    // say why, and take the attempt as the server holds it now.
    if (error instanceof ApiRequestError && error.status === 409 && play.attempt) {
      await refreshAttempt();
      play.error = play.attempt.status === 'playing' ? messageOf(error) : null;
    } else {
      play.error = messageOf(error);
    }
  } finally {
    play.pending = null;
    play.pendingPick = null;
  }
}

/** Starts (or resumes) the user's attempt at a challenge. */
export async function startPlaying(challengeId: string): Promise<void> {
  const { play } = challengesState;
  if (play.challengeId !== challengeId) Object.assign(play, freshPlay(), { challengeId });
  play.pending = 'start';
  play.startError = null;
  const sentAt = Date.now();
  try {
    receiveAttempt(await startAttempt(challengeId), sentAt);
  } catch (error) {
    play.startError = { status: error instanceof ApiRequestError ? error.status : 0, message: messageOf(error) };
  } finally {
    play.pending = null;
  }
}

/** Reads the attempt afresh (the deadline passed, or a conflict). */
export async function refreshAttempt(): Promise<void> {
  const attempt = challengesState.play.attempt;
  if (!attempt) return;
  const sentAt = Date.now();
  try {
    receiveAttempt(await getAttempt(attempt.attemptId), sentAt);
  } catch (error) {
    challengesState.play.error = messageOf(error);
  }
}

/** Picks the next entity of the chain; the server checks the link at once. */
export async function pickNext(entity: EntitySummary): Promise<void> {
  const { play } = challengesState;
  const attempt = play.attempt;
  if (!attempt || play.pending || attempt.status !== 'playing') return;
  play.pendingPick = entity;
  await runPlay('move', () => moveAttempt(attempt.attemptId, entity.key, attempt.version), (outcome, sentAt) => {
    receiveAttempt(outcome.attempt, sentAt);
    play.refusal = outcome.accepted ? null : (outcome.reason ?? 'That pick is not linked.');
  });
}

export async function undoLast(): Promise<void> {
  const { play } = challengesState;
  const attempt = play.attempt;
  if (!attempt || play.pending || attempt.status !== 'playing') return;
  await runPlay('undo', () => undoAttempt(attempt.attemptId, attempt.version), (outcome, sentAt) => {
    receiveAttempt(outcome.attempt, sentAt);
    play.refusal = outcome.accepted ? null : outcome.reason;
  });
}

export async function takeHint(): Promise<void> {
  const { play } = challengesState;
  const attempt = play.attempt;
  if (!attempt || play.pending || attempt.status !== 'playing') return;
  await runPlay('hint', () => hintAttempt(attempt.attemptId, attempt.version), receiveAttempt);
}

export async function giveUp(): Promise<void> {
  const { play } = challengesState;
  const attempt = play.attempt;
  if (!attempt || play.pending || attempt.status !== 'playing') return;
  await runPlay('give-up', () => giveUpAttempt(attempt.attemptId, attempt.version), (answer, sentAt) => {
    receiveAttempt(answer, sentAt);
    play.refusal = null;
  });
}

export function resetPlay(): void {
  challengesState.play = freshPlay();
}

// ---------------------------------------------------------------------------------------------
// A race room (the socket calls live in hooks/use-race-room.ts; these keep what they answer).

export function enterRaceRoom(code: string): void {
  if (challengesState.race.code !== code) challengesState.race = { ...freshRace(), code };
}

export function receiveRaceState(state: RaceState): void {
  const { race } = challengesState;
  if (race.code !== state.code) return;
  const before = race.state;
  race.state = acceptRaceState(before, state);
  race.receivedAt = Date.now();
  // A new round (rematch) starts every chain afresh.
  if (before && race.state.round !== before.round) {
    race.own = null;
    race.refusal = null;
  }
}

export function receiveRaceProgress(progressed: RaceProgressed): void {
  const { race } = challengesState;
  race.state = applyRaceProgress(race.state, progressed);
}

export function receiveOwnChain(outcome: RaceMoveOutcome | null): void {
  challengesState.race.own = outcome;
  if (outcome) challengesState.race.refusal = outcome.accepted ? null : (outcome.reason ?? 'That pick is not linked.');
}

export function addRaceClockSample(sample: ClockSample): void {
  const { race } = challengesState;
  race.clockSamples = [...race.clockSamples, sample].slice(-5);
  race.offset = bestOffset(race.clockSamples);
}

export function setRaceJoined(as: 'player' | 'spectator' | null): void {
  challengesState.race.joinedAs = as;
  challengesState.race.error = null;
}

export function setRacePending(pending: RaceRoomState['pending'], pick: EntitySummary | null = null): void {
  challengesState.race.pending = pending;
  challengesState.race.pendingPick = pick;
}

/** The spec's error states for a room: a wrong code, a full room, a finished one. */
export function raceErrorKind(error: Pick<ApiError, 'code' | 'message'>): RaceErrorKind {
  const text = `${error.code} ${error.message}`.toLowerCase();
  if (error.code === 'NOT_FOUND' || text.includes('not found')) return 'not-found';
  if (text.includes('full')) return 'full';
  if (text.includes('already started')) return 'started';
  if (text.includes('finished') || text.includes('over') || text.includes('ended')) return 'finished';
  if (error.code === 'UNAUTHORIZED') return 'signed-out';
  return 'other';
}

export function setRaceError(error: Pick<ApiError, 'code' | 'message'> | null): void {
  challengesState.race.error = error ? { kind: raceErrorKind(error), message: error.message } : null;
}

export function setRaceRefusal(reason: string | null): void {
  challengesState.race.refusal = reason;
}

export function resetRace(): void {
  challengesState.race = freshRace();
}

/** Back to a fresh page load: no attempt being played, no race room (tests). */
export function resetChallenges(): void {
  resetPlay();
  resetRace();
}
