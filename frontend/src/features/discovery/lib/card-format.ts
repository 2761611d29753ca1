import type { MovieCard } from '@cinema-dna/shared-types';

/** The card's year: the contract's `year`, else the release date's. */
export function movieYear(movie: Pick<MovieCard, 'year' | 'releaseDate'>): number | null {
  if (movie.year !== null) return movie.year;
  const year = Number(movie.releaseDate?.slice(0, 4));
  return Number.isInteger(year) && year > 0 ? year : null;
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Dec 15, 2017" for a YYYY-MM-DD release date (Coming Soon shows the day); null otherwise. */
export function releaseDay(releaseDate: string | null): string | null {
  if (!releaseDate || !/^\d{4}-\d{2}-\d{2}$/.test(releaseDate)) return null;
  return shortDate.format(new Date(`${releaseDate}T00:00:00Z`));
}

/** A 0–10 mean rating with one decimal ("7.8"), or null without one. */
export const ratingText = (voteAverage: number | null) => (voteAverage === null ? null : voteAverage.toFixed(1));

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** When trending was computed: "3:05 PM" today, "Dec 3, 3:05 PM" on another day; null without a time. */
export function updatedAtText(iso: string | null, now: Date = new Date()): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return at.toDateString() === now.toDateString() ? clock.format(at) : dayAndClock.format(at);
}
