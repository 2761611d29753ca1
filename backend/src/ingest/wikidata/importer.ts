import { entityKey, type EntityKey } from '@cinema-dna/shared-types';
import type { Importer } from '../importer.js';
import type { IngestEntity } from '../model.js';
import type { Clock } from '../tmdb/rate-limiter.js';
import { AWARD_BODIES, awardQuery, awardsToGraph, collectStatements, QUERY_FILE_NAME, type AwardBodyId, type AwardMatchStats, type ResolveKey } from './award-statements.js';
import { runSparqlQuery, WIKIDATA_SPARQL_ENDPOINT } from './sparql-client.js';

export interface WikidataAwardsOptions {
  /** Default https://query.wikidata.org/sparql. */
  endpoint?: string;
  /** Finds the imported entity with these ids (see createKeyResolver); null skips the statement. */
  resolveKey: ResolveKey;
  /** Which awards to query; default all six. */
  awards?: AwardBodyId[];
  /** Sent to WDQS; Wikimedia asks bots for one naming the operator. */
  userAgent?: string;
  timeoutMs?: number;
  maxRetries?: number;
  clock?: Clock;
  /** Receives the match counts per award and in total (the CLI prints them). */
  onSummary?: (summary: { perAward: Record<string, AwardMatchStats>; total: AwardMatchStats }) => void;
}

/**
 * `data:wikidata`: winners and nominees of the Academy Awards, Golden Globes, BAFTAs, the Palme d'Or,
 * the Golden Lion and the Golden Bear, films and people, from the Wikidata Query Service. Writes award
 * entities and won / nominated_for links from entities other sources imported (matched by IMDb/TMDB
 * id through `resolveKey`); statements about anything not in the graph are skipped and counted.
 * One query per award keeps each under WDQS's 60-second limit and lets one fail and retry alone.
 */
export const importWikidataAwards: Importer<WikidataAwardsOptions> = async (options, { writer, progress, logger, signal }) => {
  const endpoint = options.endpoint ?? WIKIDATA_SPARQL_ENDPOINT;
  const bodies = options.awards ? AWARD_BODIES.filter((body) => options.awards!.includes(body.id)) : AWARD_BODIES;
  const awards = new Map<EntityKey, IngestEntity>();
  const perAward: Record<string, AwardMatchStats> = {};
  const total: AwardMatchStats = { statements: 0, matched: 0, withoutIds: 0, notInGraph: 0, unnamedAward: 0, links: 0 };

  progress.phase('Wikidata: award queries', bodies.length);
  for (const [index, body] of bodies.entries()) {
    const queryName = `${QUERY_FILE_NAME} for ${body.name}`;
    const results = await runSparqlQuery(awardQuery(body), queryName, {
      endpoint,
      userAgent: options.userAgent,
      timeoutMs: options.timeoutMs,
      maxRetries: options.maxRetries,
      clock: options.clock,
      signal,
      onRetry: (info) => logger.warn(info, 'Wikidata query retried'),
    });
    const statements = collectStatements(results, `${endpoint} (query ${queryName})`);
    const graph = await awardsToGraph(statements, options.resolveKey);
    for (const link of graph.links) await writer.addLink(link);
    for (const award of graph.awards) {
      const key = entityKey('award', award.id);
      const known = awards.get(key);
      if (known) known.popularity += award.popularity;
      else awards.set(key, award);
    }
    perAward[body.name] = graph.stats;
    for (const name of Object.keys(total) as Array<keyof AwardMatchStats>) total[name] += graph.stats[name];
    logger.info({ award: body.name, ...graph.stats }, 'Wikidata award statements matched');
    progress.update(index + 1);
  }
  for (const award of awards.values()) await writer.addEntity(award);
  logger.info(total, 'Wikidata awards imported');
  options.onSummary?.({ perAward, total });
};
