import { statSync } from 'node:fs';
import { entityKey, parseEntityKey, type EntityKey, type PersonSubtype, type Relationship } from '@cinema-dna/shared-types';
import { ImportInputError, type ImportContext, type Importer } from '../importer.js';
import { slugify, type EntityDetails } from '../model.js';
import { downloadImdb } from './download.js';
import { DenseIdIndex, IdTable, withRoom } from './id-table.js';
import { findInput, readTsv, type TsvRow } from './tsv.js';

/**
 * `data:imdb`: IMDb's public TSV datasets. Memory stays bounded at full scale (12M titles, 98M
 * principals, 15M names) because the files are streamed and only numeric aggregates are kept, in
 * typed arrays (≈ 300 MB at full scale, movies only), in five passes:
 *
 * 1. title.ratings (optional) → votes and rating per tconst (compact typed arrays).
 * 2. title.basics → movie entities (titleType=movie unless includeAllTitleTypes) and their genre links;
 *    kept tconsts → dense index + popularity.
 * 3. name.basics, ids only → the people IMDb names (a dense nconst index, 4 bytes per nconst), so no
 *    link is written to a person who would have no entity (the published files have a few such
 *    principals), and each credit finds its person with one array read.
 * 4. title.principals → person→movie links and per-person credit counts and popularity. Rows are
 *    handled per title (IMDb sorts the file by tconst), which is where duplicate credits merge.
 *    (A title split across the file would still import, its credits merged per run of rows.)
 * 5. name.basics again → person entities for the people credited on kept titles.
 *
 * Ids: `movie:tt…`, `person:nm…`, `genre:<slug>` (IMDb's "Sci-Fi" becomes "Science Fiction" so it merges
 * with TMDB's genre).
 *
 * Popularity:
 * - title: its numVotes in title.ratings (0 when unrated); 1 for every title when the ratings file is
 *   absent, so credits still rank people.
 * - person: Σ over their kept titles of title popularity × the weight of their most important credit
 *   on it — on screen 1/(1 + rank among the title's on-screen principals by `ordering`), director 1,
 *   writer/producer/composer 0.5, other crew 0.1.
 * - genre: Σ popularity of its titles.
 */
export const IMDB_FILES = {
  basics: 'title.basics.tsv',
  principals: 'title.principals.tsv',
  names: 'name.basics.tsv',
  ratings: 'title.ratings.tsv',
} as const;

const BASICS_COLUMNS = ['tconst', 'titleType', 'primaryTitle', 'originalTitle', 'isAdult', 'startYear', 'endYear', 'runtimeMinutes', 'genres'];
const PRINCIPALS_COLUMNS = ['tconst', 'ordering', 'nconst', 'category', 'job', 'characters'];
const NAMES_COLUMNS = ['nconst', 'primaryName', 'birthYear', 'deathYear', 'primaryProfession', 'knownForTitles'];
const RATINGS_COLUMNS = ['tconst', 'averageRating', 'numVotes'];

export interface ImdbOptions {
  /** Folder with the `.tsv.gz` files (plain `.tsv` also read). */
  dir: string;
  /** Keep every titleType (series, episodes, shorts...) as movies; default: `movie` only. */
  includeAllTitleTypes?: boolean;
  /** Download the files into `dir` first (see downloadImdb). */
  download?: boolean;
  /** Download from here instead of https://datasets.imdbws.com/ (tests, mirrors). */
  downloadBaseUrl?: string;
}

export const importImdb: Importer<ImdbOptions> = async (options, context) => {
  if (options.download) {
    await downloadImdb(options.dir, { baseUrl: options.downloadBaseUrl, progress: context.progress, signal: context.signal });
  }
  const files = {
    basics: required(options.dir, IMDB_FILES.basics),
    principals: required(options.dir, IMDB_FILES.principals),
    names: required(options.dir, IMDB_FILES.names),
    ratings: findInput(options.dir, IMDB_FILES.ratings),
  };
  const read = (file: string, label: string, columns: string[], onRow: (row: TsvRow) => void | Promise<void>) => {
    context.progress.phase(label, statSync(file).size);
    return readTsv(file, columns, onRow, { signal: context.signal, onBytes: (bytes) => context.progress.update(bytes) });
  };

  const ratings = files.ratings ? await readRatings(files.ratings, read) : undefined;
  const titles = await readTitles(files.basics, options.includeAllTitleTypes ?? false, ratings, context, read);
  const people = new DenseIdIndex();
  await read(files.names, 'IMDb names (ids)', NAMES_COLUMNS, (row) => {
    const id = row.id(0, 'nm');
    if (id < 0) throw row.error(`nconst "${row.field(0)}" is not an IMDb name id`);
    if (!people.add(id)) throw row.error(`nconst "${row.field(0)}" is beyond the supported range (nm${DenseIdIndex.MAX_ID})`);
  });
  const credits = await readPrincipals(files.principals, titles, people, context, read);
  await writePeople(files.names, credits, context, read);
};

function required(dir: string, name: string): string {
  const file = findInput(dir, name);
  if (!file) throw new ImportInputError(`missing ${name}.gz (or ${name}) in ${dir}`);
  return file;
}

type Read = (file: string, label: string, columns: string[], onRow: (row: TsvRow) => void | Promise<void>) => Promise<number>;

// ---------------------------------------------------------------------------------------------------
// Ratings and titles

interface Ratings {
  index: IdTable;
  average: Float32Array;
  votes: Int32Array;
}

async function readRatings(file: string, read: Read): Promise<Ratings> {
  const ratings: Ratings = { index: new IdTable(1 << 16), average: new Float32Array(1 << 16), votes: new Int32Array(1 << 16) };
  await read(file, 'IMDb ratings', RATINGS_COLUMNS, (row) => {
    const id = row.id(0, 'tt');
    if (id < 0) throw row.error(`tconst "${row.field(0)}" is not an IMDb title id`);
    const average = row.decimal(1);
    const votes = row.integer(2);
    if (Number.isNaN(average) || Number.isNaN(votes)) throw row.error('averageRating and numVotes must be numbers');
    const i = ratings.index.intern(id);
    if (i === ratings.votes.length) {
      ratings.average = withRoom(ratings.average, i + 1);
      ratings.votes = withRoom(ratings.votes, i + 1);
    }
    ratings.average[i] = average;
    ratings.votes[i] = Math.min(votes, 0x7fffffff);
  });
  return ratings;
}

/** The kept titles: tconst → dense index, and each one's popularity. */
interface Titles {
  index: IdTable;
  popularity: Float64Array;
}

/** IMDb genre names that other sources (TMDB, the starter catalog) spell differently. */
const GENRE_NAMES = new Map([['Sci-Fi', 'Science Fiction']]);

async function readTitles(file: string, allTypes: boolean, ratings: Ratings | undefined, { writer }: ImportContext, read: Read): Promise<Titles> {
  const titles: Titles = { index: new IdTable(1 << 16), popularity: new Float64Array(1 << 16) };
  const genres = new Map<string, { key: EntityKey; name: string; popularity: number } | null>();
  const genreOf = (imdbName: string) => {
    let genre = genres.get(imdbName);
    if (genre === undefined) {
      const name = GENRE_NAMES.get(imdbName) ?? imdbName;
      const slug = slugify(name);
      // A name with nothing sluggable would make the key "genre:": leave such a genre out.
      genre = slug ? { key: `genre:${slug}`, name, popularity: 0 } : null;
      genres.set(imdbName, genre);
    }
    return genre;
  };

  const emit = async (row: TsvRow, index: number) => {
    const tconst = row.field(0);
    const details: EntityDetails = { imdb_id: tconst };
    const year = row.integer(5);
    if (year > 0) details.year = year;
    const runtime = row.integer(7);
    if (runtime > 0) details.runtime = runtime;
    let popularity = ratings ? 0 : 1;
    const rated = ratings ? ratings.index.get(row.id(0, 'tt')) : -1;
    if (rated >= 0) {
      details.vote_average = Math.round(ratings!.average[rated]! * 10) / 10;
      details.vote_count = popularity = ratings!.votes[rated]!;
    }
    titles.popularity[index] = popularity;
    const name = row.optional(2) ?? row.optional(3) ?? tconst;
    await writer.addEntity({ type: 'movie', id: tconst, name, popularity, details });
    if (row.isNull(8)) return;
    const list = row.field(8);
    const from = entityKey('movie', tconst);
    for (let start = 0; start < list.length; ) {
      let comma = list.indexOf(',', start);
      if (comma === -1) comma = list.length;
      const genre = comma > start ? genreOf(list.slice(start, comma)) : null;
      if (genre) {
        genre.popularity += popularity;
        await writer.addLink({ from, to: genre.key, relationship: 'has_genre' });
      }
      start = comma + 1;
    }
  };

  await read(file, 'IMDb titles', BASICS_COLUMNS, (row) => {
    if (!allTypes && !row.equals(1, 'movie')) return;
    const id = row.id(0, 'tt');
    if (id < 0) throw row.error(`tconst "${row.field(0)}" is not an IMDb title id`);
    const known = titles.index.size;
    const index = titles.index.intern(id);
    if (index < known) return; // a repeated row: the first one stands
    if (index === titles.popularity.length) titles.popularity = withRoom(titles.popularity, index + 1);
    return emit(row, index);
  });
  for (const genre of genres.values()) {
    if (genre) await writer.addEntity({ type: 'genre', id: parseEntityKey(genre.key)!.id, name: genre.name, popularity: genre.popularity });
  }
  return titles;
}

// ---------------------------------------------------------------------------------------------------
// Principals

/**
 * Credit kinds, as small integers so per-person counts fit a typed array. On screen as oneself (self,
 * archive footage) is kept apart from acting: a director interviewed in documentaries is no actor.
 */
const ACTOR = 0;
const DIRECTOR = 1;
const WRITER = 2;
const PRODUCER = 3;
const COMPOSER = 4;
const CREW = 5;
const SELF = 6;
const KINDS = 7;
const KIND_SUBTYPE: PersonSubtype[] = ['actor', 'director', 'writer', 'producer', 'composer', 'crew'];
const KIND_RELATIONSHIP: Relationship[] = ['acted_in', 'directed', 'wrote', 'produced', 'composed', 'crew', 'acted_in'];
/** Weight of a credit in a person's popularity; on-screen kinds use 1/(1 + rank) instead. */
const KIND_WEIGHT = [1, 1, 0.5, 0.5, 0.5, 0.1, 1];
const CATEGORY_KIND = new Map<string, number>([
  ['actor', ACTOR],
  ['actress', ACTOR],
  ['self', SELF],
  ['archive_footage', SELF],
  ['archive_sound', SELF],
  ['director', DIRECTOR],
  ['writer', WRITER],
  ['producer', PRODUCER],
  ['composer', COMPOSER],
]);
const onScreen = (kind: number) => kind === ACTOR || kind === SELF;

/**
 * Per-person aggregates, one 24-byte record per dense person index: popularity (float64) then the
 * titles per credit kind (7 × uint16). One record, not parallel arrays, so crediting a person costs
 * one cache miss, not two (at IMDb scale each credit lands on a random person).
 */
class PersonStats {
  /** Record size in float64s. */
  static readonly STRIDE = 3;
  /** The counts' offset within a record, in uint16s (right after the popularity). */
  static readonly COUNTS = 4;
  popularity = new Float64Array(PersonStats.STRIDE << 16);
  counts = new Uint16Array(this.popularity.buffer);

  /** Adds one title's worth of credit (each kind counted once per title). */
  credit(person: number, popularity: number, kindMask: number): void {
    const at = person * PersonStats.STRIDE;
    if (at >= this.popularity.length) {
      this.popularity = withRoom(this.popularity, at + PersonStats.STRIDE);
      this.counts = new Uint16Array(this.popularity.buffer);
    }
    this.popularity[at]! += popularity;
    const base = at * 4 + PersonStats.COUNTS;
    for (let kind = 0; kind < KINDS; kind++) {
      if (kindMask & (1 << kind) && this.counts[base + kind]! < 0xffff) this.counts[base + kind]! += 1;
    }
  }

  popularityOf(person: number): number {
    return this.popularity[person * PersonStats.STRIDE]!;
  }

  /** Where the person's counts start in `counts` (for subtypeOf). */
  countsAt(person: number): number {
    return person * PersonStats.STRIDE * 4 + PersonStats.COUNTS;
  }
}

interface Credits {
  people: DenseIdIndex;
  stats: PersonStats;
}

async function readPrincipals(file: string, titles: Titles, people: DenseIdIndex, { writer, logger }: ImportContext, read: Read): Promise<Credits> {
  const credits: Credits = { people, stats: new PersonStats() };
  const crewLabels = new Map<string, string>();
  let unnamed = 0;

  // The principals of the title being read, in reused parallel arrays (no object per row).
  let groupTitle = -1;
  let groupIndex = -1;
  let groupKey: EntityKey = 'movie:';
  let size = 0;
  const nconsts: string[] = [];
  const labels: Array<string | undefined> = [];
  let persons = new Int32Array(16);
  let kinds = new Uint8Array(16);
  let orderings = new Int32Array(16);
  let weights = new Float64Array(16);
  let billings = new Int32Array(16);
  let merged = new Uint8Array(16);

  const add = (row: TsvRow) => {
    const person = row.id(2, 'nm');
    if (person < 0) throw row.error(`nconst "${row.field(2)}" is not an IMDb name id`);
    const ordering = row.integer(1);
    if (Number.isNaN(ordering)) throw row.error(`ordering "${row.field(1)}" is not an integer`);
    if (!people.has(person)) {
      unnamed++;
      return;
    }
    const category = row.field(3);
    const kind = CATEGORY_KIND.get(category) ?? CREW;
    let label: string | undefined;
    if (onScreen(kind)) label = characters(row, 5);
    else if (!row.isNull(4)) label = row.field(4);
    else if (kind === CREW) {
      label = crewLabels.get(category);
      if (label === undefined) crewLabels.set(category, (label = category.replaceAll('_', ' ')));
    }
    if (size === persons.length) {
      persons = withRoom(persons, size + 1);
      kinds = withRoom(kinds, size + 1);
      orderings = withRoom(orderings, size + 1);
      weights = withRoom(weights, size + 1);
      billings = withRoom(billings, size + 1);
      merged = withRoom(merged, size + 1);
    }
    // Insert in billing order (the files do not keep principals sorted by ordering within a title).
    let at = size++;
    for (; at > 0 && orderings[at - 1]! > ordering; at--) {
      nconsts[at] = nconsts[at - 1]!;
      labels[at] = labels[at - 1];
      persons[at] = persons[at - 1]!;
      kinds[at] = kinds[at - 1]!;
      orderings[at] = orderings[at - 1]!;
    }
    nconsts[at] = row.field(2);
    labels[at] = label;
    persons[at] = person;
    kinds[at] = kind;
    orderings[at] = ordering;
  };

  /** Writes the group's links (one per person and relationship) and credits its people. */
  const flush = async () => {
    // Captured now: the reader moves on to the next title while this one's links are written.
    const n = size;
    const to = groupKey;
    const titlePopularity = titles.popularity[groupIndex]!;
    size = 0;
    let onScreenBefore = 0;
    // Billing of an on-screen credit: its rank among the title's on-screen principals (0-based).
    for (let i = 0; i < n; i++) {
      merged[i] = 0;
      billings[i] = onScreen(kinds[i]!) ? onScreenBefore++ : -1;
      weights[i] = billings[i]! >= 0 ? 1 / (1 + billings[i]!) : KIND_WEIGHT[kinds[i]!]!;
    }
    for (let i = 0; i < n; i++) {
      if (merged[i]) continue;
      const relationship = KIND_RELATIONSHIP[kinds[i]!]!;
      let label = labels[i];
      let firstOfPerson = true;
      for (let j = 0; j < i && firstOfPerson; j++) if (persons[j] === persons[i]) firstOfPerson = false;
      let weight = weights[i]!;
      const billing = billings[i]!;
      let kindMask = 1 << kinds[i]!;
      for (let j = i + 1; j < n; j++) {
        if (persons[j] !== persons[i]) continue;
        weight = Math.max(weight, weights[j]!);
        kindMask |= 1 << kinds[j]!;
        if (KIND_RELATIONSHIP[kinds[j]!] !== relationship) continue;
        merged[j] = 1;
        label = joinLabel(label, labels[j], relationship === 'acted_in' ? ' / ' : ', ');
      }
      if (firstOfPerson) credits.stats.credit(people.intern(persons[i]!), titlePopularity * weight, kindMask);
      const from = entityKey('person', nconsts[i]!);
      await writer.addLink({ from, to, relationship, ...(label ? { label } : {}), ...(billing >= 0 ? { billing } : {}) });
    }
  };

  await read(file, 'IMDb principals', PRINCIPALS_COLUMNS, (row) => {
    const title = row.id(0, 'tt');
    if (title < 0) throw row.error(`tconst "${row.field(0)}" is not an IMDb title id`);
    if (title === groupTitle) {
      if (groupIndex >= 0) add(row);
      return;
    }
    const pending = size > 0 ? flush() : undefined;
    groupTitle = title;
    groupIndex = titles.index.get(title);
    if (groupIndex < 0) return pending;
    groupKey = entityKey('movie', row.field(0));
    if (!pending) return add(row);
    // flush() still reads the group arrays while it writes: add the new title's row once it is done.
    return pending.then(() => add(row));
  });
  if (size > 0) await flush();
  if (unnamed > 0) logger.warn({ principals: unnamed }, `${unnamed} principals name people absent from name.basics: left out`);
  return credits;
}

function joinLabel(label: string | undefined, more: string | undefined, separator: string): string | undefined {
  if (!more || more === label) return label;
  if (!label) return more;
  return label.split(separator).includes(more) ? label : `${label}${separator}${more}`;
}

/** The characters field: a JSON list of names (`["Neo"]`, `["Mary","Jane"]`) → "Neo", "Mary / Jane". */
function characters(row: TsvRow, i: number): string | undefined {
  if (row.isNull(i)) return undefined;
  const text = row.field(i);
  // Most rows hold one plain name: take it without JSON.parse.
  const close = text.length - 2;
  if (close > 2 && text.startsWith('["') && text.endsWith('"]') && text.indexOf('"', 2) === close && text.indexOf('\\') === -1) {
    return text.slice(2, close);
  }
  let names: unknown;
  try {
    names = JSON.parse(text);
  } catch {
    throw row.error(`characters is not a JSON list: ${text}`);
  }
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) throw row.error(`characters is not a JSON list of names: ${text}`);
  return names.join(' / ') || undefined;
}

// ---------------------------------------------------------------------------------------------------
// People

/** TMDB's department names, so "known for" reads the same whatever the source. */
const SUBTYPE_DEPARTMENT: Record<PersonSubtype, string> = {
  actor: 'Acting',
  director: 'Directing',
  writer: 'Writing',
  producer: 'Production',
  composer: 'Sound',
  crew: 'Crew',
};
const PROFESSION_DEPARTMENT = new Map<string, string>([
  ['cinematographer', 'Camera'],
  ['camera_department', 'Camera'],
  ['editor', 'Editing'],
  ['editorial_department', 'Editing'],
  ['production_designer', 'Art'],
  ['art_director', 'Art'],
  ['art_department', 'Art'],
  ['set_decorator', 'Art'],
  ['costume_designer', 'Costume & Make-Up'],
  ['costume_department', 'Costume & Make-Up'],
  ['make_up_department', 'Costume & Make-Up'],
  ['sound_department', 'Sound'],
  ['music_department', 'Sound'],
  ['visual_effects', 'Visual Effects'],
  ['special_effects', 'Visual Effects'],
  ['casting_director', 'Production'],
  ['production_manager', 'Production'],
]);
const PROFESSION_KIND = new Map([
  ['actor', ACTOR],
  ['actress', ACTOR],
  ['director', DIRECTOR],
  ['writer', WRITER],
  ['producer', PRODUCER],
  ['composer', COMPOSER],
]);

/**
 * Subtype: the kind of credit the person has on the most kept titles (being on screen as oneself
 * only counts when there is nothing else). Ties go to whichever comes first in their
 * primaryProfession, then to actor, director, writer, producer, composer, crew.
 */
export function subtypeOf(counts: ArrayLike<number>, base: number, professions: string | undefined): PersonSubtype {
  let best = -1;
  let tied = false;
  for (let kind = ACTOR; kind <= CREW; kind++) {
    const count = counts[base + kind]!;
    if (count === 0) continue;
    if (best === -1 || count > counts[base + best]!) {
      best = kind;
      tied = false;
    } else if (count === counts[base + best]) tied = true;
  }
  if (best === -1) return 'actor';
  if (tied && professions) {
    for (let start = 0; start < professions.length; ) {
      let comma = professions.indexOf(',', start);
      if (comma === -1) comma = professions.length;
      const kind = PROFESSION_KIND.get(professions.slice(start, comma)) ?? CREW;
      if (counts[base + kind] === counts[base + best]) return KIND_SUBTYPE[kind]!;
      start = comma + 1;
    }
  }
  return KIND_SUBTYPE[best]!;
}

async function writePeople(file: string, credits: Credits, { writer }: ImportContext, read: Read): Promise<void> {
  const written = new Uint8Array(credits.people.size);
  await read(file, 'IMDb names', NAMES_COLUMNS, (row) => {
    const person = credits.people.get(row.id(0, 'nm'));
    if (person < 0 || written[person]) return;
    written[person] = 1;
    const professions = row.optional(4);
    const subtype = subtypeOf(credits.stats.counts, credits.stats.countsAt(person), professions);
    const nconst = row.field(0);
    const details: EntityDetails = { imdb_id: nconst, known_for_department: department(subtype, professions) };
    // IMDb publishes years only; ISO 8601 allows a year alone.
    const born = row.integer(2);
    if (born > 0) details.birthday = String(born);
    const died = row.integer(3);
    if (died > 0) details.deathday = String(died);
    return writer.addEntity({
      type: 'person',
      id: nconst,
      name: row.optional(1) ?? nconst,
      popularity: Math.round(credits.stats.popularityOf(person) * 1000) / 1000,
      subtype,
      details,
    });
  });
}

function department(subtype: PersonSubtype, professions: string | undefined): string {
  if (subtype !== 'crew' || !professions) return SUBTYPE_DEPARTMENT[subtype];
  for (const profession of professions.split(',')) {
    const known = PROFESSION_DEPARTMENT.get(profession);
    if (known) return known;
  }
  return 'Crew';
}
