import { plural } from '@cinema-dna/shared-types';
import type { LeaderboardMetric } from '@cinema-dna/shared-types';
import { formatCount } from '../../../lib/number-format';

/** A board's score as its metric reads: points and connections as counts, efficiency (par ÷ degrees) as a percent. */
export function formatScore(score: number, metric: LeaderboardMetric): string {
  if (metric === 'efficiency') return `${Math.round(score * 100)}%`;
  return formatCount(Math.round(score));
}

/** Places moved today (since 00:00 UTC, or since joining the board today): "▲ 2", "▼ 1", or "–" when unchanged. */
export function formatChange(change: number): string {
  if (change > 0) return `▲ ${formatCount(change)}`;
  if (change < 0) return `▼ ${formatCount(-change)}`;
  return '–';
}

/** Words for screen readers, where the arrows say nothing. */
export function describeChange(change: number): string {
  if (change > 0) return `up ${plural(change, 'place')} today`;
  if (change < 0) return `down ${plural(-change, 'place')} today`;
  return 'no change today';
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A board's window key in words: 'all-time', '2026-11' (November 2026), '2026', '2026-W48' (Week 48, 2026). */
export function formatWindow(window: string): string {
  if (window === 'all-time') return 'All time';
  const month = /^(\d{4})-(\d{2})$/.exec(window);
  if (month) return monthFormat.format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)));
  const week = /^(\d{4})-W(\d{2})$/.exec(window);
  if (week) return `Week ${Number(week[2])}, ${week[1]}`;
  return window;
}
