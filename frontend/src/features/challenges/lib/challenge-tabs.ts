import { FEATURED_CHALLENGES, type AttemptStatus, type Challenge, type ChallengeDifficulty, type ChallengeType } from '@cinema-dna/shared-types';

/** All Challenges' sub-tabs (spec §2), in order. */
export const CHALLENGE_LIST_TABS = ['featured', 'speed', 'puzzle', 'weekly'] as const;
export type ChallengeListTab = (typeof CHALLENGE_LIST_TABS)[number];

export const CHALLENGE_LIST_TAB_LABELS: Record<ChallengeListTab, string> = {
  featured: 'Featured',
  speed: 'Speed',
  puzzle: 'Puzzle',
  weekly: 'Weekly',
};

/** What each sub-tab holds, said under the tabs and in its empty state. */
export const CHALLENGE_LIST_TAB_NOTES: Record<ChallengeListTab, string> = {
  featured: 'A hand of challenges to start with.',
  speed: 'Against the clock: the time limit is short and the fastest solve wins.',
  puzzle: 'Think before you link: fewest degrees, themed rules and riddles.',
  weekly: 'A new challenge every ISO week, open until Sunday night (UTC).',
};

/** Puzzle gathers the challenges that reward thinking over speed. */
const PUZZLE_TYPES: ReadonlySet<ChallengeType> = new Set(['puzzle', 'efficiency', 'themed']);

/**
 * The cards a sub-tab shows: Featured is the list's first 6 (spec §9), Speed and Puzzle filter the
 * list by type, Weekly is this week's challenge (from GET /api/challenges/weekly, else the list's weekly ones).
 */
export function challengesForTab(tab: ChallengeListTab, list: readonly Challenge[], weekly: Challenge | null): Challenge[] {
  switch (tab) {
    case 'featured':
      return list.slice(0, FEATURED_CHALLENGES);
    case 'speed':
      return list.filter((challenge) => challenge.type === 'speed');
    case 'puzzle':
      return list.filter((challenge) => PUZZLE_TYPES.has(challenge.type));
    case 'weekly':
      return weekly ? [weekly] : list.filter((challenge) => challenge.kind === 'weekly');
  }
}

/**
 * Spec §4: 'Solving' while an attempt runs, otherwise 'Start Challenge'. A challenge pays once and never
 * after its answer was shown, so once finished (solved, gave up, timed out, out of moves) it is not played
 * again: 'See Result' opens the finished attempt, its share text and the reveal.
 */
export function challengeActionLabel(challenge: Pick<Challenge, 'finishedStatus' | 'activeAttemptId'>): 'Solving' | 'See Result' | 'Start Challenge' {
  if (challenge.activeAttemptId) return 'Solving';
  return challenge.finishedStatus ? 'See Result' : 'Start Challenge';
}

/** How a finished challenge ended for the player, as its card says it. */
export const FINISHED_LABELS: Record<AttemptStatus, string> = {
  playing: 'Solving',
  solved: 'Completed',
  gave_up: 'Gave up',
  timed_out: 'Time ran out',
  out_of_moves: 'Out of moves',
};

export const CHALLENGE_TYPE_LABELS: Record<ChallengeType, string> = {
  speed: 'Speed',
  efficiency: 'Efficiency',
  puzzle: 'Puzzle',
  themed: 'Themed',
  other: 'Challenge',
};

export const DIFFICULTY_LABELS: Record<ChallengeDifficulty, string> = {
  easy: 'Easy',
  medium: 'Medium',
  hard: 'Hard',
  expert: 'Expert',
};
