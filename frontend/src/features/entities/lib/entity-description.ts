import type { EntityType, PersonSubtype } from '@cinema-dna/shared-types';

/** Display names of the entity types, singular. */
export const ENTITY_TYPE_LABELS: Record<EntityType, string> = {
  person: 'Person',
  movie: 'Movie',
  genre: 'Genre',
  keyword: 'Keyword',
  company: 'Company',
  collection: 'Collection',
  award: 'Award',
  location: 'Location',
};

/** Plural display names, for filters and counts. */
export const ENTITY_TYPE_PLURALS: Record<EntityType, string> = {
  person: 'People',
  movie: 'Movies',
  genre: 'Genres',
  keyword: 'Keywords',
  company: 'Companies',
  collection: 'Collections',
  award: 'Awards',
  location: 'Locations',
};

const SUBTYPE_LABELS: Record<PersonSubtype, string> = {
  actor: 'Actor',
  director: 'Director',
  writer: 'Writer',
  producer: 'Producer',
  composer: 'Composer',
  crew: 'Crew',
};

export function subtypeLabel(subtype: PersonSubtype | null | undefined): string | null {
  return subtype ? SUBTYPE_LABELS[subtype] : null;
}

/**
 * What kind of entity it is, in one word, the one rule every card, chip and chain uses: a person by
 * their main role (the server derives it from their credits: Stan Lee is a "Writer"), "Person" only
 * when they have none; anything else by its type ("Movie", "Genre").
 */
export function entityKindLabel(entity: { type: EntityType; subtype?: PersonSubtype | null }): string {
  if (entity.type === 'person') return subtypeLabel(entity.subtype) ?? ENTITY_TYPE_LABELS.person;
  return ENTITY_TYPE_LABELS[entity.type];
}

interface Describable {
  type: EntityType;
  subtype?: PersonSubtype | null;
  year?: number | null;
  release_date?: string | null;
  country?: string | null;
}

/** The line under a name in lists: "Actor", "Movie · 1999", "Company · United States of America". */
export function describeEntity(entity: Describable): string {
  if (entity.type === 'person') return entityKindLabel(entity);
  const year = entity.year ?? yearOf(entity.release_date);
  if (entity.type === 'movie' || entity.type === 'collection') {
    return year ? `${ENTITY_TYPE_LABELS[entity.type]} · ${year}` : ENTITY_TYPE_LABELS[entity.type];
  }
  if (entity.type === 'company' && entity.country) return `Company · ${entity.country}`;
  return ENTITY_TYPE_LABELS[entity.type];
}

function yearOf(date: string | null | undefined): number | null {
  const match = date ? /^(\d{4})/.exec(date) : null;
  return match ? Number(match[1]) : null;
}

const ARTICLES = new Set(['the', 'a', 'an', 'le', 'la', 'les', 'el', 'los', 'las', 'il', 'der', 'die', 'das']);

/**
 * The monogram of a placeholder tile: a person's initials ("Tom Hanks" -> "TH"), otherwise the first
 * letter of the first word that is not an article ("The Matrix" -> "M", "2001: A Space Odyssey" -> "2").
 */
export function initialsOf(name: string, type: EntityType = 'person'): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (type !== 'person') {
    const word = words.find((w, i) => i === words.length - 1 || !ARTICLES.has(w.toLowerCase())) ?? words[0]!;
    return word[0]!.toUpperCase();
  }
  if (words.length === 1) return words[0]![0]!.toUpperCase();
  return (words[0]![0]! + words.at(-1)![0]!).toUpperCase();
}
