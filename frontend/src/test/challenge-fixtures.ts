import type { AttemptResult, AttemptState, Challenge, ChallengeStats, DailyChallenge, RacePlayer, RaceState } from '@cinema-dna/shared-types';
import { apollo13, kevinBacon, tomHanks } from './fixtures';

/** Today's daily: Kevin Bacon to Tom Hanks, par 2. */
export function dailyChallenge(patch: Partial<DailyChallenge> = {}): DailyChallenge {
  return {
    id: 'daily-2026-11-27',
    number: 12,
    date: '2026-11-27',
    fromEntity: kevinBacon,
    toEntity: tomHanks,
    targetDegrees: 2,
    par: 2,
    optimalChains: 1,
    difficulty: 'easy',
    timeLimit: 5,
    moveLimit: 10,
    pointReward: 50,
    expiresAt: '2026-11-28T00:00:00.000Z',
    completedBy: 250,
    completedToday: false,
    pointsEarned: null,
    activeAttemptId: null,
    finished: null,
    ...patch,
  };
}

export function listChallenge(id: string, patch: Partial<Challenge> = {}): Challenge {
  return {
    id: `list-${id}`,
    kind: 'list',
    title: `Challenge ${id}`,
    description: 'Link the two.',
    type: 'speed',
    difficulty: 'medium',
    pointReward: 30,
    fromEntity: kevinBacon,
    toEntity: tomHanks,
    targetDegrees: 2,
    theme: null,
    timeLimit: 120,
    moveLimit: 10,
    participants: 14,
    completionRate: 57,
    bestTime: 21,
    bestDegrees: 2,
    userBestTime: null,
    userBestDegrees: null,
    isCompleted: false,
    activeAttemptId: null,
    finishedStatus: null,
    expiresAt: null,
    ...patch,
  };
}

export function challengeStats(patch: Partial<ChallengeStats> = {}): ChallengeStats {
  return { completed: 3, averageTime: 83, successRate: 75, rank: 4, successfulAttempts: 3, bestTime: 41, totalPointsEarned: 140, currentStreak: 2, longestStreak: 5, ...patch };
}

const actedIn = (character: string, direction: 'forward' | 'backward') => ({ type: 'acted_in' as const, direction, character, job: null, label: character });

export function attemptResult(patch: Partial<AttemptResult> = {}): AttemptResult {
  return {
    success: true,
    degrees: 2,
    par: 2,
    timeTaken: 83,
    moves: 2,
    hintsUsed: 0,
    points: 50,
    message: 'You earned 50 points! Connection found in 2 degrees.',
    noPointsReason: null,
    shareText: 'Cinema DNA #12 · 2 links (par 2) · 1:23\n🟨🟨',
    reveal: {
      par: 2,
      optimalChains: 1,
      chains: [
        {
          path: [
            { entity: kevinBacon, relationship: actedIn('Jack Swigert', 'forward') },
            { entity: apollo13, relationship: actedIn('Jim Lovell', 'backward') },
            { entity: tomHanks, relationship: null },
          ],
          foundByPercent: 100,
        },
      ],
    },
    ...patch,
  };
}

export function attemptState(patch: Partial<AttemptState> = {}): AttemptState {
  return {
    attemptId: 'att-1',
    challengeId: 'daily-2026-11-27',
    fromEntity: kevinBacon,
    toEntity: tomHanks,
    theme: null,
    par: 2,
    status: 'playing',
    chain: [{ entity: kevinBacon, via: null }],
    moves: 0,
    moveLimit: 10,
    hintsUsed: 0,
    hints: [],
    startedAt: new Date(Date.now() - 1000).toISOString(),
    endsAt: new Date(Date.now() + 300_000).toISOString(),
    serverNow: Date.now(),
    rewarded: true,
    result: null,
    version: 0,
    ...patch,
  };
}

export const solvedChain = () => [
  { entity: kevinBacon, via: null },
  { entity: apollo13, via: actedIn('Jack Swigert', 'forward') },
  { entity: tomHanks, via: actedIn('Jim Lovell', 'backward') },
];

export function racePlayer(userId: number, patch: Partial<RacePlayer> = {}): RacePlayer {
  return {
    userId,
    displayName: `Player ${userId}`,
    isHost: userId === 1,
    ready: false,
    connected: true,
    links: 0,
    moves: 0,
    status: null,
    rank: null,
    degrees: null,
    timeTaken: null,
    chain: null,
    ...patch,
  };
}

export function raceState(patch: Partial<RaceState> = {}): RaceState {
  return {
    code: 'ABC123',
    version: 1,
    status: 'lobby',
    round: 0,
    hostId: 1,
    players: [racePlayer(1), racePlayer(2)],
    spectators: 0,
    maxPlayers: 8,
    fromEntity: null,
    toEntity: null,
    par: null,
    timeLimit: 300,
    startsAt: null,
    endsAt: null,
    serverNow: Date.now(),
    reveal: null,
    ...patch,
  };
}
