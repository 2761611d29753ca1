import { and, eq, inArray } from 'drizzle-orm';
import type { GraphService } from '../../graph/index.js';
import type { Graph } from '../../graph/snapshot.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { DbTransaction } from '../../platform/events/types.js';
import { DailyGenerator, dailyId, DAILY_EPOCH } from './daily.js';
import { dateStart, isoWeek, utcDate, type ChallengeDefinition } from './definition.js';
import { GameGraph } from './game-graph.js';
import { generateList, generateWeekly } from './list.js';
import type { ChallengePorts, Clock } from './ports.js';
import { ruleFilter, themeCheck, type PlayRules } from './rules.js';
import { challenges } from './schema.js';

/**
 * The challenges themselves: the daily (seeded by its UTC date), the weekly and the All Challenges list,
 * generated from the loaded graph and stored on first use, with what is derived once per loaded graph
 * (the game graph, the films' years, the list, distances to goals) and the rules of play over it.
 */

/** Distances kept per loaded graph (one byte per entity each). */
const DISTANCE_CACHE_ENTRIES = 64;

type ChallengeRow = typeof challenges.$inferSelect;

/** Everything derived from one loaded graph (rebuilt when a new snapshot is loaded). */
interface GraphState {
  game: GameGraph;
  daily: DailyGenerator;
  list: ChallengeDefinition[] | null;
  years: Int16Array | null;
  distances: Map<string, Uint8Array>;
}

export const conflict = (message: string, details?: unknown) => new AppError(409, 'CONFLICT', message, details);

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


export function createChallengeStore(deps: { db: Db; graph: GraphService; clock: Clock; releaseYears: ChallengePorts['releaseYears'] }) {
  const { db, graph: graphService, clock } = deps;
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
    const byKey = await deps.releaseYears();
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

  /**
   * The past dailies of `dates`, in order: stored, or generated now and stored (the pair of a date depends
   * only on the graph), so every past day had a daily whether or not anyone opened it then.
   */
  async function pastDailies(dates: string[]): Promise<ChallengeDefinition[]> {
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
    return definitions;
  }

  /** The All Challenges list; a list challenge played before is shown as stored (its pair may predate the loaded graph). */
  async function listed(): Promise<ChallengeDefinition[]> {
    const current = state();
    const definitions = listDefinitions(current, await years(current));
    const stored = definitions.length
      ? new Map(
          (await db.select().from(challenges).where(inArray(challenges.id, definitions.map((each) => each.id)))).map((row) => [row.id, toDefinition(row)]),
        )
      : new Map<string, ChallengeDefinition>();
    return definitions.map((each) => stored.get(each.id) ?? each);
  }

  /** This ISO week's challenge: stored, or generated (not stored until played); null when the graph cannot make one. */
  async function thisWeek(): Promise<ChallengeDefinition | null> {
    const week = isoWeek(clock());
    const stored = await storedChallenge(`weekly-${week.id}`);
    return stored ?? generateWeekly(state().game, clock());
  }

  /**
   * Prepares what the first challenge request of a loaded graph would otherwise wait for (the films'
   * years, the All Challenges list, today's daily). Answers what each step cost, for the log.
   */
  async function warm(): Promise<{ yearsMs: number; listMs: number; dailyMs: number }> {
    const current = state();
    const started = performance.now();
    const table = await years(current);
    const yearsAt = performance.now();
    listDefinitions(current, table);
    const listAt = performance.now();
    await todaysDaily();
    const dailyAt = performance.now();
    return { yearsMs: Math.round(yearsAt - started), listMs: Math.round(listAt - yearsAt), dailyMs: Math.round(dailyAt - listAt) };
  }

  return {
    /** The loaded graph as the game plays it (503 while it loads). */
    game: () => state().game,
    rulesOf,
    distanceTo,
    storedChallenge,
    todaysDaily,
    challengeById,
    pastDailies,
    listed,
    thisWeek,
    warm,
  };
}

export type ChallengeStore = ReturnType<typeof createChallengeStore>;
