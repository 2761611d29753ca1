import { plural } from '@cinema-dna/shared-types';
import {
  REVEAL_MAX_CHAINS,
  SOLVE_FLOOR_SECONDS_PER_LINK,
  type ArchivedDaily,
  type AttemptAction,
  type AttemptMove,
  type AttemptResult,
  type AttemptState,
  type Challenge,
  type ChallengeReveal,
  type ChallengeStats,
  type ChainStep,
  type DailyChallenge,
  type EntitySummary,
  type MoveOutcome,
  type PathRelationship,
  type Relationship,
  type WholeChainAttempt,
} from '@cinema-dna/shared-types';
import { and, asc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { GraphService } from '../../graph/index.js';
import type { Graph } from '../../graph/snapshot.js';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError, notFound } from '../../platform/errors.js';
import { userAggregate, type DomainEvents } from '../../platform/events/index.js';
import type { DbTransaction } from '../../platform/events/types.js';
import { DailyGenerator, dailyId, dailyNumber, DAILY_EPOCH } from './daily.js';
import { DAY_MS, dateStart, isoWeek, utcDate, type ChallengeDefinition } from './definition.js';
import { GameGraph, type GameLink } from './game-graph.js';
import { generateList, generateWeekly } from './list.js';
import type { ChallengePorts, Clock } from './ports.js';
import { applyPick, applyUndo, hintFor, optimalChains, ruleFilter, themeCheck, validateChain, type Chain, type PlayOutcome, type PlayRules } from './rules.js';
import { challengeAttempts, challenges, type StoredChainStep } from './schema.js';
import { resultMessage, scoreAttempt, shareText } from './scoring.js';
import { challengeStatsOf, seconds, solvedDailyDates, streaksOf, userTotals } from './stats.js';

export { streaksOf } from './stats.js';

/** The archive lists at most this many past dailies. */
export const ARCHIVE_LIMIT = 60;
/** The human floor in milliseconds for a chain of `links` links (a faster solve pays 0 points). */
export const solveFloorMs = (links: number) => links * SOLVE_FLOOR_SECONDS_PER_LINK * 1000;
/** Distances kept per loaded graph (one byte per entity each). */
const DISTANCE_CACHE_ENTRIES = 64;

type ChallengeRow = typeof challenges.$inferSelect;
type AttemptRow = typeof challengeAttempts.$inferSelect;

export interface ChallengeServiceDeps {
  db: Db;
  events: Pick<DomainEvents, 'transaction' | 'record'>;
  graph: GraphService;
  clock: Clock;
  ports: ChallengePorts;
}

/** Everything derived from one loaded graph (rebuilt when a new snapshot is loaded). */
interface GraphState {
  game: GameGraph;
  daily: DailyGenerator;
  list: ChallengeDefinition[] | null;
  years: Int16Array | null;
  distances: Map<string, Uint8Array>;
}

const conflict = (message: string, details?: unknown) => new AppError(409, 'CONFLICT', message, details);


const toDefinition = (row: ChallengeRow): ChallengeDefinition => ({
  id: row.id,
  kind: row.kind,
  date: row.date,
  number: row.number,
  title: row.title,
  description: row.description,
  type: row.type,
  difficulty: row.difficulty,
  fromKey: row.fromKey,
  toKey: row.toKey,
  theme: row.theme,
  par: row.par,
  optimalChains: row.optimalChains,
  timeLimitSeconds: row.timeLimitSeconds,
  moveLimit: row.moveLimit,
  reward: row.reward,
  expiresAt: row.expiresAt,
});

const storedStep = (graph: Graph, node: number, link: GameLink | null): StoredChainStep => ({
  key: graph.key(node),
  via: link && { type: link.relationship, direction: link.direction, label: link.label, tier: link.tier },
});

const relationshipOf = (via: NonNullable<StoredChainStep['via']>): PathRelationship => ({
  type: via.type as Relationship,
  direction: via.direction,
  character: via.type === 'acted_in' ? via.label : null,
  job: via.type === 'acted_in' || via.type === 'won' || via.type === 'nominated_for' ? null : via.label,
  label: via.label,
  tier: via.tier as PathRelationship['tier'],
});

/**
 * Challenges: the daily (seeded by its UTC date), the weekly, the All Challenges list, attempts played
 * link by link on the server's clock, whole chains, scoring, reveals and stats. A solve records
 * `challenge.solved` in the attempt's transaction; points and badges react to it.
 */
export function createChallengeService(deps: ChallengeServiceDeps) {
  const { db, events, graph: graphService, clock, ports } = deps;
  const states = new WeakMap<Graph, GraphState>();

  function state(): GraphState {
    let graph: Graph;
    try {
      graph = graphService.graph;
    } catch {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The movie graph is still loading. Try again in a moment.');
    }
    let known = states.get(graph);
    if (!known) {
      const game = new GameGraph(graph);
      known = { game, daily: new DailyGenerator(game), list: null, years: null, distances: new Map() };
      states.set(graph, known);
    }
    return known;
  }

  /** Films' release years by node index (0: unknown), read once per loaded graph. */
  async function years(current: GraphState): Promise<Int16Array> {
    if (current.years) return current.years;
    const byKey = await ports.releaseYears();
    const { graph } = current.game;
    const table = new Int16Array(graph.nodeCount);
    for (const [key, year] of byKey) {
      const node = graph.resolve(key);
      if (node >= 0) table[node] = year;
    }
    current.years = table;
    return table;
  }

  const yearOf = (table: Int16Array) => (node: number) => table[node] || null;

  /** The rules of a stored challenge over the loaded graph (409 when the catalog no longer holds its ends). */
  async function rulesOf(definition: ChallengeDefinition): Promise<PlayRules> {
    const current = state();
    const { graph } = current.game;
    const from = graph.resolve(definition.fromKey);
    const to = graph.resolve(definition.toKey);
    if (from < 0 || to < 0) throw conflict('This challenge cannot be played on the loaded catalog');
    const table = definition.theme?.kind === 'decade' ? await years(current) : null;
    const theme = themeCheck(current.game, definition.theme, table ? yearOf(table) : () => null);
    return { game: current.game, from, to, moveLimit: definition.moveLimit, theme };
  }

  /** Distances to a goal under a challenge's rules, cached per loaded graph. */
  function distanceTo(challengeId: string, rules: PlayRules) {
    const current = state();
    return (goal: number): Uint8Array => {
      const key = `${challengeId}:${goal}`;
      const cached = current.distances.get(key);
      if (cached) return cached;
      const dist = rules.game.distancesFrom(goal, 8, ruleFilter(rules));
      if (current.distances.size >= DISTANCE_CACHE_ENTRIES) current.distances.delete(current.distances.keys().next().value!);
      current.distances.set(key, dist);
      return dist;
    };
  }

  // ----- challenges: generated, stored on first use -------------------------------------------

  async function storedChallenge(id: string, reader: Db | DbTransaction = db): Promise<ChallengeDefinition | null> {
    const [row] = await reader.select().from(challenges).where(eq(challenges.id, id));
    return row ? toDefinition(row) : null;
  }

  /** Stores a generated challenge unless one is already stored (race-safe), and answers the stored one. */
  async function store(definition: ChallengeDefinition): Promise<ChallengeDefinition> {
    await db
      .insert(challenges)
      .values({ ...definition })
      .onConflictDoNothing();
    const stored = definition.date !== null ? await db.select().from(challenges).where(eq(challenges.date, definition.date)) : await db.select().from(challenges).where(eq(challenges.id, definition.id));
    if (!stored[0]) throw new Error(`challenge ${definition.id} was not stored`);
    return toDefinition(stored[0]);
  }

  function listDefinitions(current: GraphState, table: Int16Array): ChallengeDefinition[] {
    current.list ??= generateList(current.game, yearOf(table));
    return current.list;
  }

  /** Today's daily: stored on its first request; null when the graph cannot make one. */
  async function todaysDaily(): Promise<ChallengeDefinition | null> {
    const today = utcDate(clock());
    const stored = await storedChallenge(dailyId(today));
    if (stored) return stored;
    const generated = state().daily.generate(today);
    return generated ? store(generated) : null;
  }

  /** A challenge by id: stored, or generated when it is today's daily (or a past one), this week's, or on the list. */
  async function challengeById(id: string): Promise<ChallengeDefinition> {
    const stored = await storedChallenge(id);
    if (stored) return stored;
    const now = clock();
    const current = state();
    let generated: ChallengeDefinition | null = null;
    const daily = /^daily-(\d{4}-\d{2}-\d{2})$/.exec(id);
    if (daily) {
      const date = daily[1]!;
      if (utcDate(dateStart(date)) === date && date <= utcDate(now) && date >= DAILY_EPOCH) generated = current.daily.generate(date);
    } else if (id.startsWith('weekly-')) {
      const weekly = generateWeekly(current.game, now);
      if (weekly?.id === id) generated = weekly;
    } else if (id.startsWith('list-')) {
      generated = listDefinitions(current, await years(current)).find((each) => each.id === id) ?? null;
    }
    if (!generated) throw notFound('Challenge not found');
    return store(generated);
  }

  // ----- attempts -------------------------------------------------------------------------------

  async function loadAttempt(userId: number, attemptId: string): Promise<AttemptRow> {
    const id = Number(attemptId);
    const [row] = Number.isSafeInteger(id) ? await db.select().from(challengeAttempts).where(eq(challengeAttempts.id, id)) : [];
    // Another user's attempt is answered as absent: its id says nothing.
    if (!row || row.userId !== userId) throw notFound('Attempt not found');
    return row;
  }

  /** An open attempt past its end is finalised as timed out (lazily: the first read after endsAt). */
  async function settle(row: AttemptRow, definition: ChallengeDefinition): Promise<AttemptRow> {
    if (row.status !== 'playing' || clock() < row.endsAt.getTime()) return row;
    const [updated] = await db
      .update(challengeAttempts)
      .set({ status: 'timed_out', finishedAt: row.endsAt, timeMs: definition.timeLimitSeconds * 1000, version: row.version + 1 })
      .where(and(eq(challengeAttempts.id, row.id), eq(challengeAttempts.version, row.version)))
      .returning();
    if (updated) return updated;
    const [now] = await db.select().from(challengeAttempts).where(eq(challengeAttempts.id, row.id));
    return now!;
  }

  /** Every open attempt of a user past its end, timed out at once (before stats count them). */
  async function settleExpired(userId: number): Promise<void> {
    await db
      .update(challengeAttempts)
      .set({
        status: 'timed_out',
        finishedAt: sql`${challengeAttempts.endsAt}`,
        timeMs: sql`(extract(epoch from (${challengeAttempts.endsAt} - ${challengeAttempts.startedAt})) * 1000)::int`,
        version: sql`${challengeAttempts.version} + 1`,
      })
      .where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.status, 'playing'), lte(challengeAttempts.endsAt, new Date(clock()))));
  }

  /**
   * Whether a new attempt of this challenge by this user earns points when solved: on its day (the daily)
   * or week, and only while the user has no finished attempt of it — neither a solve nor an attempt that
   * showed the answer (gave up, timed out, out of moves). Callers settle an expired open attempt first.
   */
  async function eligible(userId: number, definition: ChallengeDefinition, now: number, reader: Db | DbTransaction = db): Promise<boolean> {
    if (definition.kind === 'daily' && definition.date !== utcDate(now)) return false;
    if (definition.expiresAt && now >= definition.expiresAt.getTime()) return false;
    return !(await finishedAttempt(userId, definition.id, reader));
  }

  /**
   * The user's finished attempt of a challenge: the first one that ended (solved, or the answer seen).
   * It is what the card and the play page show once the challenge is over for the user.
   */
  async function finishedAttempt(userId: number, challengeId: string, reader: Db | DbTransaction = db): Promise<AttemptRow | null> {
    const [row] = await reader
      .select()
      .from(challengeAttempts)
      .where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.challengeId, challengeId), ne(challengeAttempts.status, 'playing')))
      .orderBy(asc(challengeAttempts.id))
      .limit(1);
    return row ?? null;
  }

  async function openAttempt(userId: number, definition: ChallengeDefinition): Promise<AttemptRow | null> {
    const [row] = await db
      .select()
      .from(challengeAttempts)
      .where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.challengeId, definition.id), eq(challengeAttempts.status, 'playing')));
    if (!row) return null;
    const settled = await settle(row, definition);
    return settled.status === 'playing' ? settled : null;
  }

  function chainOf(rules: PlayRules, row: AttemptRow): Chain {
    const { graph } = rules.game;
    const nodes = row.chain.map((step) => graph.resolve(step.key));
    if (nodes.some((node) => node < 0)) throw conflict('This attempt cannot be played on the loaded catalog');
    return { nodes, links: nodes.map((node, i) => (i === 0 ? null : rules.game.link(nodes[i - 1]!, node))) };
  }

  /**
   * Writes an attempt's new state in one transaction, if its version is still the one read; a solve
   * scores it and records `challenge.solved` with it. Answers the row written (409 on a stale version).
   */
  async function writePlay(row: AttemptRow, definition: ChallengeDefinition, rules: PlayRules, play: PlayOutcome, extra: { hints?: string[] } = {}): Promise<AttemptRow> {
    const now = clock();
    const finished = play.status !== 'playing';
    const timeMs = finished ? Math.min(now, row.endsAt.getTime()) - row.startedAt.getTime() : null;
    const degrees = play.status === 'solved' ? play.chain.nodes.length - 1 : null;
    // Faster than a person can pick the chain's links: solved, and the attempt pays nothing.
    const rewarded = row.rewarded && !(play.status === 'solved' && timeMs! < solveFloorMs(degrees!));
    const points =
      play.status === 'solved'
        ? scoreAttempt({ reward: definition.reward, par: definition.par, degrees: degrees!, timeMs: timeMs!, limitMs: definition.timeLimitSeconds * 1000, hints: (extra.hints ?? row.hints).length, rewarded })
        : 0;
    return finish(row, definition, {
      status: play.status,
      rewarded,
      chain: play.chain.nodes.map((node, i) => storedStep(rules.game.graph, node, play.chain.links[i] ?? null)),
      moves: play.moves,
      hints: extra.hints ?? row.hints,
      finishedAt: finished ? new Date(Math.min(now, row.endsAt.getTime())) : null,
      timeMs,
      degrees,
      points,
    });
  }

  type AttemptChanges = Pick<AttemptRow, 'status' | 'rewarded' | 'chain' | 'moves' | 'hints' | 'finishedAt' | 'timeMs' | 'degrees' | 'points'>;

  async function finish(row: AttemptRow, definition: ChallengeDefinition, changes: AttemptChanges): Promise<AttemptRow> {
    try {
      return await events.transaction(async (tx) => {
        const [updated] = await tx
          .update(challengeAttempts)
          .set({ ...changes, version: row.version + 1 })
          .where(and(eq(challengeAttempts.id, row.id), eq(challengeAttempts.version, row.version), eq(challengeAttempts.status, 'playing')))
          .returning();
        if (!updated) throw conflict('This attempt has changed: reload it and try again', { version: row.version });
        if (updated.status === 'solved') await recordSolve(tx, updated, definition);
        return updated;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'challenge_attempts_paid_once_idx')) throw conflict('This challenge was already rewarded');
      throw error;
    }
  }

  /**
   * `challenge.solved`, in the solve's transaction, for the user's first solve of the challenge only, and
   * only when that solve counts (a rewarded attempt: not a replay, not after the answer was seen, not
   * under the human floor): points, badges and feeds react to it.
   */
  async function recordSolve(tx: DbTransaction, row: AttemptRow, definition: ChallengeDefinition): Promise<void> {
    if (!row.rewarded) return;
    const [earlier] = await tx
      .select({ id: challengeAttempts.id })
      .from(challengeAttempts)
      .where(and(eq(challengeAttempts.userId, row.userId), eq(challengeAttempts.challengeId, row.challengeId), eq(challengeAttempts.status, 'solved'), lt(challengeAttempts.id, row.id)))
      .limit(1);
    if (earlier) return;
    const onItsDay = definition.kind === 'daily' && row.rewarded;
    await events.record(
      tx,
      'challenge.solved',
      {
        userId: row.userId,
        challengeId: row.challengeId,
        daily: onItsDay,
        par: definition.par,
        degrees: row.degrees!,
        timeMs: row.timeMs!,
        points: row.points,
        date: onItsDay ? definition.date : null,
      },
      userAggregate(row.userId),
    );
  }

  async function summariesOf(nodes: number[]): Promise<Map<number, EntitySummary>> {
    const unique = [...new Set(nodes)];
    const found = await ports.summaries(unique);
    return new Map(unique.map((node, i) => [node, found[i]!]));
  }

  /**
   * The reveal: optimal chains with the share of solvers (each player's first solve) who found each. The
   * chains solvers found come first, most found first, then the most popular others, up to
   * REVEAL_MAX_CHAINS; the chain of `mine` (the attempt shown) is always listed when it is optimal, and
   * marked `yours`.
   */
  async function reveal(definition: ChallengeDefinition, rules: PlayRules, mine: AttemptRow | null): Promise<ChallengeReveal> {
    const { graph } = rules.game;
    const keyOf = (keys: readonly string[]) => keys.join('|');
    const mineKey = mine?.status === 'solved' ? keyOf(mine.chain.map((step) => step.key)) : null;
    // Counted in the database: each solver's first solve, grouped by chain; the optimal ones found most
    // (and the caller's own) come back, with the number of solvers.
    const { rows } = (await db.execute(sql`
      with first_solves as (
        select distinct on (${challengeAttempts.userId}) ${challengeAttempts.chain} as chain, ${challengeAttempts.degrees} as degrees
        from ${challengeAttempts}
        where ${challengeAttempts.challengeId} = ${definition.id} and ${challengeAttempts.status} = 'solved'
        order by ${challengeAttempts.userId}, ${challengeAttempts.id}
      ), chains as (
        select (select string_agg(step->>'key', '|' order by position) from jsonb_array_elements(chain) with ordinality as steps(step, position)) as key,
          degrees, count(*)::int as found, (sum(count(*)) over ())::int as solvers
        from first_solves group by 1, 2
      )
      select key, found, solvers from chains
      where degrees = ${definition.par} or key = ${mineKey ?? ''}
      order by found desc, key limit ${REVEAL_MAX_CHAINS * 4}
    `)) as unknown as { rows: Array<{ key: string; found: number | string; solvers: number | string }> };
    const found = new Map(rows.map((row) => [row.key, Number(row.found)]));
    const solvers = rows.length > 0 ? Number(rows[0]!.solvers) : 0;
    /** A stored chain as nodes when it is optimal under the rules on the loaded graph. */
    const optimalNodes = (keys: readonly string[]): number[] | null => {
      if (keys.length !== definition.par + 1) return null;
      const nodes = keys.map((key) => graph.resolve(key));
      if (nodes.some((node) => node < 0)) return null;
      return validateChain(rules, nodes).ok ? nodes : null;
    };
    const chosen = new Map<string, number[]>();
    for (const [key] of found) {
      if (chosen.size >= REVEAL_MAX_CHAINS) break;
      const nodes = optimalNodes(key.split('|'));
      if (nodes) chosen.set(key, nodes);
    }
    if (chosen.size < REVEAL_MAX_CHAINS) {
      for (const nodes of optimalChains(rules, REVEAL_MAX_CHAINS, distanceTo(definition.id, rules))) {
        if (chosen.size >= REVEAL_MAX_CHAINS) break;
        const key = keyOf(nodes.map((node) => graph.key(node)));
        if (!chosen.has(key)) chosen.set(key, nodes);
      }
    }
    if (mineKey !== null && !chosen.has(mineKey)) {
      const nodes = optimalNodes(mineKey.split('|'));
      if (nodes) {
        if (chosen.size >= REVEAL_MAX_CHAINS) chosen.delete([...chosen.keys()].at(-1)!);
        chosen.set(mineKey, nodes);
      }
    }
    const names = await summariesOf([...chosen.values()].flat());
    return {
      par: definition.par,
      optimalChains: Math.max(definition.optimalChains, chosen.size, 1),
      chains: [...chosen.entries()].map(([key, chain]) => ({
        path: chain.map((node, i) => {
          const link = i < chain.length - 1 ? rules.game.link(node, chain[i + 1]!) : null;
          return { entity: names.get(node)!, relationship: link && relationshipOf(storedStep(graph, node, link).via!) };
        }),
        foundByPercent: solvers === 0 ? 0 : Math.round((100 * (found.get(key) ?? 0)) / solvers),
        yours: key === mineKey,
      })),
    };
  }

  /** Why a finished solve paid no points, or null when it paid (or did not solve). */
  function noPointsReason(row: AttemptRow, definition: ChallengeDefinition): string | null {
    if (row.status !== 'solved' || row.points > 0) return null;
    const links = row.degrees ?? 0;
    if (row.wholeChain) return 'Sent as a whole chain without an attempt on the clock: no points are paid. Start the challenge, then send your chain.';
    if (row.timeMs !== null && row.timeMs < solveFloorMs(links)) {
      return `Solved faster than a person can pick ${plural(links, 'link')} (${SOLVE_FLOOR_SECONDS_PER_LINK} seconds a link): no points are paid.`;
    }
    if (!row.rewarded) {
      if (definition.kind === 'daily' && definition.date !== utcDate(row.startedAt)) return 'An archive daily: played for fun, no points are paid.';
      if (definition.expiresAt && row.startedAt.getTime() >= definition.expiresAt.getTime()) return 'This challenge had closed: played for fun, no points are paid.';
      return 'You had already solved this challenge or seen its answer: it pays no more points.';
    }
    return row.hints.length > 0 ? 'The hints took the whole reward.' : null;
  }

  async function resultOf(row: AttemptRow, definition: ChallengeDefinition, rules: PlayRules): Promise<AttemptResult> {
    const success = row.status === 'solved';
    const unpaid = noPointsReason(row, definition);
    return {
      success,
      degrees: success ? row.degrees : null,
      par: definition.par,
      timeTaken: (row.timeMs ?? 0) / 1000,
      moves: row.moves,
      hintsUsed: row.hints.length,
      points: row.points,
      message: unpaid ? `Connection found in ${row.degrees} degrees. ${unpaid}` : resultMessage(row.status, row.points, row.degrees),
      noPointsReason: unpaid,
      shareText: shareText({
        number: definition.number,
        title: definition.title,
        status: row.status,
        degrees: row.degrees,
        par: definition.par,
        timeMs: row.timeMs ?? 0,
        links: row.chain.flatMap((step) => (step.via ? [step.via.type as Relationship] : [])),
      }),
      reveal: await reveal(definition, rules, row),
    };
  }

  async function present(row: AttemptRow, definition: ChallengeDefinition, rules: PlayRules): Promise<AttemptState> {
    const { graph } = rules.game;
    const hintNodes = row.hints.map((key) => graph.resolve(key)).filter((node) => node >= 0);
    const chainNodes = row.chain.map((step) => graph.resolve(step.key));
    const names = await summariesOf([rules.from, rules.to, ...chainNodes.filter((node) => node >= 0), ...hintNodes]);
    return {
      attemptId: String(row.id),
      challengeId: row.challengeId,
      fromEntity: names.get(rules.from)!,
      toEntity: names.get(rules.to)!,
      theme: definition.theme,
      par: definition.par,
      status: row.status,
      chain: row.chain.map((step, i) => ({ entity: names.get(chainNodes[i]!)!, via: step.via && relationshipOf(step.via) }) satisfies ChainStep),
      moves: row.moves,
      moveLimit: definition.moveLimit,
      hintsUsed: row.hints.length,
      hints: hintNodes.map((node) => names.get(node)!),
      startedAt: row.startedAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      serverNow: clock(),
      rewarded: row.rewarded,
      result: row.status === 'playing' ? null : await resultOf(row, definition, rules),
      version: row.version,
    };
  }

  /** Loads the caller's attempt with its challenge and rules, settled on the server's clock. */
  async function attemptContext(userId: number, attemptId: string) {
    const loaded = await loadAttempt(userId, attemptId);
    const definition = (await storedChallenge(loaded.challengeId))!;
    const rules = await rulesOf(definition);
    return { row: await settle(loaded, definition), definition, rules };
  }

  /** An action on an open attempt at the version the client saw (409 otherwise). */
  function requirePlayable(row: AttemptRow, version: number): void {
    if (row.status !== 'playing') throw conflict('This attempt has ended', { status: row.status });
    if (row.version !== version) throw conflict('This attempt has changed: reload it and try again', { version: row.version });
  }

  // ----- presentation of challenges ------------------------------------------------------------

  const challengeStats = (ids: string[], userId: number | null) => challengeStatsOf(db, ids, userId, new Date(clock()));

  async function presentChallenges(definitions: ChallengeDefinition[], userId: number | null): Promise<Challenge[]> {
    const { graph } = state().game;
    const ends = definitions.flatMap((each) => [graph.resolve(each.fromKey), graph.resolve(each.toKey)]).filter((node) => node >= 0);
    const [names, stats] = await Promise.all([summariesOf(ends), challengeStats(definitions.map((each) => each.id), userId)]);
    return definitions.flatMap((definition) => {
      const [from, to] = [graph.resolve(definition.fromKey), graph.resolve(definition.toKey)];
      if (from < 0 || to < 0) return [];
      const overall = stats.overall.get(definition.id);
      const mine = stats.mine.get(definition.id);
      return [
        {
          id: definition.id,
          kind: definition.kind,
          title: definition.title,
          description: definition.description,
          type: definition.type,
          difficulty: definition.difficulty,
          pointReward: definition.reward,
          fromEntity: names.get(from)!,
          toEntity: names.get(to)!,
          targetDegrees: definition.par,
          theme: definition.theme,
          timeLimit: definition.timeLimitSeconds,
          moveLimit: definition.moveLimit,
          participants: overall?.participants ?? 0,
          completionRate: overall && overall.finished > 0 ? Math.round((100 * overall.solved) / overall.finished) : 0,
          bestTime: seconds(overall?.bestTime),
          bestDegrees: overall?.bestDegrees ?? null,
          userBestTime: seconds(mine?.bestTime),
          userBestDegrees: mine?.bestDegrees ?? null,
          isCompleted: mine?.solved ?? false,
          activeAttemptId: mine?.open === null || mine?.open === undefined ? null : String(mine.open),
          finishedStatus: mine?.finished ?? null,
          expiresAt: definition.expiresAt?.toISOString() ?? null,
        },
      ];
    });
  }

  return {
    /**
     * Prepares what the first challenge request of a loaded graph would otherwise wait for (the films'
     * years, the All Challenges list, today's daily): run once in the background after start-up.
     * Answers what each step cost, for the log.
     */
    async warm(): Promise<{ yearsMs: number; listMs: number; dailyMs: number }> {
      const current = state();
      const started = performance.now();
      const table = await years(current);
      const yearsAt = performance.now();
      listDefinitions(current, table);
      const listAt = performance.now();
      await todaysDaily();
      const dailyAt = performance.now();
      return { yearsMs: Math.round(yearsAt - started), listMs: Math.round(listAt - yearsAt), dailyMs: Math.round(dailyAt - listAt) };
    },

    /** GET /api/challenges/daily. */
    async daily(userId: number | null): Promise<DailyChallenge> {
      const definition = await todaysDaily();
      if (!definition) throw notFound('No challenge available');
      const rules = await rulesOf(definition);
      if (userId !== null) await settleExpired(userId);
      const [names, stats, finished] = await Promise.all([
        summariesOf([rules.from, rules.to]),
        challengeStats([definition.id], userId),
        userId === null ? null : finishedAttempt(userId, definition.id),
      ]);
      const mine = stats.mine.get(definition.id);
      return {
        id: definition.id,
        number: definition.number!,
        date: definition.date!,
        fromEntity: names.get(rules.from)!,
        toEntity: names.get(rules.to)!,
        targetDegrees: definition.par,
        par: definition.par,
        optimalChains: definition.optimalChains,
        difficulty: definition.difficulty,
        timeLimit: Math.round(definition.timeLimitSeconds / 60),
        moveLimit: definition.moveLimit,
        pointReward: definition.reward,
        expiresAt: definition.expiresAt!.toISOString(),
        completedBy: stats.overall.get(definition.id)?.solvedBy ?? 0,
        completedToday: mine?.solvedOnDay ?? false,
        pointsEarned: mine?.solvedOnDay ? mine.points : null,
        activeAttemptId: mine?.open === null || mine?.open === undefined ? null : String(mine.open),
        finished: finished && (await present(finished, definition, rules)),
      };
    },

    /**
     * GET /api/challenges/daily/archive: the past dailies, newest first, up to ARCHIVE_LIMIT days back
     * (never before DAILY_EPOCH). Every past day had a daily whether or not anyone opened it then: a
     * day never stored is generated (the pair of a date depends only on the graph) and stored now.
     */
    async archive(userId: number | null): Promise<{ dailies: ArchivedDaily[] }> {
      const today = dateStart(utcDate(clock()));
      const dates: string[] = [];
      for (let back = 1; back <= ARCHIVE_LIMIT; back++) {
        const date = utcDate(today - back * DAY_MS);
        if (date < DAILY_EPOCH) break;
        dates.push(date);
      }
      const rows = dates.length === 0 ? [] : await db.select().from(challenges).where(and(eq(challenges.kind, 'daily'), inArray(challenges.date, dates)));
      const stored = new Map(rows.map((row) => [row.date, toDefinition(row)]));
      const current = state();
      const definitions: ChallengeDefinition[] = [];
      for (const date of dates) {
        const known = stored.get(date);
        if (known) definitions.push(known);
        else {
          const generated = current.daily.generate(date);
          if (generated) definitions.push(await store(generated));
        }
      }
      const { graph } = state().game;
      const ends = definitions.flatMap((each) => [graph.resolve(each.fromKey), graph.resolve(each.toKey)]).filter((node) => node >= 0);
      const [names, stats] = await Promise.all([summariesOf(ends), challengeStats(definitions.map((each) => each.id), userId)]);
      return {
        dailies: definitions.flatMap((definition) => {
          const [from, to] = [graph.resolve(definition.fromKey), graph.resolve(definition.toKey)];
          if (from < 0 || to < 0) return [];
          return [
            {
              id: definition.id,
              number: definition.number ?? dailyNumber(definition.date!),
              date: definition.date!,
              fromEntity: names.get(from)!,
              toEntity: names.get(to)!,
              par: definition.par,
              difficulty: definition.difficulty,
              completedBy: stats.overall.get(definition.id)?.solvedBy ?? 0,
              completed: stats.mine.get(definition.id)?.solved ?? false,
            },
          ];
        }),
      };
    },

    /** GET /api/challenges: the All Challenges list. */
    async list(userId: number | null): Promise<{ challenges: Challenge[] }> {
      if (userId !== null) await settleExpired(userId);
      const current = state();
      const definitions = listDefinitions(current, await years(current));
      // A list challenge played before is shown as stored (its pair may predate the loaded graph).
      const stored = definitions.length
        ? new Map(
            (await db.select().from(challenges).where(inArray(challenges.id, definitions.map((each) => each.id)))).map((row) => [row.id, toDefinition(row)]),
          )
        : new Map<string, ChallengeDefinition>();
      return { challenges: await presentChallenges(definitions.map((each) => stored.get(each.id) ?? each), userId) };
    },

    /** GET /api/challenges/weekly: this ISO week's. */
    async weekly(userId: number | null): Promise<Challenge> {
      if (userId !== null) await settleExpired(userId);
      const week = isoWeek(clock());
      const stored = await storedChallenge(`weekly-${week.id}`);
      const definition = stored ?? generateWeekly(state().game, clock());
      if (!definition) throw notFound('No challenge available');
      const [presented] = await presentChallenges([definition], userId);
      if (!presented) throw notFound('No challenge available');
      return presented;
    },

    /**
     * POST /api/challenges/:id/attempts: the caller's open attempt; else the finished one (solved, or the
     * answer seen: the result, share text and reveal, and no new clock); else a new one on the server's clock.
     */
    async start(userId: number, challengeId: string): Promise<AttemptState> {
      const definition = await challengeById(challengeId);
      const rules = await rulesOf(definition);
      const open = await openAttempt(userId, definition);
      if (open) return present(open, definition, rules);
      const finished = await finishedAttempt(userId, definition.id);
      if (finished) return present(finished, definition, rules);
      const now = clock();
      // A past daily (the archive) or week stays playable, without points: eligible() says so.
      const rewarded = await eligible(userId, definition, now);
      try {
        const [row] = await db
          .insert(challengeAttempts)
          .values({
            userId,
            challengeId: definition.id,
            status: 'playing',
            chain: [storedStep(rules.game.graph, rules.from, null)],
            hints: [],
            moves: 0,
            rewarded,
            startedAt: new Date(now),
            endsAt: new Date(now + definition.timeLimitSeconds * 1000),
          })
          .returning();
        return present(row!, definition, rules);
      } catch (error) {
        // Two starts at once: the other one's attempt is the open one (or has already ended).
        if (!isUniqueViolation(error, 'challenge_attempts_one_open_idx')) throw error;
        const raced = (await openAttempt(userId, definition)) ?? (await finishedAttempt(userId, definition.id));
        if (!raced) throw error;
        return present(raced, definition, rules);
      }
    },

    /** GET /api/challenges/attempts/:attemptId. */
    async attempt(userId: number, attemptId: string): Promise<AttemptState> {
      const { row, definition, rules } = await attemptContext(userId, attemptId);
      return present(row, definition, rules);
    },

    /** A pick: refused picks cost a move too. */
    async move(userId: number, attemptId: string, input: AttemptMove): Promise<MoveOutcome> {
      const { row, definition, rules } = await attemptContext(userId, attemptId);
      requirePlayable(row, input.version);
      const node = rules.game.graph.resolve(input.entity);
      const play = applyPick(rules, { chain: chainOf(rules, row), moves: row.moves, status: 'playing' }, node < 0 ? -1 : node);
      const written = await writePlay(row, definition, rules, play);
      return { accepted: play.accepted, reason: play.reason, attempt: await present(written, definition, rules) };
    },

    /** Undo the last link (costs a move). */
    async undo(userId: number, attemptId: string, input: AttemptAction): Promise<MoveOutcome> {
      const { row, definition, rules } = await attemptContext(userId, attemptId);
      requirePlayable(row, input.version);
      const play = applyUndo(rules, { chain: chainOf(rules, row), moves: row.moves, status: 'playing' });
      if (!play.accepted) return { accepted: false, reason: play.reason, attempt: await present(row, definition, rules) };
      const written = await writePlay(row, definition, rules, play);
      return { accepted: true, reason: null, attempt: await present(written, definition, rules) };
    },

    /** A hint: a popular neighbour on an optimal chain from the chain's end; costs HINT_COST_POINTS. */
    async hint(userId: number, attemptId: string, input: AttemptAction): Promise<AttemptState> {
      const { row, definition, rules } = await attemptContext(userId, attemptId);
      requirePlayable(row, input.version);
      const chain = chainOf(rules, row);
      const { graph } = rules.game;
      const hinted = new Set(row.hints.map((key) => graph.resolve(key)));
      const node = hintFor(rules, chain.nodes, hinted, distanceTo(definition.id, rules));
      if (node === null) throw conflict('No hint available from here');
      const hints = hinted.has(node) ? row.hints : [...row.hints, graph.key(node)];
      const written = await writePlay(row, definition, rules, { accepted: true, reason: null, chain, moves: row.moves, status: 'playing' }, { hints });
      return present(written, definition, rules);
    },

    /** Give up: the attempt ends with the reveal and no points. */
    async giveUp(userId: number, attemptId: string, input: AttemptAction): Promise<AttemptState> {
      const { row, definition, rules } = await attemptContext(userId, attemptId);
      requirePlayable(row, input.version);
      const written = await writePlay(row, definition, rules, { accepted: true, reason: null, chain: chainOf(rules, row), moves: row.moves, status: 'gave_up' });
      return present(written, definition, rules);
    },

    /**
     * POST /api/challenges/attempt: a whole chain, validated link by link (400 INVALID_PATH naming the
     * bad link), under the rules of link-by-link play: each link is a move (a chain longer than the moves
     * left is refused, 409, and does not solve), the time counts from the open attempt's start, and a
     * solve under the human floor pays 0. Without an open attempt there is no clock: the chain is recorded
     * as solved and pays 0. A challenge the caller has finished (solved, or seen the answer) is refused.
     */
    async wholeChain(userId: number, input: WholeChainAttempt): Promise<AttemptResult> {
      const definition = await challengeById(input.challengeId);
      const rules = await rulesOf(definition);
      const { graph } = rules.game;
      const nodes = input.chain.map((key) => graph.resolve(key));
      const unknown = nodes.findIndex((node) => node < 0);
      const checked = unknown >= 0 ? ({ ok: false, index: Math.max(0, unknown - 1), reason: `Unknown entity ${input.chain[unknown]}` } as const) : validateChain(rules, nodes);
      if (!checked.ok) {
        const from = input.chain[checked.index];
        const to = input.chain[checked.index + 1] ?? null;
        throw new AppError(400, 'INVALID_PATH', `Invalid connection path: link ${checked.index + 1} (${checked.reason})`, { link: checked.index + 1, from, to, reason: checked.reason });
      }
      const chain = checked.chain;
      const links = chain.nodes.length - 1;
      const tooLong = (movesLeft: number) => {
        if (links <= movesLeft) return;
        const left = `${plural(movesLeft, 'move')} ${movesLeft === 1 ? 'is' : 'are'} left`;
        throw conflict(`This chain needs ${links} moves and ${left}: it does not solve the attempt.`, { movesLeft, links });
      };
      const open = await openAttempt(userId, definition);
      if (open) {
        tooLong(definition.moveLimit - open.moves);
        const written = await writePlay(open, definition, rules, { accepted: true, reason: null, chain, moves: open.moves + links, status: 'solved' });
        return resultOf(written, definition, rules);
      }
      if (await finishedAttempt(userId, definition.id)) {
        throw conflict('You have finished this challenge (solved it, or seen the answer): it pays no more points.', { finished: true });
      }
      tooLong(definition.moveLimit);
      const now = clock();
      // No attempt on the clock: no time a person took, so the solve is recorded and pays nothing.
      const [row] = await db
        .insert(challengeAttempts)
        .values({
          userId,
          challengeId: definition.id,
          status: 'solved',
          chain: chain.nodes.map((node, i) => storedStep(graph, node, chain.links[i] ?? null)),
          hints: [],
          moves: links,
          rewarded: false,
          wholeChain: true,
          startedAt: new Date(now),
          endsAt: new Date(now),
          finishedAt: new Date(now),
          timeMs: 0,
          degrees: links,
          points: 0,
          version: 1,
        })
        .returning();
      return resultOf(row!, definition, rules);
    },

    /** GET /api/users/me/challenge-stats. */
    async stats(userId: number): Promise<ChallengeStats> {
      await settleExpired(userId);
      const [totals, days] = await Promise.all([userTotals(db, userId), solvedDailyDates(db, userId)]);
      const streaks = streaksOf(days, utcDate(clock()));
      // While the boards cannot be read: the last rank read, and the answer says so.
      const { rank, degraded } = await ports.challengeRank(userId);
      const t = totals;
      return {
        completed: t.completed,
        averageTime: t.averageTime === null ? null : Math.round(Number(t.averageTime)) / 1000,
        successRate: t.finished > 0 ? Math.round((100 * t.solved) / t.finished) : 0,
        rank,
        successfulAttempts: t.solved,
        bestTime: seconds(t.bestTime),
        totalPointsEarned: t.points,
        ...streaks,
        ...(degraded ? { degraded: true as const } : {}),
      };
    },
  };
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
