import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { ImportInputError } from '../importer.js';
import type { ExternalIds } from '../key-resolver.js';
import { slugify } from '../model.js';
import { awardName } from '../starter/catalog.js';
import { AWARD_BODIES, awardQuery, awardsToGraph, categoryOf, collectStatements } from './award-statements.js';
import { parseSparqlResults } from './sparql-client.js';

const fixture = (name: string) => readFileSync(new URL(`test-fixtures/${name}`, import.meta.url), 'utf8');
const SOURCE = 'http://127.0.0.1/sparql (query award-statements.rq for Academy Awards)';
const academy = () => collectStatements(parseSparqlResults(fixture('academy-awards-results.json'), SOURCE), SOURCE);

/** The graph as the other sources imported it: The Matrix, Gladiator, Pulp Fiction, Russell Crowe, Joaquin Phoenix. */
const KNOWN: Record<string, string> = { tt0133093: 'movie:603', tt0172495: 'movie:98', tt0110912: 'movie:680', nm0000128: 'person:934', 'person:73421': 'person:73421' };
const resolveKey = ({ imdbId, tmdbMovieId, tmdbPersonId }: ExternalIds) =>
  (imdbId && KNOWN[imdbId]) || (tmdbMovieId && KNOWN[`movie:${tmdbMovieId}`]) || (tmdbPersonId && KNOWN[`person:${tmdbPersonId}`]) || null;

describe('awardQuery', () => {
  it('asks for every category of a family, or for one festival prize, with the qualifiers and ids', () => {
    const oscars = awardQuery(AWARD_BODIES.find((b) => b.id === 'oscars')!);
    expect(oscars).toContain('?award wdt:P31|wdt:P361 wd:Q19020 .');
    const palme = awardQuery(AWARD_BODIES.find((b) => b.id === 'cannes')!);
    expect(palme).toContain('VALUES ?award { wd:Q179808 }');
    expect(palme).not.toContain('wd:Q19020');
    for (const body of AWARD_BODIES) {
      const query = awardQuery(body);
      for (const term of ['ps:P166', 'ps:P1411', 'pq:P585', 'pq:P1686', 'wdt:P345', 'wdt:P4947', 'wdt:P4985']) expect(query, `${body.id} ${term}`).toContain(term);
    }
    expect(() => awardQuery(AWARD_BODIES[0], 'SELECT * WHERE {}')).toThrow(/no line marked "# AWARDS"/);
  });
});

describe('collectStatements', () => {
  it('folds rows of one statement together and tolerates absent optional variables', () => {
    const statements = academy();
    expect(statements).toHaveLength(9);
    expect(statements.find((s) => s.subject === 'Q128518')).toEqual({
      relation: 'won',
      subject: 'Q128518',
      subjectLabel: 'Gladiator',
      award: 'Q102427',
      awardLabel: 'Academy Award for Best Picture',
      year: 2001,
      imdbIds: ['tt9999999', 'tt0172495'],
      tmdbMovieIds: [],
      tmdbPersonIds: [],
    });
    const phoenix = statements.find((s) => s.subject === 'Q185140' && s.award === 'Q106291')!;
    expect(phoenix.year).toBeUndefined();
    expect(phoenix.workLabel).toBe('Gladiator');
    // The label service answers a bare QID for an item with no English label: no name.
    expect(statements.find((s) => s.award === 'Q99999999')!.awardLabel).toBeUndefined();
  });

  it('rejects a binding without a required variable, naming the endpoint, the query and the binding', () => {
    const body = JSON.parse(fixture('palme-d-or-results.json')) as { results: { bindings: Array<Record<string, unknown>> } };
    delete body.results.bindings[0]!.award;
    const results = parseSparqlResults(JSON.stringify(body), SOURCE);
    expect(() => collectStatements(results, SOURCE)).toThrow(ImportInputError);
    expect(() => collectStatements(results, SOURCE)).toThrow(`${SOURCE}: binding 1: ?award is missing`);
  });
});

describe('parseSparqlResults', () => {
  it('rejects a body that is not SPARQL JSON results', () => {
    expect(() => parseSparqlResults('<!DOCTYPE html><html>', SOURCE)).toThrow(new RegExp(`^${SOURCE.replace(/[.()]/g, '\\$&')}: not a SPARQL JSON result \\(invalid JSON`));
    expect(() => parseSparqlResults('{"head":{"vars":[]}}', SOURCE)).toThrow(`${SOURCE}: not a SPARQL JSON result: results:`);
    expect(() => parseSparqlResults('{"head":{"vars":[]},"results":{"bindings":[{"x":{"type":"uri"}}]}}', SOURCE)).toThrow(/results\.bindings\.0\.x\.value/);
  });

  const recorded = new URL('../../../../../shared/fixtures/wikidata/sparql-results-film-optional-values.json', import.meta.url);
  it.runIf(existsSync(recorded))('reads the recorded WDQS body, whose optional variables are absent from the binding', () => {
    const results = parseSparqlResults(readFileSync(recorded, 'utf8'), 'recorded');
    expect(results.head.vars).toContain('genre');
    expect(results.results.bindings[0]).not.toHaveProperty('genre');
    expect(results.results.bindings[0]!.imdbId).toEqual({ type: 'literal', value: 'tt1705952' });
    expect(results.results.bindings[0]!.label).toEqual({ 'xml:lang': 'fr', type: 'literal', value: 'Tarzan' });
    // Not the award query's shape: a clear error, not a silent empty import.
    expect(() => collectStatements(results, 'recorded')).toThrow('recorded: binding 1: ?statement is missing');
  });
});

describe('awardsToGraph', () => {
  it('links matched films and people to award entities, and counts what it skipped', async () => {
    const calls: ExternalIds[] = [];
    const { awards, links, stats } = await awardsToGraph(academy(), (ids) => (calls.push(ids), resolveKey(ids)));
    expect(links).toEqual([
      // The nomination of the same award the same year is superseded by the win.
      { from: 'movie:603', to: 'award:academy-award-for-best-film-editing', relationship: 'won', label: '2000 · Best Film Editing' },
      { from: 'movie:98', to: 'award:academy-award-for-best-picture', relationship: 'won', label: '2001 · Best Picture' },
      { from: 'person:934', to: 'award:academy-award-for-best-actor', relationship: 'won', label: '2001 · Gladiator' },
      { from: 'person:73421', to: 'award:academy-award-for-best-supporting-actor', relationship: 'nominated_for', label: 'Gladiator' },
      { from: 'person:73421', to: 'award:academy-award-for-best-actor', relationship: 'nominated_for', label: '2006 · Best Actor' },
    ]);
    expect(stats).toEqual({ statements: 9, matched: 6, withoutIds: 1, notInGraph: 1, unnamedAward: 1, links: 5 });
    expect(awards.find((a) => a.id === 'academy-award-for-best-film-editing')).toEqual({
      type: 'award',
      id: 'academy-award-for-best-film-editing',
      name: 'Academy Award for Best Film Editing',
      popularity: 1,
      details: { wikidata_id: 'Q281939' },
    });
    expect(awards.find((a) => a.id === 'academy-award-for-best-actor')!.popularity).toBe(2);
    // Gladiator's first IMDb id is unknown: the second one is tried on its own.
    expect(calls).toContainEqual({ imdbId: 'tt9999999' });
    expect(calls).toContainEqual({ imdbId: 'tt0172495' });
    expect(calls).toContainEqual({ imdbId: 'tt0190332', tmdbMovieId: '146' });
  });

  it('accepts an asynchronous resolver', async () => {
    const resolver = vi.fn(async (ids: ExternalIds) => resolveKey(ids));
    const statements = collectStatements(parseSparqlResults(fixture('palme-d-or-results.json'), SOURCE), SOURCE);
    const { links } = await awardsToGraph(statements, resolver);
    expect(links).toEqual([{ from: 'movie:680', to: 'award:palme-d-or', relationship: 'won', label: "1994 · Palme d'Or" }]);
  });
});

describe('award ids', () => {
  it('are the starter catalog ids for the same award, so both sources meet on one entity', () => {
    expect(slugify('Academy Award for Best Picture')).toBe(slugify(awardName('Academy Awards', 'Best Picture')));
    expect(slugify('Golden Globe Award for Best Actor – Motion Picture Drama')).toBe(slugify(awardName('Golden Globe Awards', 'Best Actor – Motion Picture Drama')));
    expect(slugify('BAFTA Award for Best Film')).toBe(slugify(awardName('BAFTA Awards', 'Best Film')));
    expect(slugify("Palme d'Or")).toBe(slugify(awardName('Cannes Film Festival', "Palme d'Or")));
    expect(slugify('Golden Lion')).toBe(slugify(awardName('Venice Film Festival', 'Golden Lion')));
    expect(slugify('Golden Bear')).toBe(slugify(awardName('Berlin International Film Festival', 'Golden Bear')));
  });

  it('drop the family from the category in link labels', () => {
    expect(categoryOf('Golden Globe Award for Best Actor – Motion Picture Drama')).toBe('Best Actor – Motion Picture Drama');
    expect(categoryOf('BAFTA Award for Best Film')).toBe('Best Film');
    expect(categoryOf("Palme d'Or")).toBe("Palme d'Or");
  });
});
