import { LEADERBOARD_BOARDS, type LeaderboardBoard, type LeaderboardMetric, type LeaderboardPeriod } from '@cinema-dna/shared-types';
import { BOARD_KEY_PREFIX } from '../../platform/cache/types.js';

/** A time window of the ledger: rows with from <= created_at < to. */
export interface TimeRange {
  from: Date;
  to: Date;
}

/** The windows a board can cover besides all time: the ISO week, the month and the year (UTC). */
export interface LedgerWindows {
  week: TimeRange;
  month: TimeRange;
  year: TimeRange;
}

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the ISO week holding `at`. */
export function isoWeekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** `2026-W48`: the ISO week's year (the year of its Thursday) and number. */
export function isoWeekKey(at: Date): string {
  const thursday = new Date(isoWeekStart(at).getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export const monthKey = (at: Date) => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
export const yearKey = (at: Date) => String(at.getUTCFullYear());
/** The UTC day (YYYY-MM-DD): the daily rank snapshot's key. */
export const dayKey = (at: Date) => at.toISOString().slice(0, 10);

/** The week, month and year holding `at`. */
export function windowsAt(at: Date): LedgerWindows {
  const weekFrom = isoWeekStart(at);
  return {
    week: { from: weekFrom, to: new Date(weekFrom.getTime() + 7 * DAY_MS) },
    month: { from: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)), to: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)) },
    year: { from: new Date(Date.UTC(at.getUTCFullYear(), 0, 1)), to: new Date(Date.UTC(at.getUTCFullYear() + 1, 0, 1)) },
  };
}

/** What a board ranks: its metric and the window its scores cover. */
export interface BoardDefinition {
  board: LeaderboardBoard;
  metric: LeaderboardMetric;
  window: 'all-time' | 'year' | 'month' | 'week';
  /** Only challenge rewards count (Challenge Masters). */
  challengesOnly: boolean;
}

const PERIOD_WINDOW: Record<LeaderboardPeriod, BoardDefinition['window']> = { 'all-time': 'all-time', monthly: 'month', yearly: 'year' };

export function boardDefinition(board: LeaderboardBoard): BoardDefinition {
  if (board === 'weekly') return { board, metric: 'points', window: 'week', challengesOnly: false };
  if (board === 'challenges') return { board, metric: 'points', window: 'all-time', challengesOnly: true };
  const [, period, metric] = board.split(':') as ['global', LeaderboardPeriod, LeaderboardMetric];
  return { board, metric, window: PERIOD_WINDOW[period], challengesOnly: false };
}

export const BOARD_DEFINITIONS: readonly BoardDefinition[] = LEADERBOARD_BOARDS.map(boardDefinition);

/** The window's name in answers and keys: `all-time`, `2026-11`, `2026`, `2026-W48`. */
export function windowName(window: BoardDefinition['window'], at: Date): string {
  switch (window) {
    case 'all-time':
      return 'all-time';
    case 'year':
      return yearKey(at);
    case 'month':
      return monthKey(at);
    case 'week':
      return isoWeekKey(at);
  }
}

/**
 * The sorted set of a board for the window holding `at`: keys carry their window, so a new week,
 * month or year starts on a new, empty key while the old one keeps its final standings.
 */
export function boardKey(board: LeaderboardBoard, at: Date): string {
  return `${BOARD_KEY_PREFIX}${board}:${windowName(boardDefinition(board).window, at)}`;
}

/** The copy of a board as it stood when the UTC day `day` began (its first change that day). */
export const snapshotKey = (liveKey: string, day: string) => `${BOARD_KEY_PREFIX}day:${day}:${liveKey.slice(BOARD_KEY_PREFIX.length)}`;
/** The ranks at which players new to a board today joined it (member → rank): their baseline for `change`. */
export const joinedKey = (liveKey: string, day: string) => `${BOARD_KEY_PREFIX}joined:${day}:${liveKey.slice(BOARD_KEY_PREFIX.length)}`;
