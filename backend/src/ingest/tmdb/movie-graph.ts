import { entityKey, type EntityKey, type PersonSubtype, type Relationship } from '@cinema-dna/shared-types';
import { slugify, type EntityDetails, type IngestEntity, type IngestLink } from '../model.js';
import type { TmdbCastCredit, TmdbCrewCredit, TmdbMovieDetails, TmdbPersonDetails } from './schemas.js';

/**
 * TMDB API bodies → the ingest model, following the TMDB 5000 importer's rules (tmdb5000/importer.ts)
 * so that the two sources describe a shared movie or person the same way and merge:
 * - ids `movie:<tmdb id>`, `person:<tmdb id>`, `genre:<slug of name>`, `keyword:<tmdb id>`,
 *   `company:<tmdb id>`, `location:<ISO 3166-1, lowercase>`; plus `collection:<tmdb id>`, which the
 *   CSV does not have;
 * - one link per person, relationship and film, several characters (" / ") or jobs (", ") in its label;
 *   writers, producers and crew keep their job, directors and composers need none;
 * - popularity: movies TMDB's own; a person Σ movie popularity × the weight of their most important
 *   credit on it (cast 1/(1 + billing order), director 1, writer/producer/composer 0.5, crew 0.1);
 *   genres, keywords, companies, collections and countries Σ popularity of their movies.
 */

export type CrewRole = Exclude<PersonSubtype, 'actor'>;

/** Tie order when a person has as many films in two crew roles. */
const CREW_ROLES: readonly CrewRole[] = ['director', 'writer', 'producer', 'composer', 'crew'];
export const RELATIONSHIP_OF_ROLE: Record<PersonSubtype, Relationship> = {
  actor: 'acted_in',
  director: 'directed',
  writer: 'wrote',
  producer: 'produced',
  composer: 'composed',
  crew: 'crew',
};
const CREW_WEIGHT: Record<CrewRole, number> = { director: 1, writer: 0.5, producer: 0.5, composer: 0.5, crew: 0.1 };
const COMPOSER_JOBS = new Set(['Original Music Composer', 'Music', 'Composer']);

/**
 * A crew credit's role: the job "Director" (not "Assistant Director"); the Writing department except
 * storyboard artists, who draw; the Production department's producer titles; the composer jobs;
 * everything else is crew.
 */
export function crewRole(department: string | null | undefined, job: string): CrewRole {
  if (job === 'Director') return 'director';
  if (department === 'Writing' && job !== 'Storyboard') return 'writer';
  if (department === 'Production' && job.endsWith('Producer')) return 'producer';
  if (COMPOSER_JOBS.has(job)) return 'composer';
  return 'crew';
}

/** Films per role, counted once per film and role. */
export type RoleCounts = Partial<Record<PersonSubtype, number>>;

/** Actor when they have any cast credit (what the public knows them for), else their most frequent crew role. */
export function pickSubtype(counts: RoleCounts): PersonSubtype | undefined {
  if ((counts.actor ?? 0) > 0) return 'actor';
  let best: CrewRole | undefined;
  for (const role of CREW_ROLES) if ((counts[role] ?? 0) > (best ? counts[best]! : 0)) best = role;
  return best;
}

/** One person's credits on one film. */
export interface MovieCredit {
  person: TmdbCastCredit | TmdbCrewCredit;
  roles: PersonSubtype[];
  /** Their most important credit's weight on this film. */
  weight: number;
}

/** What one movie body contributes. */
export interface MovieGraph {
  movie: IngestEntity;
  /** Genres, keywords, companies, the collection and countries, once each, popularity 0 (the importer sums). */
  related: IngestEntity[];
  /** Movie → genre/keyword/company/collection/location, and person → movie for every credit. */
  links: IngestLink[];
  credits: MovieCredit[];
}

export function movieToGraph(movie: TmdbMovieDetails): MovieGraph {
  const key = entityKey('movie', movie.id);
  const related = new Map<EntityKey, IngestEntity>();
  const links: IngestLink[] = [];
  const relate = (entity: IngestEntity, relationship: Relationship) => {
    const to = entityKey(entity.type, entity.id);
    if (related.has(to)) return;
    related.set(to, entity);
    links.push({ from: key, to, relationship });
  };

  for (const genre of movie.genres ?? []) relate({ type: 'genre', id: slugify(genre.name), name: genre.name, popularity: 0 }, 'has_genre');
  for (const keyword of movie.keywords?.keywords ?? []) relate({ type: 'keyword', id: String(keyword.id), name: keyword.name, popularity: 0 }, 'has_keyword');
  for (const company of movie.production_companies ?? []) {
    const details = presentFields({ logo_path: company.logo_path, country: company.origin_country, tmdb_id: company.id });
    relate({ type: 'company', id: String(company.id), name: company.name, popularity: 0, details }, 'produced_by');
  }
  const collection = movie.belongs_to_collection;
  if (collection) {
    const details = presentFields({ poster_path: collection.poster_path, tmdb_id: collection.id });
    relate({ type: 'collection', id: String(collection.id), name: collection.name, popularity: 0, details }, 'part_of_collection');
  }
  for (const country of movie.production_countries ?? []) {
    relate({ type: 'location', id: country.iso_3166_1.toLowerCase(), name: country.name, popularity: 0 }, 'country');
  }

  const pending = new Map<string, { person: number; relationship: Relationship; labels: string[]; billing?: number }>();
  const credits = new Map<number, MovieCredit>();
  const credit = (person: TmdbCastCredit | TmdbCrewCredit, role: PersonSubtype, label: string, weight: number, billing?: number) => {
    const relationship = RELATIONSHIP_OF_ROLE[role];
    const id = `${person.id}|${relationship}`;
    const link = pending.get(id);
    if (!link) pending.set(id, { person: person.id, relationship, labels: label ? [label] : [], ...(billing !== undefined ? { billing } : {}) });
    else {
      if (label && !link.labels.includes(label)) link.labels.push(label);
      if (billing !== undefined && (link.billing === undefined || billing < link.billing)) link.billing = billing;
    }
    const known = credits.get(person.id);
    if (!known) credits.set(person.id, { person, roles: [role], weight });
    else {
      if (!known.roles.includes(role)) known.roles.push(role);
      known.weight = Math.max(known.weight, weight);
    }
  };
  // Billing: TMDB's `order`, or the position in the list when a body has none.
  (movie.credits?.cast ?? []).forEach((person, i) => {
    const billing = Math.max(0, person.order ?? i);
    credit(person, 'actor', person.character?.trim() ?? '', 1 / (1 + billing), billing);
  });
  for (const person of movie.credits?.crew ?? []) {
    const role = crewRole(person.department, person.job);
    credit(person, role, role === 'director' || role === 'composer' ? '' : person.job, CREW_WEIGHT[role]);
  }
  for (const { person, relationship, labels, billing } of pending.values()) {
    links.push({
      from: entityKey('person', person),
      to: key,
      relationship,
      ...(labels.length > 0 ? { label: labels.join(relationship === 'acted_in' ? ' / ' : ', ') } : {}),
      ...(billing !== undefined ? { billing } : {}),
    });
  }

  return { movie: { type: 'movie', id: String(movie.id), name: movie.title, popularity: movie.popularity ?? 0, details: movieDetails(movie) }, related: [...related.values()], links, credits: [...credits.values()] };
}

/** What a movie's detail view shows. */
export function movieDetails(movie: TmdbMovieDetails): EntityDetails {
  const year = /^(\d{4})-/.exec(movie.release_date ?? '')?.[1];
  return presentFields({
    tmdb_id: movie.id,
    overview: movie.overview,
    release_date: movie.release_date,
    year: year ? Number(year) : undefined,
    runtime: movie.runtime ? Math.round(movie.runtime) : undefined,
    vote_average: movie.vote_average,
    vote_count: movie.vote_count,
    original_language: movie.original_language,
    country: movie.production_countries?.[0]?.name,
    poster_path: movie.poster_path,
    imdb_id: movie.imdb_id,
  });
}

/** What a person's detail view shows, from `/person/{id}` or, lacking it, from a credit. */
export function personDetails(person: TmdbPersonDetails | TmdbCastCredit | TmdbCrewCredit): EntityDetails {
  const full = person as Partial<TmdbPersonDetails>;
  return presentFields({
    tmdb_id: person.id,
    known_for_department: person.known_for_department,
    profile_path: person.profile_path,
    biography: full.biography,
    birthday: full.birthday,
    deathday: full.deathday,
    place_of_birth: full.place_of_birth,
    imdb_id: full.imdb_id,
  });
}

/** TMDB's null and "" both mean "unknown": neither is worth storing. */
export function presentFields(fields: { [K in keyof EntityDetails]?: EntityDetails[K] | null }): EntityDetails {
  const details: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(fields)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value !== null && value !== undefined && value !== '') details[name] = value;
  }
  return details as EntityDetails;
}

/** Popularity sums are rounded as the TMDB 5000 importer rounds them. */
export const roundPopularity = (value: number) => Math.round(value * 1000) / 1000;
