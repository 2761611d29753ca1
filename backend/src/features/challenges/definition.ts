import type { ChallengeDifficulty, ChallengeKind, ChallengeTheme, ChallengeType } from '@cinema-dna/shared-types';

/** A challenge as generated from the graph (ends as node indices) and stored (ends as keys). */
export interface ChallengeDefinition {
  id: string;
  kind: ChallengeKind;
  /** The daily's UTC date; null for the others. */
  date: string | null;
  /** The daily's number (#1 = DAILY_EPOCH); null for the others. */
  number: number | null;
  title: string;
  description: string;
  type: ChallengeType;
  difficulty: ChallengeDifficulty;
  fromKey: string;
  toKey: string;
  theme: ChallengeTheme | null;
  /** The true shortest distance under the challenge's rules. */
  par: number;
  optimalChains: number;
  timeLimitSeconds: number;
  /** Every pick (accepted or refused) and every undo counts. */
  moveLimit: number;
  reward: number;
  /** The end of the daily's day or the weekly's week; null for list challenges. */
  expiresAt: Date | null;
}

export const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant, in UTC. */
export const utcDate = (at: number | Date): string => new Date(at).toISOString().slice(0, 10);

/** Midnight UTC of a YYYY-MM-DD date (epoch ms). */
export const dateStart = (date: string): number => Date.parse(`${date}T00:00:00.000Z`);

/** The ISO week of an instant: its id (`2026-W48`) and the Monday 00:00 UTC that starts it and the next one. */
export function isoWeek(at: number): { id: string; start: number; end: number } {
  const day = new Date(dateStart(utcDate(at)));
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0
  const start = day.getTime() - weekday * DAY_MS;
  const thursday = new Date(start + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstMonday = firstThursday.getTime() - ((firstThursday.getUTCDay() + 6) % 7) * DAY_MS;
  const week = 1 + Math.round((start - firstMonday) / (7 * DAY_MS));
  return { id: `${year}-W${String(week).padStart(2, '0')}`, start, end: start + 7 * DAY_MS };
}
