import { plural } from '@cinema-dna/shared-types';

/** 136 -> "2h 16m"; 45 -> "45m"; 120 -> "2h". */
export function formatRuntime(minutes: number | null | undefined): string | null {
  if (!minutes || minutes <= 0) return null;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** Rating out of 10 with one decimal, and the vote count when known: "8.2/10 · 24,112 votes". */
export function formatRating(average: number | null | undefined, votes: number | null | undefined): string | null {
  if (average === null || average === undefined) return null;
  const score = `${average.toFixed(1)}/10`;
  if (!votes) return score;
  return `${score} · ${plural(votes, 'vote')}`;
}

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "1956-07-09" -> "July 9, 1956"; a bare year stays a year; anything else is shown as given. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}$/.test(value)) return value;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : longDate.format(date);
}
