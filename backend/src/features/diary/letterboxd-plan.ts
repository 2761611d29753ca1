/**
 * What one film's rows of a Letterboxd export become: pure, no database. The rule (also told to the
 * member in the import's result):
 *
 * - Each diary.csv row is one diary entry (known by its Letterboxd URI on a re-import).
 * - A reviews.csv row is the review of a viewing: it belongs to the diary entry of the same film and
 *   the same watched date (Letterboxd gives the review its own URI, different from the diary row's),
 *   and gives that entry its text as notes. It never makes a second entry. A review dated on a day
 *   the diary has no entry of that film for is logged as one entry of that film and day, which any
 *   other review of the same film and day joins: at most one entry per film and day comes from
 *   reviews. A review without a watched date belongs to no diary entry (Letterboxd keeps it off the
 *   diary too).
 * - The film's newest review with a rating is also its review on Cinema DNA (one per film, whole stars),
 *   dated with the review's own Date.
 * - ratings.csv and watched.csv rows are the film's watched mark (one per film, whatever the rows),
 *   never diary entries; watchlist.csv rows are its watchlist item, dated as in the file.
 */
import type { LetterboxdRow } from './letterboxd.js';

/** A diary entry the import would write. */
export interface PlannedEntry {
  watchedDate: string;
  rating: number | null;
  rewatch: boolean;
  /** The review's text, when a review belongs to this entry. */
  notes: string | null;
  /** `letterboxd:<URI>`: how a re-import finds it; null in the import format (film and day then). */
  externalKey: string | null;
  /** When it was logged on Letterboxd (the row's Date), else null. */
  loggedDate: string | null;
  /** Made from a review (no diary row of that film and day): the diary may already hold that day's entry. */
  fromReview: boolean;
}

/** What one row of the file goes to: the writes that, if any is new, make the row imported. */
export type RowTarget = { kind: 'entry'; index: number } | { kind: 'review' } | { kind: 'mark' } | { kind: 'listed' };

export interface FilmPlan {
  entries: PlannedEntry[];
  /** The film's review (the newest with a rating and text), its Date as written on Letterboxd. */
  review: { rating: number; content: string; date: string | null } | null;
  /** The watched mark from ratings.csv / watched.csv. */
  mark: { watchedDate: string | null; rating: number | null; fromRatings: boolean } | null;
  /** The watchlist item, with the date it was added on Letterboxd. */
  listed: { addedDate: string | null } | null;
  /** Per row of the input (same order): what it goes to; empty when it has nowhere to go (a review with neither a date nor a rating). */
  targets: RowTarget[][];
}

export const letterboxdKey = (uri: string) => `letterboxd:${uri}`;

/** The day a review was watched and, failing that, written: what orders a film's reviews. */
const reviewDay = (row: LetterboxdRow) => row.watchedDate ?? row.date ?? '';

export function planFilm(rows: readonly LetterboxdRow[]): FilmPlan {
  const entries: PlannedEntry[] = [];
  const targets: RowTarget[][] = rows.map(() => []);
  // Diary rows first, whatever order the files came in: reviews attach to them.
  const entryOfUri = new Map<string, number>();
  const entriesOfDay = new Map<string, number[]>();
  rows.forEach((row, position) => {
    if (row.file !== 'diary.csv' || !row.watchedDate) return;
    const index = entries.push({
      watchedDate: row.watchedDate,
      rating: row.rating,
      rewatch: row.rewatch,
      notes: row.review,
      externalKey: row.uri ? letterboxdKey(row.uri) : null,
      loggedDate: row.date,
      fromReview: false,
    }) - 1;
    if (row.uri) entryOfUri.set(row.uri, index);
    entriesOfDay.set(row.watchedDate, [...(entriesOfDay.get(row.watchedDate) ?? []), index]);
    targets[position]!.push({ kind: 'entry', index });
  });

  // Reviews in the order they were written, so that of two reviews of one entry the newer text wins.
  const reviewRows = rows
    .map((row, position) => ({ row, position }))
    .filter(({ row }) => row.file === 'reviews.csv')
    .toSorted((a, b) => (a.row.date ?? '').localeCompare(b.row.date ?? '') || a.position - b.position);
  const reviewed = new Set<number>();
  let review: FilmPlan['review'] = null;
  let reviewPosition = -1;
  let reviewOrder = '';
  for (const { row, position } of reviewRows) {
    let index = row.uri ? entryOfUri.get(row.uri) : undefined;
    if (index === undefined && row.watchedDate) {
      const sameDay = entriesOfDay.get(row.watchedDate);
      if (sameDay) index = sameDay.find((candidate) => !reviewed.has(candidate)) ?? sameDay.at(-1);
      else {
        index = entries.push({
          watchedDate: row.watchedDate,
          rating: row.rating,
          rewatch: row.rewatch,
          notes: null,
          externalKey: row.uri ? letterboxdKey(row.uri) : null,
          loggedDate: row.date,
          fromReview: true,
        }) - 1;
        entriesOfDay.set(row.watchedDate, [index]);
      }
    }
    if (index !== undefined) {
      reviewed.add(index);
      if (row.review) entries[index]!.notes = row.review;
      targets[position]!.push({ kind: 'entry', index });
    }
    if (row.review && row.rating !== null && reviewDay(row) >= reviewOrder) {
      review = { rating: row.rating, content: row.review, date: row.date ?? row.watchedDate };
      reviewPosition = position;
      reviewOrder = reviewDay(row);
    }
  }
  if (reviewPosition >= 0) targets[reviewPosition]!.push({ kind: 'review' });

  let mark: FilmPlan['mark'] = null;
  let listed: FilmPlan['listed'] = null;
  rows.forEach((row, position) => {
    if (row.file === 'ratings.csv' || row.file === 'watched.csv') {
      const fromRatings = row.file === 'ratings.csv';
      mark = {
        watchedDate: row.date ?? mark?.watchedDate ?? null,
        rating: fromRatings ? row.rating : (mark?.rating ?? null),
        fromRatings: fromRatings || Boolean(mark?.fromRatings),
      };
      targets[position]!.push({ kind: 'mark' });
    }
    if (row.file === 'watchlist.csv') {
      listed = { addedDate: row.date };
      targets[position]!.push({ kind: 'listed' });
    }
  });
  return { entries, review, mark, listed, targets };
}
