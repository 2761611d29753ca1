import type { ImportCommit, ImportFilm, ImportPreview } from '@cinema-dna/shared-types';

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
