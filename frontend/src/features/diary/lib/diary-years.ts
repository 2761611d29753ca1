import type { DiaryEntry } from '@cinema-dna/shared-types';

/** One year of the diary: its entries newest first. */
export interface DiaryYear {
  year: string;
  entries: DiaryEntry[];
}

/** Newest watched date first, then the newest entry of a day first. */
export function compareEntriesNewestFirst(a: DiaryEntry, b: DiaryEntry): number {
  if (a.watchedDate !== b.watchedDate) return a.watchedDate < b.watchedDate ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return b.id - a.id;
}

/** Entries grouped by the year they were watched: newest year first, newest entry first within it (spec §2). */
export function groupEntriesByYear(entries: readonly DiaryEntry[]): DiaryYear[] {
  const years = new Map<string, DiaryEntry[]>();
  for (const entry of [...entries].sort(compareEntriesNewestFirst)) {
    const year = entry.watchedDate.slice(0, 4);
    const list = years.get(year);
    if (list) list.push(entry);
    else years.set(year, [entry]);
  }
  return [...years].map(([year, list]) => ({ year, entries: list })).sort((a, b) => (a.year < b.year ? 1 : a.year > b.year ? -1 : 0));
}

/** The year filter (spec §5): entries whose date starts with the typed text; blank keeps them all. */
export function filterEntriesByYear(entries: readonly DiaryEntry[], typed: string): DiaryEntry[] {
  const prefix = typed.trim();
  return prefix ? entries.filter((entry) => entry.watchedDate.startsWith(prefix)) : [...entries];
}
