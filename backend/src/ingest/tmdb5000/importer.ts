import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CsvError, parse } from 'csv-parse';
import { entityKey, type EntityKey, type PersonSubtype, type Relationship } from '@cinema-dna/shared-types';
import { ImportInputError, type Importer } from '../importer.js';
import { linkTier, mainRole, MAIN_ROLE_WEIGHT } from '../../graph/tiers.js';
import { SUBTYPE_OF_RELATIONSHIP } from '../../graph/model.js';
import { crewRole, RELATIONSHIP_OF_ROLE } from '../tmdb/movie-graph.js';
import { slugify, type EntityDetails, type IngestEntity, type IngestLink } from '../model.js';
import { isGzip } from '../gzip.js';

/**
 * `data:tmdb5000`: the public "TMDB 5000 Movie Dataset" (tmdb_5000_movies.csv + tmdb_5000_credits.csv,
 * gzipped or plain). Both files are streamed through csv-parse; only small per-id aggregates stay in
 * memory (movie popularity for the credits pass, shared vocabularies, and one record per person, whose
 * subtype and popularity need all their credits).
 *
 * Ids: `movie:<tmdb id>`, `person:<tmdb person id>`, `genre:<slug of name>` (merges with other sources),
 * `keyword:<tmdb id>`, `company:<tmdb id>`, `location:<iso 3166-1 alpha-2, lowercase>`.
 *
 * Popularity:
 * - movie: the dataset's `popularity` column (TMDB's own measure).
 * - person: Σ over their films of movie popularity × the weight of their most important credit on that
 *   film — cast 1/(1 + billing order), Director 1, writing/producing/music 0.5, other crew 0.1 — so a lead
 *   in a hit outranks an uncredited extra in ten, and prolific people still rise.
 * - genre, keyword, company, location: Σ popularity of the movies linked to them.
 */
export const MOVIES_FILE = 'tmdb_5000_movies.csv';
export const CREDITS_FILE = 'tmdb_5000_credits.csv';

export interface Tmdb5000Options {
  /** Folder holding the two CSV files, each `.csv.gz` or `.csv`. */
  dir: string;
}

export const importTmdb5000: Importer<Tmdb5000Options> = async ({ dir }, { writer, progress, logger, signal }) => {
  const moviesFile = locate(dir, MOVIES_FILE);
  const creditsFile = locate(dir, CREDITS_FILE);
  const movies = new Map<number, number>();
  const hubs = new Map<EntityKey, IngestEntity>();

  progress.phase('TMDB 5000 movies', statSync(moviesFile).size);
  for await (const row of csvRows(moviesFile, MOVIE_COLUMNS, signal, (bytes) => progress.update(bytes))) {
    const movie = readMovie(row);
    if (movies.has(movie.tmdbId)) throw row.error(`movie id ${movie.tmdbId} appears twice`);
    movies.set(movie.tmdbId, movie.entity.popularity);
    await writer.addEntity(movie.entity);
    const from = entityKey('movie', movie.tmdbId);
    const seen = new Set<string>();
    for (const hub of movie.hubs) {
      const to = entityKey(hub.type, hub.id);
      if (seen.has(to)) continue;
      seen.add(to);
      const known = hubs.get(to);
      if (known) known.popularity += movie.entity.popularity;
      else hubs.set(to, { ...hub, popularity: movie.entity.popularity });
      await writer.addLink({ from, to, relationship: HUB_RELATIONSHIP[hub.type] });
    }
  }
  for (const hub of hubs.values()) await writer.addEntity({ ...hub, popularity: round(hub.popularity) });

  const people = new Map<number, PersonRecord>();
  const credited = new Set<number>();
  progress.phase('TMDB 5000 credits', statSync(creditsFile).size);
  for await (const row of csvRows(creditsFile, CREDIT_COLUMNS, signal, (bytes) => progress.update(bytes))) {
    const movieId = integer(row, 'movie_id');
    const moviePopularity = movies.get(movieId);
    if (moviePopularity === undefined) throw row.error(`movie_id ${movieId} is not in ${MOVIES_FILE}`);
    if (credited.has(movieId)) throw row.error(`movie_id ${movieId} appears twice`);
    credited.add(movieId);
    for (const link of creditsOf(row, movieId, moviePopularity, people)) await writer.addLink(link);
  }
  const uncredited = movies.size - credited.size;
  if (uncredited > 0) logger.warn({ movies: uncredited }, `${uncredited} movies have no row in ${CREDITS_FILE}`);

  for (const [id, person] of people) await writer.addEntity(personEntity(id, person));
};

// ---------------------------------------------------------------------------------------------------
// CSV rows

const MOVIE_COLUMNS = [
  'id',
  'title',
  'overview',
  'popularity',
  'release_date',
  'runtime',
  'vote_average',
  'vote_count',
  'original_language',
  'genres',
  'keywords',
  'production_companies',
  'production_countries',
] as const;
const CREDIT_COLUMNS = ['movie_id', 'cast', 'crew'] as const;

/** One CSV record with its columns by name, and where it came from for error messages. */
class CsvRow<Column extends string> {
  constructor(
    private readonly record: string[],
    private readonly index: Record<Column, number>,
    readonly file: string,
    readonly line: number,
  ) {}

  get(column: Column): string {
    return this.record[this.index[column]] ?? '';
  }

  error(reason: string): ImportInputError {
    return new ImportInputError(reason, this.file, this.line);
  }
}

/** `<name>.gz` when present (the published form), else the plain file. */
function locate(dir: string, name: string): string {
  for (const candidate of [path.join(dir, `${name}.gz`), path.join(dir, name)]) if (existsSync(candidate)) return candidate;
  throw new ImportInputError(`missing ${name}.gz (or ${name}) in ${dir}`);
}


/**
 * Streams a CSV file's records (a credits cell can hold hundreds of KB of JSON; the file is never held
 * whole). The header must name every column in `columns`; csv-parse reports the line of each record,
 * which here is also its line in the file (the datasets have no embedded newlines).
 */
async function* csvRows<Column extends string>(
  file: string,
  columns: readonly Column[],
  signal: AbortSignal | undefined,
  onBytes: (bytes: number) => void,
): AsyncGenerator<CsvRow<Column>> {
  const name = path.basename(file);
  const raw = createReadStream(file, { highWaterMark: 1 << 20 });
  const parser = parse({ bom: true, info: true, skip_empty_lines: true });
  const input: Readable = isGzip(file) ? raw.pipe(createGunzip()) : raw;
  // .pipe() does not forward errors: hand read and gunzip failures to the parser, whose iterator throws.
  raw.on('error', (error) => parser.destroy(error));
  if (input !== raw) input.on('error', (error) => parser.destroy(new ImportInputError(`not a valid gzip file (${error.message})`, name)));
  input.pipe(parser);
  let index: Record<Column, number> | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (signal?.aborted) throw signal.reason ?? new Error('import aborted');
      if (!index) {
        index = headerIndex(record, columns, name);
        continue;
      }
      onBytes(raw.bytesRead);
      yield new CsvRow(record, index, name, info.lines);
    }
  } catch (error) {
    if (error instanceof CsvError) throw new ImportInputError(error.message, name, typeof error.lines === 'number' ? error.lines : undefined);
    throw error;
  } finally {
    raw.destroy();
    input.destroy();
    parser.destroy();
  }
  if (!index) throw new ImportInputError('empty file (no header)', name, 1);
}

function headerIndex<Column extends string>(header: string[], columns: readonly Column[], file: string): Record<Column, number> {
  const index = {} as Record<Column, number>;
  for (const column of columns) {
    const at = header.indexOf(column);
    if (at === -1) throw new ImportInputError(`header has no "${column}" column (found: ${header.join(',')})`, file, 1);
    index[column] = at;
  }
  return index;
}

// ---------------------------------------------------------------------------------------------------
// Fields

function integer<Column extends string>(row: CsvRow<Column>, column: Column): number {
  const text = row.get(column);
  const value = Number(text);
  if (text === '' || !Number.isSafeInteger(value)) throw row.error(`column "${column}": "${text}" is not an integer`);
  return value;
}

/** A number, or undefined when the cell is empty (the dataset leaves a few runtimes blank). */
function optionalNumber<Column extends string>(row: CsvRow<Column>, column: Column): number | undefined {
  const text = row.get(column);
  if (text === '') return undefined;
  const value = Number(text);
  if (!Number.isFinite(value)) throw row.error(`column "${column}": "${text}" is not a number`);
  return value;
}

/** A JSON list cell; empty means an empty list. */
function jsonList<Column extends string>(row: CsvRow<Column>, column: Column): Array<Record<string, unknown>> {
  const text = row.get(column);
  if (text === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw row.error(`column "${column}": invalid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(value)) throw row.error(`column "${column}": expected a JSON list`);
  value.forEach((entry, i) => {
    if (typeof entry !== 'object' || entry === null) throw row.error(`column "${column}": entry ${i} is not an object`);
  });
  return value as Array<Record<string, unknown>>;
}

/** A field of a JSON list entry, checked: the message names the column, entry and field. */
function field<T extends 'string' | 'number'>(
  row: CsvRow<string>,
  column: string,
  entry: Record<string, unknown>,
  i: number,
  key: string,
  type: T,
): T extends 'string' ? string : number {
  const value = entry[key];
  if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
    throw row.error(`column "${column}": entry ${i} has no ${type} "${key}"`);
  }
  return value as T extends 'string' ? string : number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

// ---------------------------------------------------------------------------------------------------
// Movies

type Hub = Pick<IngestEntity, 'type' | 'id' | 'name'> & { type: 'genre' | 'keyword' | 'company' | 'location' };

const HUB_RELATIONSHIP: Record<Hub['type'], Relationship> = {
  genre: 'has_genre',
  keyword: 'has_keyword',
  company: 'produced_by',
  location: 'country',
};

function readMovie(row: CsvRow<(typeof MOVIE_COLUMNS)[number]>): { tmdbId: number; entity: IngestEntity; hubs: Hub[] } {
  const tmdbId = integer(row, 'id');
  const popularity = optionalNumber(row, 'popularity') ?? 0;
  const releaseDate = row.get('release_date');
  if (releaseDate !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(releaseDate)) throw row.error(`column "release_date": "${releaseDate}" is not a date`);
  const runtime = optionalNumber(row, 'runtime');
  const voteAverage = optionalNumber(row, 'vote_average');
  const voteCount = optionalNumber(row, 'vote_count');
  const language = row.get('original_language');
  const overview = row.get('overview');

  const hubs: Hub[] = [];
  const named = (column: 'genres' | 'keywords' | 'production_companies') =>
    jsonList(row, column).map((entry, i) => ({ id: field(row, column, entry, i, 'id', 'number'), name: field(row, column, entry, i, 'name', 'string') }));
  // An empty id would make a key like "genre:" that the graph refuses: such entries are left out.
  for (const genre of named('genres')) if (slugify(genre.name)) hubs.push({ type: 'genre', id: slugify(genre.name), name: genre.name });
  for (const keyword of named('keywords')) hubs.push({ type: 'keyword', id: String(keyword.id), name: keyword.name });
  for (const company of named('production_companies')) hubs.push({ type: 'company', id: String(company.id), name: company.name });
  const countries = jsonList(row, 'production_countries').map((entry, i) => ({
    iso: field(row, 'production_countries', entry, i, 'iso_3166_1', 'string'),
    name: field(row, 'production_countries', entry, i, 'name', 'string'),
  }));
  for (const country of countries) if (country.iso) hubs.push({ type: 'location', id: country.iso.toLowerCase(), name: country.name });

  const details: EntityDetails = { tmdb_id: tmdbId };
  if (overview) details.overview = overview;
  if (releaseDate) {
    details.release_date = releaseDate;
    details.year = Number(releaseDate.slice(0, 4));
  }
  if (runtime !== undefined && runtime > 0) details.runtime = Math.round(runtime);
  if (voteAverage !== undefined) details.vote_average = voteAverage;
  if (voteCount !== undefined) details.vote_count = voteCount;
  if (language) details.original_language = language;
  if (countries[0]) details.country = countries[0].name;
  return { tmdbId, entity: { type: 'movie', id: String(tmdbId), name: row.get('title'), popularity, details }, hubs };
}

// ---------------------------------------------------------------------------------------------------
// Credits and people

/** What we learn about a person across the credits file; one per distinct TMDB person id. */
interface PersonRecord {
  name: string;
  popularity: number;
  /** Films per role, each weighted by its link's tier (graph/tiers.ts): picks the main role. */
  roles: Partial<Record<PersonSubtype, number>>;
  /** Crew entries per TMDB department, for known_for_department when their main role is crew. */
  departments?: Map<string, number>;
}

// The same job → role rule as the TMDB API importer, so both TMDB sources describe a film alike.
const SUBTYPE_RELATIONSHIP = RELATIONSHIP_OF_ROLE;

/** TMDB's department of each main role. */
const ROLE_DEPARTMENT: Record<PersonSubtype, string> = { actor: 'Acting', director: 'Directing', writer: 'Writing', producer: 'Production', composer: 'Sound', crew: 'Crew' };

/** A credit's weight in a person's popularity (see the module comment). */
const CREW_WEIGHT: Record<Exclude<PersonSubtype, 'actor'>, number> = { director: 1, writer: 0.5, producer: 0.5, composer: 0.5, crew: 0.1 };

interface PendingLink {
  person: number;
  relationship: Relationship;
  labels: string[];
  /** Cast: the person's first position in the film's billing order. */
  billing?: number;
}

/**
 * The links of one credits row: one per (person, relationship), several characters or jobs of the
 * same person joined into its label, so the graph has no parallel duplicates; all entries are kept.
 * Updates each person's record on the way.
 */
function creditsOf(
  row: CsvRow<(typeof CREDIT_COLUMNS)[number]>,
  movieId: number,
  moviePopularity: number,
  people: Map<number, PersonRecord>,
): IngestLink[] {
  const pending = new Map<string, PendingLink>();
  const weights = new Map<number, number>();
  const credit = (person: number, name: string, role: PersonSubtype, label: string, weight: number, billing?: number): PersonRecord => {
    let record = people.get(person);
    if (!record) {
      record = { name, popularity: 0, roles: {} };
      people.set(person, record);
    }
    const relationship = role === 'actor' ? 'acted_in' : SUBTYPE_RELATIONSHIP[role];
    const key = `${person}|${relationship}`;
    const link = pending.get(key);
    if (!link) {
      pending.set(key, { person, relationship, labels: label ? [label] : [], ...(billing !== undefined ? { billing } : {}) });
    } else {
      if (label && !link.labels.includes(label)) link.labels.push(label);
      if (billing !== undefined && (link.billing === undefined || billing < link.billing)) link.billing = billing;
    }
    weights.set(person, Math.max(weights.get(person) ?? 0, weight));
    return record;
  };

  jsonList(row, 'cast').forEach((entry, i) => {
    const id = field(row, 'cast', entry, i, 'id', 'number');
    const order = field(row, 'cast', entry, i, 'order', 'number');
    const character = typeof entry.character === 'string' ? entry.character.trim() : '';
    credit(id, field(row, 'cast', entry, i, 'name', 'string'), 'actor', character, 1 / (1 + Math.max(0, order)), Math.max(0, order));
  });
  jsonList(row, 'crew').forEach((entry, i) => {
    const id = field(row, 'crew', entry, i, 'id', 'number');
    const job = field(row, 'crew', entry, i, 'job', 'string');
    const department = field(row, 'crew', entry, i, 'department', 'string');
    const role = crewRole(department, job);
    // The relationship already says "directed"/"composed"; writers, producers and crew keep their job.
    const label = role === 'director' || role === 'composer' ? '' : job;
    const record = credit(id, field(row, 'crew', entry, i, 'name', 'string'), role, label, CREW_WEIGHT[role]);
    record.departments ??= new Map();
    record.departments.set(department, (record.departments.get(department) ?? 0) + 1);
  });

  for (const [person, weight] of weights) people.get(person)!.popularity += moviePopularity * weight;
  for (const { person, relationship, labels, billing } of pending.values()) {
    const roles = people.get(person)!.roles;
    const role = SUBTYPE_OF_RELATIONSHIP[relationship]!;
    roles[role] = (roles[role] ?? 0) + MAIN_ROLE_WEIGHT[linkTier(relationship, labels.join(', '), billing)];
  }
  const to = entityKey('movie', movieId);
  return [...pending.values()].map(({ person, relationship, labels, billing }) => ({
    from: entityKey('person', person),
    to,
    relationship,
    ...(labels.length > 0 ? { label: labels.join(relationship === 'acted_in' ? ' / ' : ', ') } : {}),
    ...(billing !== undefined ? { billing } : {}),
  }));
}

/**
 * Subtype: their main role — the role of most films, each weighted by its link's tier, so a director
 * with a cameo is a director (the graph derives the same from the links). known_for_department is
 * TMDB's name for that role; for crew, their most frequent crew department.
 */
function personEntity(id: number, person: PersonRecord): IngestEntity {
  const subtype = mainRole(person.roles) ?? 'actor';
  let department = ROLE_DEPARTMENT[subtype];
  if (subtype === 'crew' && person.departments) {
    let most = 0;
    for (const [name, count] of person.departments) {
      if (count > most) [department, most] = [name, count];
    }
  }
  return {
    type: 'person',
    id: String(id),
    name: person.name,
    popularity: round(person.popularity),
    subtype,
    details: { tmdb_id: id, known_for_department: department },
  };
}
