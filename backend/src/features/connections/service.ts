import { createHash } from 'node:crypto';
import type { ConnectionResult, EntitySummary, FindConnectionRequestSchema, PathStep, SearchParameters, SearchProgressed, TrendingConnection } from '@cinema-dna/shared-types';
import { CHALLENGE_IN_PROGRESS_MESSAGE, endSentence, entityKey, isEntityKey, parseEntityKey, SearchParametersSchema } from '@cinema-dna/shared-types';
import type { z } from 'zod';
import { GraphError } from '../../graph/errors.js';
import { CHAIN_RANKING_VERSION, SNAPSHOT_VERSION, type GraphService, type ServiceSearchOptions } from '../../graph/index.js';
import type { SearchProgress, SearchResult } from '../../graph/search.js';
import type { SharedState } from '../../platform/cache/types.js';
import type { EventPublisher } from '../../platform/events/index.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import type { EntitySummaries, OpenChallenges } from './ports.js';
import { type CacheEntry, type HitFacts, hitFacts, hitJson, parseEntry, pathKeys, storedEntry } from './cache-entry.js';

export type FindConnectionInput = z.output<typeof FindConnectionRequestSchema>;

/** Results of a search stay cached this long (the graph only changes on restart, which changes the key). */
export const PATH_CACHE_TTL_MS = 6 * 60 * 60 * 1000;
/** The sorted set of searched pairs (`from|to` → searches), counted by the trending subscriber. */
export const TRENDING_KEY = 'trending:pairs';
export const trendingMember = (from: string, to: string) => `${from}|${to}`;
const TRENDING_ANSWER_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const TRENDING_LIMIT = 12;
/** The parameters a trending card answers for: every search counts, only these set its path. */
const DEFAULT_PARAMETERS = SearchParametersSchema.parse({});

/** What a trending card shows of a pair: its default-parameter answer. */
interface TrendingAnswer {
  degrees: number | null;
  path: PathStep[];
}

/** One layer of a search as the socket streams it (without the request id); cached with the result so a hit can replay it. */
export type RecordedLayer = Omit<SearchProgressed, 'requestId'>;

/** Who searches and how: the engine's options, plus the layers as the socket streams them. */
export interface FindOptions extends Pick<ServiceSearchOptions, 'signal' | 'sampleSize'> {
  /** The signed-in user searching, or null for an anonymous search (carried by `connection.found`). */
  actor: number | null;
  /** A link unfurl: reads the cache but neither writes it nor counts as a search (no `connection.found`). */
  preview?: boolean;
  /**
   * Called per layer: as the engine reaches it on a fresh search, or all at once, in order, before
   * the answer on a cache hit (the layers the search was found with). Asking for layers makes a hit
   * that has none run afresh once, so every live search can animate.
   */
  onLayer?: (layer: RecordedLayer) => void;
}

export const SAME_ENTITY_MESSAGE = 'Please select two different entities to find a connection.';

/** A search between the ends of a challenge the caller is playing (issue 25, rule 3). */
export const challengeInProgress = () => new AppError(409, 'CHALLENGE_IN_PROGRESS', CHALLENGE_IN_PROGRESS_MESSAGE);

/** The engine's caller mistakes as HTTP errors with the spec's wording. */
export function fromGraphError(error: unknown): unknown {
  if (!(error instanceof GraphError)) return error;
  switch (error.code) {
    case 'INVALID_ENTITY':
      return new AppError(400, 'INVALID_ENTITY', error.message, error.details);
    case 'NOT_FOUND':
      return new AppError(404, 'NOT_FOUND', error.message, error.details);
    case 'SERVICE_UNAVAILABLE':
      return new AppError(503, 'SERVICE_UNAVAILABLE', 'The movie graph is still loading. Try again in a moment.');
    case 'SEARCH_BUDGET_EXCEEDED':
      return new AppError(503, 'SEARCH_BUDGET_EXCEEDED', error.message, error.details);
    default:
      return new AppError(400, 'VALIDATION_FAILED', error.message === 'from and to are the same entity' ? SAME_ENTITY_MESSAGE : error.message, error.details);
  }
}

export interface ConnectionServiceDeps {
  graph: GraphService;
  entities: EntitySummaries;
  shared: SharedState;
  /** Every answered search is published as `connection.found` (trending counts it in subscribers.ts). */
  events: EventPublisher;
  logger: Logger;
  /** Live metrics, through a port: every counted search, answered from the cache or by the engine in `engineMs`. */
  observer?: { search(cached: boolean, engineMs?: number): void };
  /** The challenges a signed-in searcher is playing (the challenges feature): their ends are not searched for them. */
  challenges?: OpenChallenges;
}

/** Finding connections: the engine's answer with entity details, cached, and published as `connection.found`. */
export function createConnectionService(deps: ConnectionServiceDeps) {
  const { graph, entities, shared, events, logger } = deps;

  /**
   * A new snapshot must not serve old paths: its format version (a new engine may answer differently,
   * e.g. link tiers), the version of the rule among equal chains, its size and its catalog version
   * (another import, even of the same size) are part of every cache key.
   */
  const graphVersion = () => {
    const status = graph.status();
    return `v${SNAPSHOT_VERSION}.r${CHAIN_RANKING_VERSION}.${status.entities}.${status.links}.${status.version ?? '-'}`;
  };
  const cacheKey = (from: string, to: string, parameters: SearchParameters) =>
    `path:${graphVersion()}:${createHash('sha256').update(JSON.stringify([from, to, parameters])).digest('base64url')}`;

  function checkPair(from: string, to: string): void {
    for (const [field, key] of [['fromEntity', from], ['toEntity', to]] as const) {
      const index = graph.resolve(key);
      if (index === null || index < 0) throw new AppError(400, 'INVALID_ENTITY', `Unknown entity ${key}`, { field });
    }
    if (from === to) throw new AppError(400, 'VALIDATION_FAILED', SAME_ENTITY_MESSAGE, { field: 'toEntity' });
  }

  /**
   * The engine does not solve a challenge for its player: a signed-in `actor` searching between the
   * two ends (either way) of a challenge they are playing now is refused with CHALLENGE_IN_PROGRESS,
   * whatever the parameters. Ends compare as graph nodes, so any spelling of a key that names the same
   * entity is the same end. Runs after checkPair and before any cache is read; anonymous searches
   * (actor null) cost nothing here, a signed-in one one query.
   */
  async function refuseOpenChallenge(actor: number | null, from: string, to: string): Promise<void> {
    if ((await playing(actor))?.(from, to)) throw challengeInProgress();
  }

  /**
   * Whether a pair joins the two ends of a challenge `actor` is playing (either way, as graph nodes);
   * null when there is nothing to check (anonymous, or no challenge in play): one query when signed in.
   */
  async function playing(actor: number | null): Promise<((from: string, to: string) => boolean) | null> {
    if (actor === null || !deps.challenges) return null;
    let ends: Awaited<ReturnType<OpenChallenges['openChallengeEnds']>>;
    try {
      ends = await deps.challenges.openChallengeEnds(actor);
    } catch (error) {
      // The database unreachable: no attempt can be played or scored either, so searches go on (as they
      // do without the database) rather than fail for every signed-in searcher.
      logger.warn({ err: error instanceof Error ? error.message : String(error), actor }, 'open challenges not checked: database unreachable');
      return null;
    }
    if (ends.length === 0) return null;
    const node = (key: string) => {
      const index = graph.resolve(key);
      return index === null || index < 0 ? null : index;
    };
    const pairs = ends.map(([a, b]) => [node(a), node(b)] as const).filter(([x, y]) => x !== null && y !== null && x !== y);
    return (from, to) => {
      const [x, y] = [node(from), node(to)];
      return pairs.some(([a, b]) => (a === x && b === y) || (a === y && b === x));
    };
  }

  async function toSteps(result: SearchResult['path']): Promise<PathStep[]> {
    const summaries = await entities.summaries(result.map((step) => step.index));
    return result.map((step, i) => ({
      entity: summaries[i]!,
      relationship: step.relationship && {
        type: step.relationship.code,
        direction: step.relationship.direction,
        character: step.relationship.code === 'acted_in' ? step.relationship.label : null,
        job: step.relationship.code === 'acted_in' || step.relationship.code === 'won' || step.relationship.code === 'nominated_for' ? null : step.relationship.label,
        label: step.relationship.label,
        tier: step.relationship.tier,
      },
    }));
  }

  async function fresh(from: string, to: string, parameters: SearchParameters, options: ServiceSearchOptions): Promise<ConnectionResult> {
    const started = performance.now();
    let result: SearchResult | null;
    try {
      result = await graph.search(from, to, parameters, options);
    } catch (error) {
      throw fromGraphError(error);
    }
    const searchMs = Math.round((performance.now() - started) * 1000) / 1000;
    if (!result) {
      return { found: false, path: [], degrees: null, cached: false, message: `No connection exists within ${parameters.maxDegrees} degrees.`, totalWeight: null, shortestPathCount: 0, maxDegrees: parameters.maxDegrees, searchMs };
    }
    const path = await toSteps(result.path);
    return {
      found: true,
      path,
      degrees: result.degrees,
      cached: false,
      message: endSentence(`Found a ${result.degrees}-degree connection between ${path[0]!.entity.name} and ${path.at(-1)!.entity.name}`),
      totalWeight: Math.round(result.totalWeight * 1000) / 1000,
      shortestPathCount: result.shortestPathCount,
      maxDegrees: parameters.maxDegrees,
      searchMs,
      usedObscure: result.stats.usedObscure,
    };
  }

  /** Where a pair's default answer is kept; per snapshot, so a new import recomputes it. */
  const trendingAnswerKey = (member: string) => `trending:answer:${graphVersion()}:${member}`;

  /** The cached entry under `key`, null on a miss or while the cache is unreachable; reads entries of either format. */
  async function readCache(key: string): Promise<CacheEntry | null> {
    const stored = await shared.kv.get(key).catch(() => null);
    return stored ? parseEntry(stored) : null;
  }

  const toRecordedLayer = (progress: SearchProgress): RecordedLayer => ({
    layer: progress.layer,
    pass: progress.pass,
    side: progress.side,
    frontierSize: progress.frontierSize,
    visited: progress.visited,
    edgesScanned: progress.edgesScanned,
    sample: progress.sample.map((entity) => ({ key: entity.key, id: parseEntityKey(entity.key)!.id, name: entity.name, type: entity.type })),
    elapsedMs: Math.round(progress.elapsedMs * 1000) / 1000,
  });

  /**
   * Publishes an answered search as `connection.found` (in process; trending counts the pair in
   * subscribers.ts, discovery every film the path goes through).
   */
  function publishFound(actor: number | null, from: string, to: string, parameters: SearchParameters, facts: HitFacts, cached: boolean, engineMs?: number): void {
    deps.observer?.search(cached, engineMs);
    const { through, ...rest } = facts;
    events.publish('connection.found', { actor, from, to, parameters, cached, ...rest, through: through.filter(isEntityKey) }, actor === null ? 'anonymous' : `user:${actor}`);
  }

  /** Default answers being computed for trending, so concurrent reads share one search per pair. */
  const computingAnswers = new Map<string, Promise<TrendingAnswer | null>>();

  /**
   * The pair's default answer: kept from an earlier read, else the cached result of a default search,
   * else computed now (a pair searched only with other parameters, or whose answer expired). Null when
   * it cannot be computed (budget): the card is left out rather than shown with an answer that is not
   * the default one. Searches with other parameters count for the pair but never set its answer.
   */
  async function trendingAnswer(member: string, from: string, to: string): Promise<TrendingAnswer | null> {
    const key = trendingAnswerKey(member);
    const stored = await shared.kv.get(key);
    if (stored) return JSON.parse(stored) as TrendingAnswer;
    let computing = computingAnswers.get(key);
    if (!computing) {
      computing = readCache(cacheKey(from, to, DEFAULT_PARAMETERS))
        .then((hit) => hit?.result ?? fresh(from, to, DEFAULT_PARAMETERS, {}))
        .then(async (result): Promise<TrendingAnswer> => {
          const answer = { degrees: result.degrees, path: result.path };
          await shared.kv.set(key, JSON.stringify(answer), TRENDING_ANSWER_TTL_MS).catch(() => {});
          return answer;
        })
        .catch((error: unknown) => {
          logger.warn({ err: error instanceof Error ? error.message : String(error), pair: member }, 'trending answer not computed');
          return null;
        })
        .finally(() => computingAnswers.delete(key));
      computingAnswers.set(key, computing);
    }
    return computing;
  }

  /** find() past its checks: the cache, else the engine; cached and published unless a preview. */
  async function answer(from: string, to: string, parameters: SearchParameters, options: FindOptions): Promise<ConnectionResult> {
    const key = cacheKey(from, to, parameters);
    const { onLayer, actor, preview = false, ...engineOptions } = options;
    const cachedEntry = await readCache(key);
    // A live search needs layers to animate: an entry stored without them is searched again once.
    const hit = cachedEntry && (!onLayer || cachedEntry.layers) ? cachedEntry : null;
    let result: ConnectionResult;
    if (hit) {
      for (const layer of hit.layers ?? []) onLayer?.(layer);
      result = hit.result;
    } else {
      const layers: RecordedLayer[] = [];
      const onProgress = onLayer
        ? (progress: SearchProgress) => {
            const layer = toRecordedLayer(progress);
            layers.push(layer);
            onLayer(layer);
          }
        : undefined;
      result = await fresh(from, to, parameters, { ...engineOptions, onProgress });
      // A preview (link unfurl) must leave the first real search of a shared link fresh and uncounted.
      if (!preview) await shared.kv.set(key, storedEntry(result, onLayer ? layers : undefined), PATH_CACHE_TTL_MS).catch(() => {});
    }
    if (!preview) {
      publishFound(actor, from, to, parameters, { degrees: result.degrees, usedObscure: result.usedObscure ?? false, through: pathKeys(result) }, Boolean(hit), hit ? undefined : result.searchMs);
    }
    return result;
  }

  /** The trending list as last read from the cache, served while the cache cannot be reached. */
  let lastTrending: TrendingConnection[] = [];

  return {
    /** Deletes every cached search answer (admin "clear cache"); answers how many entries went. */
    async clearCache(): Promise<number> {
      return shared.kv.deleteByPrefix('path:');
    },

    /**
     * Forgets a searched pair (admin "delete connection"): off trending, and its cached default
     * answers (both directions) and trending answer dropped. Answers cached under other parameters
     * expire with PATH_CACHE_TTL_MS (their keys are hashes that cannot be listed by pair).
     */
    async forgetPair(from: string, to: string): Promise<void> {
      const member = trendingMember(from, to);
      await Promise.all([
        shared.sortedSets.remove(TRENDING_KEY, member),
        shared.kv.delete(trendingAnswerKey(member)),
        shared.kv.delete(cacheKey(from, to, DEFAULT_PARAMETERS)),
        shared.kv.delete(cacheKey(to, from, DEFAULT_PARAMETERS)),
      ]);
      lastTrending = lastTrending.filter((row) => !(row.fromEntity.key === from && row.toEntity.key === to));
    },

    /**
     * The cached answer of this search, if there is one; null otherwise (or while the cache is
     * unreachable). Never searches, never counts. Unknown entities throw as find does.
     */
    async cachedResult(input: FindConnectionInput): Promise<ConnectionResult | null> {
      const from = entityKey(input.fromEntity);
      const to = entityKey(input.toEntity);
      checkPair(from, to);
      const hit = await readCache(cacheKey(from, to, SearchParametersSchema.parse(input.parameters ?? {})));
      return hit?.result ?? null;
    },

    /**
     * Finds the connection between two entities for `actor`. Served from the cache when the same
     * search ran before (`cached: true`). With `onLayer` (a live search) the layers stream as found
     * and are cached with the answer; a hit replays them. Every answer but a preview's is published
     * as `connection.found` (in process: it costs the search no database round trip). A signed-in
     * `actor` playing a challenge between the two ends is refused first (CHALLENGE_IN_PROGRESS), before
     * the cache is read.
     */
    async find(input: FindConnectionInput, options: FindOptions): Promise<ConnectionResult> {
      const from = entityKey(input.fromEntity);
      const to = entityKey(input.toEntity);
      checkPair(from, to);
      const parameters = SearchParametersSchema.parse(input.parameters ?? {});
      await refuseOpenChallenge(options.actor, from, to);
      return answer(from, to, parameters, options);
    },

    /**
     * Refuses (CHALLENGE_IN_PROGRESS) when `actor` is playing a challenge between the pair's ends; for
     * callers that answer from caches of their own (share previews) before they would call find.
     * Unknown entities throw as find does.
     */
    async refuseDuringChallenge(input: FindConnectionInput, actor: number | null): Promise<void> {
      const from = entityKey(input.fromEntity);
      const to = entityKey(input.toEntity);
      checkPair(from, to);
      await refuseOpenChallenge(actor, from, to);
    },

    /**
     * find() (REST, no layers) as the JSON text the API answers with. A cache hit is sent from the
     * stored text as it is, never parsed and stringified again: hits are most of the traffic, and
     * those two were a seventh of their CPU time and much of the garbage collected under load.
     */
    async findJson(input: FindConnectionInput, options: Pick<FindOptions, 'actor'>): Promise<string> {
      const from = entityKey(input.fromEntity);
      const to = entityKey(input.toEntity);
      checkPair(from, to);
      const parameters = SearchParametersSchema.parse(input.parameters ?? {});
      await refuseOpenChallenge(options.actor, from, to);
      const stored = await shared.kv.get(cacheKey(from, to, parameters)).catch(() => null);
      if (!stored) return JSON.stringify(await answer(from, to, parameters, options));
      publishFound(options.actor, from, to, parameters, hitFacts(stored), true);
      return hitJson(stored);
    },

    /** Up to `limit` shortest chains; `actor` (null: anonymous) is refused as find refuses. */
    async alternatives(input: FindConnectionInput, limit: number, actor: number | null) {
      const from = entityKey(input.fromEntity);
      const to = entityKey(input.toEntity);
      checkPair(from, to);
      await refuseOpenChallenge(actor, from, to);
      const parameters = SearchParametersSchema.parse(input.parameters ?? {});
      let found;
      try {
        found = await graph.alternatives(from, to, parameters, limit);
      } catch (error) {
        throw fromGraphError(error);
      }
      if (!found) return { degrees: null, shortestPathCount: 0, paths: [] };
      return {
        degrees: found.degrees,
        shortestPathCount: found.shortestPathCount,
        paths: await Promise.all(found.paths.map(async (alternative) => ({ path: await toSteps(alternative.path), totalWeight: Math.round(alternative.totalWeight * 1000) / 1000 }))),
      };
    },

    /**
     * The most searched pairs, most searched first (searches with any parameters count), each with
     * its answer for the default parameters. While the cache
     * cannot be read: the last list read (empty if none yet), marked `degraded`. A signed-in `viewer`
     * does not see the pair of a challenge they are playing (its card shows the chain).
     */
    async trending(limit = TRENDING_LIMIT, viewer: number | null = null): Promise<{ connections: TrendingConnection[]; degraded: boolean }> {
      let list: { connections: TrendingConnection[]; degraded: boolean };
      try {
        lastTrending = await readTrending(limit);
        list = { connections: lastTrending, degraded: false };
      } catch (error) {
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'trending served from memory: cache unreachable');
        list = { connections: lastTrending.slice(0, limit), degraded: true };
      }
      const inPlay = await playing(viewer);
      return inPlay ? { ...list, connections: list.connections.filter((row) => !inPlay(row.fromEntity.key, row.toEntity.key)) } : list;
    },
  };

  /** The trending rows as the cache holds them; throws while the cache is unreachable. */
  async function readTrending(limit: number): Promise<TrendingConnection[]> {
    const top = await shared.sortedSets.range(TRENDING_KEY, 0, limit - 1);
    const rows = await Promise.all(
      top.map(async ({ member, score }) => {
        const [from, to] = member.split('|') as [string, string];
        const endpoints = [graph.resolve(from), graph.resolve(to)];
        if (endpoints.some((index) => index === null || index < 0)) return null;
        const answer = await trendingAnswer(member, from, to);
        if (!answer) return null;
        const [fromEntity, toEntity] = (await entities.summaries(endpoints as number[])) as [EntitySummary, EntitySummary];
        return { id: createHash('sha1').update(member).digest('hex').slice(0, 16), degrees: answer.degrees, searchCount: score, fromEntity, toEntity, path: answer.path };
      }),
    );
    return rows.filter((row): row is TrendingConnection => row !== null);
  }
}
export type ConnectionService = ReturnType<typeof createConnectionService>;
