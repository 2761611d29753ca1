import { HINT_COST_POINTS, plural, type AttemptStatus, type Relationship } from '@cinema-dna/shared-types';

/** What an attempt's score depends on; times in milliseconds by the server's clock. */
export interface ScoreInput {
  reward: number;
  par: number;
  degrees: number;
  timeMs: number;
  limitMs: number;
  hints: number;
  /** False for archive replays and challenges already rewarded: 0 points. */
  rewarded: boolean;
}

/**
 * points = max(0, round(reward × min(1, par ÷ degrees) × (1 − 0.5 × t ÷ limit)) − hints × HINT_COST_POINTS),
 * 0 when the attempt is not rewarded. At the time limit the time factor is 0.5.
 */
export function scoreAttempt(input: ScoreInput): number {
  if (!input.rewarded || input.degrees <= 0) return 0;
  const efficiency = Math.min(1, input.par / input.degrees);
  const share = input.limitMs > 0 ? Math.min(1, Math.max(0, input.timeMs / input.limitMs)) : 1;
  return Math.max(0, Math.round(input.reward * efficiency * (1 - 0.5 * share)) - input.hints * HINT_COST_POINTS);
}

/** m:ss of a duration. */
export function clockText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** One emoji per kind of link: a chain without names (no spoilers). */
const LINK_EMOJI: Partial<Record<Relationship, string>> = {
  acted_in: '🎭',
  directed: '🎬',
  wrote: '✍️',
  produced: '💼',
  composed: '🎵',
  crew: '🎥',
  part_of_collection: '📚',
  won: '🏆',
  nominated_for: '🏅',
};
export const emojiOf = (relationship: Relationship) => LINK_EMOJI[relationship] ?? '🔗';

export interface ShareInput {
  /** The daily's number; null for the others (named by title). */
  number: number | null;
  title: string;
  status: AttemptStatus;
  degrees: number | null;
  par: number;
  timeMs: number;
  links: Relationship[];
}

/** "Cinema DNA #142 · 4 links (par 4) · 1:23" and the emoji chain; no entity is named. */
export function shareText(input: ShareInput): string {
  const name = input.number !== null ? `Cinema DNA #${input.number}` : `Cinema DNA · ${input.title}`;
  if (input.status !== 'solved' || input.degrees === null) return `${name} · not solved (par ${input.par})`;
  const links = plural(input.degrees, 'link');
  return `${name} · ${links} (par ${input.par}) · ${clockText(input.timeMs)}\n${input.links.map(emojiOf).join('')}`;
}

/** Spec §8: the success message, or why the attempt ended. */
export function resultMessage(status: AttemptStatus, points: number, degrees: number | null): string {
  switch (status) {
    case 'solved':
      return `You earned ${points} points! Connection found in ${degrees} degrees.`;
    case 'timed_out':
      return 'Time is up. Better luck next time!';
    case 'out_of_moves':
      return 'Out of moves. Better luck next time!';
    default:
      return 'Better luck next time!';
  }
}
