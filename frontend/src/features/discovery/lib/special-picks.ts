import { plural } from '@cinema-dna/shared-types';
import type { MoodSelector, MovieCard } from '@cinema-dna/shared-types';

/** One item at random, or undefined from an empty list. `random` returns [0, 1) like Math.random. */
export function pickRandom<T>(items: readonly T[], random: () => number = Math.random): T | undefined {
  if (items.length === 0) return undefined;
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))];
}

/** A mood the client picked, with what it means and its films. */
export interface PickedMood {
  name: string;
  description: string;
  movies: MovieCard[];
}

/** Spec §7: the client picks a mood at random from the map; a mood without films is never picked. */
export function pickMood(selector: MoodSelector, random: () => number = Math.random): PickedMood | null {
  const name = pickRandom(
    Object.keys(selector.moods).filter((mood) => (selector.moods[mood]?.length ?? 0) > 0),
    random,
  );
  if (name === undefined) return null;
  return { name, description: selector.about[name]?.description ?? '', movies: selector.moods[name] ?? [] };
}

/** "Ada", "Ada and Grace", "Ada, Grace and 3 others". */
export function namesList(names: readonly string[], shown = 2): string {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length <= shown + 1) return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const rest = names.length - shown;
  return `${names.slice(0, shown).join(', ')} and ${plural(rest, 'other')}`;
}
