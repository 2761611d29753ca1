import { entityKey, parseEntityKey, type EntityKey } from '@cinema-dna/shared-types';
import { readFileSync } from 'node:fs';
import { ImportInputError } from '../importer.js';
import { slugify, type IngestEntity, type IngestLink } from '../model.js';
import type { ExternalIds } from '../key-resolver.js';
import type { SparqlBinding, SparqlResults } from './sparql-client.js';

/**
 * The awards the product knows (spec §9), as Wikidata sees them. Academy Awards, Golden Globes and
 * BAFTAs are families: each category is its own item, an instance of (P31) or part of (P361) the
 * family. The festivals' top prizes are single items. Ids checked against the items' English labels.
 */
export const AWARD_BODIES = [
  { id: 'oscars', name: 'Academy Awards', selector: '?award wdt:P31|wdt:P361 wd:Q19020 .' },
  { id: 'golden-globes', name: 'Golden Globe Awards', selector: '?award wdt:P31|wdt:P361 wd:Q1011547 .' },
  { id: 'bafta', name: 'BAFTA Awards', selector: '?award wdt:P31|wdt:P361 wd:Q732997 .' },
  { id: 'cannes', name: "Cannes Film Festival: Palme d'Or", selector: 'VALUES ?award { wd:Q179808 }' },
  { id: 'venice', name: 'Venice Film Festival: Golden Lion', selector: 'VALUES ?award { wd:Q209459 }' },
  { id: 'berlin', name: 'Berlin International Film Festival: Golden Bear', selector: 'VALUES ?award { wd:Q154590 }' },
] as const;
export type AwardBody = (typeof AWARD_BODIES)[number];
export type AwardBodyId = AwardBody['id'];

/** The .rq file sits in src/; this path is the same from src/ and dist/ (as the starter catalog's). */
const QUERY_FILE = new URL('../../../src/ingest/wikidata/award-statements.rq', import.meta.url);
export const QUERY_FILE_NAME = 'award-statements.rq';

/** The query for one award body: the .rq file with its AWARDS line swapped for the body's selector. */
export function awardQuery(body: AwardBody, template = readFileSync(QUERY_FILE, 'utf8')): string {
  const marker = /^.*# AWARDS$/m;
  if (!marker.test(template)) throw new Error(`${QUERY_FILE_NAME} has no line marked "# AWARDS"`);
  return template.replace(marker, `  ${body.selector}  # AWARDS`);
}

/** One P166/P1411 statement, its rows (one per id combination) folded together. */
export interface AwardStatement {
  relation: 'won' | 'nominated';
  subject: string;
  subjectLabel?: string;
  award: string;
  awardLabel?: string;
  year?: number;
  workLabel?: string;
  imdbIds: string[];
  tmdbMovieIds: string[];
  tmdbPersonIds: string[];
}

const ENTITY_PREFIX = 'http://www.wikidata.org/entity/';

/**
 * Folds result rows into statements. A subject with two IMDb ids, or a statement with two dates,
 * comes back as several rows of one statement. Optional variables may be absent from a binding;
 * a missing required one (statement, relation, subject, award) is an ImportInputError naming `source`.
 */
export function collectStatements(results: SparqlResults, source: string): AwardStatement[] {
  const statements = new Map<string, AwardStatement>();
  results.results.bindings.forEach((binding, index) => {
    const required = (name: string, type: 'uri' | 'literal') => {
      const term = binding[name];
      if (!term || (type === 'uri' ? term.type !== 'uri' : term.type !== 'literal' && term.type !== 'typed-literal')) {
        throw new ImportInputError(`binding ${index + 1}: ?${name} is ${term ? `a ${term.type}, not a ${type}` : 'missing'}`, source);
      }
      return term.value;
    };
    const statementUri = required('statement', 'uri');
    const relation = required('relation', 'literal');
    if (relation !== 'won' && relation !== 'nominated') throw new ImportInputError(`binding ${index + 1}: ?relation is "${relation}", not "won" or "nominated"`, source);
    const subject = qid(required('subject', 'uri'));
    const award = qid(required('award', 'uri'));

    let statement = statements.get(statementUri);
    if (!statement) {
      statement = { relation, subject, award, imdbIds: [], tmdbMovieIds: [], tmdbPersonIds: [] };
      statements.set(statementUri, statement);
    }
    statement.subjectLabel ??= label(binding, 'subjectLabel');
    statement.awardLabel ??= label(binding, 'awardLabel');
    statement.workLabel ??= label(binding, 'workLabel');
    const year = yearOf(binding.date);
    if (year !== undefined && (statement.year === undefined || year < statement.year)) statement.year = year;
    addValue(statement.imdbIds, literal(binding, 'imdb'));
    addValue(statement.tmdbMovieIds, literal(binding, 'tmdbMovie'));
    addValue(statement.tmdbPersonIds, literal(binding, 'tmdbPerson'));
  });
  return [...statements.values()];
}

const qid = (uri: string) => (uri.startsWith(ENTITY_PREFIX) ? uri.slice(ENTITY_PREFIX.length) : uri);

function literal(binding: SparqlBinding, name: string): string | undefined {
  const term = binding[name];
  return term && (term.type === 'literal' || term.type === 'typed-literal') ? term.value.trim() || undefined : undefined;
}

/** The label service answers the bare QID when an item has no English label: that is no name. */
function label(binding: SparqlBinding, name: string): string | undefined {
  const value = literal(binding, name);
  return value && !/^Q\d+$/.test(value) ? value : undefined;
}

/** P585 is an xsd:dateTime ("2001-03-25T00:00:00Z"); an unknown value comes as a blank node or genid URI. */
function yearOf(term: SparqlBinding[string] | undefined): number | undefined {
  if (!term || (term.type !== 'literal' && term.type !== 'typed-literal')) return undefined;
  const year = /^(\d{4})-/.exec(term.value)?.[1];
  return year ? Number(year) : undefined;
}

function addValue(values: string[], value: string | undefined) {
  if (value && !values.includes(value)) values.push(value);
}

const FAMILY_PREFIX = /^(Academy Award|Golden Globe Award|BAFTA Award|British Academy Film Award|BAFTA)s? for /;

/** "Academy Award for Best Film Editing" → "Best Film Editing"; a festival prize is its own category. */
export const categoryOf = (awardLabel: string) => awardLabel.replace(FAMILY_PREFIX, '');

export type ResolveKey = (ids: ExternalIds) => string | null | Promise<string | null>;

export interface AwardMatchStats {
  statements: number;
  /** Statements whose subject is in the graph. */
  matched: number;
  /** Subjects with none of the ids (songs, companies, films Wikidata knows no id for). */
  withoutIds: number;
  /** Subjects with ids the imported sources do not have. */
  notInGraph: number;
  /** Awards with no English label (nothing to show). */
  unnamedAward: number;
  links: number;
}

/**
 * Statements → award entities (`award:<slug of the English label>`, the starter catalog's ids) and
 * won / nominated_for links from the matched subject. Labels: "2000 · Best Film Editing" for a film,
 * "2001 · Gladiator" for a person when Wikidata names the work. A win is usually also recorded as a
 * nomination: the win supersedes it.
 */
export async function awardsToGraph(statements: AwardStatement[], resolveKey: ResolveKey): Promise<{ awards: IngestEntity[]; links: IngestLink[]; stats: AwardMatchStats }> {
  const stats: AwardMatchStats = { statements: statements.length, matched: 0, withoutIds: 0, notInGraph: 0, unnamedAward: 0, links: 0 };
  const awards = new Map<EntityKey, IngestEntity>();
  const links = new Map<string, IngestLink>();

  for (const statement of statements) {
    if (!statement.awardLabel) {
      stats.unnamedAward += 1;
      continue;
    }
    const candidates = idCandidates(statement);
    if (candidates.length === 0) {
      stats.withoutIds += 1;
      continue;
    }
    let subjectKey: string | null = null;
    for (const ids of candidates) {
      subjectKey = await resolveKey(ids);
      if (subjectKey) break;
    }
    if (!subjectKey) {
      stats.notInGraph += 1;
      continue;
    }
    stats.matched += 1;

    const awardKey = entityKey('award', slugify(statement.awardLabel));
    const award = awards.get(awardKey) ?? { type: 'award', id: slugify(statement.awardLabel), name: statement.awardLabel, popularity: 0, details: { wikidata_id: statement.award } };
    awards.set(awardKey, award);
    const what = parseEntityKey(subjectKey)?.type === 'person' && statement.workLabel ? statement.workLabel : categoryOf(statement.awardLabel);
    const label = statement.year !== undefined ? `${statement.year} · ${what}` : what;
    const id = `${subjectKey}|${awardKey}|${label}`;
    const previous = links.get(id);
    if (previous && (previous.relationship === 'won' || statement.relation === 'nominated')) continue;
    if (!previous) award.popularity += 1;
    links.set(id, { from: subjectKey as EntityKey, to: awardKey, relationship: statement.relation === 'won' ? 'won' : 'nominated_for', label });
  }
  stats.links = links.size;
  return { awards: [...awards.values()], links: [...links.values()], stats };
}

/** The first of each kind together (what the resolver normally needs), then any further ids one by one. */
function idCandidates(statement: AwardStatement): ExternalIds[] {
  const [imdbId, ...moreImdb] = statement.imdbIds;
  const [tmdbMovieId, ...moreMovies] = statement.tmdbMovieIds;
  const [tmdbPersonId, ...morePeople] = statement.tmdbPersonIds;
  if (!imdbId && !tmdbMovieId && !tmdbPersonId) return [];
  return [
    { ...(imdbId ? { imdbId } : {}), ...(tmdbMovieId ? { tmdbMovieId } : {}), ...(tmdbPersonId ? { tmdbPersonId } : {}) },
    ...moreImdb.map((id) => ({ imdbId: id })),
    ...moreMovies.map((id) => ({ tmdbMovieId: id })),
    ...morePeople.map((id) => ({ tmdbPersonId: id })),
  ];
}
