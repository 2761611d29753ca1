import type { ImportCommit, ImportFilm, ImportPreview, ImportSummary } from '@cinema-dna/shared-types';
import { plural } from '../../../lib/number-format';

/** For each ambiguous or unmatched film (by key): the movie id chosen, or null to skip it. */
export type ImportChoices = Record<string, string | null>;

/** Films that need the user: ambiguous first, then unmatched, each in upload order. */
export function filmsToReview(preview: ImportPreview): { ambiguous: ImportFilm[]; unmatched: ImportFilm[] } {
  return {
    ambiguous: preview.films.filter((film) => film.status === 'ambiguous'),
    unmatched: preview.films.filter((film) => film.status === 'unmatched'),
  };
}

/** The starting choices: an ambiguous film takes its first (most likely) candidate, an unmatched one is skipped. */
export function initialImportChoices(preview: ImportPreview): ImportChoices {
  const choices: ImportChoices = {};
  for (const film of preview.films) {
    if (film.status === 'ambiguous') choices[film.key] = film.candidates[0]?.movieId ?? null;
    else if (film.status === 'unmatched') choices[film.key] = null;
  }
  return choices;
}

/** The commit body: a choice for every ambiguous and unmatched film, null where skipped. */
export function importCommitBody(preview: ImportPreview, choices: ImportChoices): ImportCommit {
  const body: Record<string, string | null> = {};
  for (const film of preview.films) {
    if (film.status === 'matched') continue;
    body[film.key] = choices[film.key] ?? null;
  }
  return { choices: body };
}

/** How many films the commit will bring in and how many it will skip. */
export function importPlan(preview: ImportPreview, choices: ImportChoices): { importing: number; skipping: number } {
  let importing = 0;
  for (const film of preview.films) {
    if (film.status === 'matched' || choices[film.key]) importing += 1;
  }
  return { importing, skipping: preview.films.length - importing };
}

/** "2 diary entries, 1 rating" from a film's rows per file. */
export function describeImportRows(rows: Record<string, number>): string {
  const nouns: Record<string, [string, string]> = {
    'diary.csv': ['diary entry', 'diary entries'],
    'ratings.csv': ['rating', 'ratings'],
    'watched.csv': ['watched mark', 'watched marks'],
    'watchlist.csv': ['watchlist entry', 'watchlist entries'],
    'reviews.csv': ['review', 'reviews'],
  };
  return Object.entries(rows)
    .filter(([, count]) => count > 0)
    .map(([file, count]) => {
      const [one, many] = nouns[file] ?? [file, file];
      return `${count} ${count === 1 ? one : many}`;
    })
    .join(', ');
}

/** "diary.csv: 34 rows — 31 matched, 1 ambiguous, 2 not in the catalog" (each row counted by its film's match), or null without diary rows. */
export function describeDiaryRows(preview: ImportPreview): string | null {
  const rows = { matched: 0, ambiguous: 0, unmatched: 0 };
  for (const film of preview.films) rows[film.status] += film.rows['diary.csv'] ?? 0;
  const total = rows.matched + rows.ambiguous + rows.unmatched;
  if (total === 0) return null;
  const parts = [`${rows.matched} matched`, rows.ambiguous > 0 && `${rows.ambiguous} ambiguous`, rows.unmatched > 0 && `${rows.unmatched} not in the catalog`].filter(Boolean);
  return `Diary: ${plural(total, 'row')} — ${parts.join(', ')}.`;
}

/** Why rows of the file added nothing, one line per reason, each only when it happened. */
export function describeSkippedRows(summary: ImportSummary): string[] {
  const { alreadyImported, notImported, nothingToImport } = summary.skippedRows;
  return [
    alreadyImported > 0 && `${plural(alreadyImported, 'row')} skipped: already imported before.`,
    notImported > 0 && `${plural(notImported, 'row')} skipped: of films not in the catalog or that you skipped.`,
    nothingToImport > 0 && `${plural(nothingToImport, 'review')} skipped: without a watched date or a rating, nothing to import.`,
  ].filter((line): line is string => typeof line === 'string');
}
