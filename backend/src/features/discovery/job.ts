import { TRENDING_RECOMPUTE_MS, type Mood } from '@cinema-dna/shared-types';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { SNAPSHOT_VERSION, type GraphService } from '../../graph/index.js';
import type { Graph } from '../../graph/snapshot.js';
import { entities } from '../../catalog/schema.js';
import type { Db } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logging.js';
import { DAY_MS, HOUR_MS, NO_DAY, releaseDay, TRENDING_WINDOWS } from './formulas.js';
import { computeLists, LIST_NAMES, type CommunityRating, type MovieFacts } from './lists.js';
import { discoveryActivity, discoveryLists } from './schema.js';

/** The claim row's name in discovery_lists. */
export const JOB_ROW = 'job';
/** How often the timer asks whether a recompute is due. */
export const DEFAULT_CHECK_INTERVAL_MS = 60_000;
/** Activity rows older than this are pruned at a recompute (the widest window, plus a day). */
const ACTIVITY_RETENTION_MS = TRENDING_WINDOWS.week.hours * HOUR_MS + DAY_MS;
/** Processes' clocks may differ by this much; lists computed further in the future are stale (the clock went back). */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Movie detail rows read per query when the facts are scanned. */
const SCAN_PAGE = 10_000;

export type RunOutcome = 'computed' | 'fresh' | 'claimed-elsewhere' | 'no-graph';

export interface ListsJobDeps {
  db: Db;
  graph: GraphService;
  /** The injected clock (createServices' deps.clock): what "now" and "an hour later" mean. */
  clock: () => number;
  /** The community's star ratings (extra votes of the weighted rating). */
  ratings: () => Promise<CommunityRating[]>;
  moods: readonly Mood[];
  logger: Logger;
  /** How often the timer checks whether a recompute is due; default DEFAULT_CHECK_INTERVAL_MS. */
  checkIntervalMs?: number;
}

/** Which graph the lists were computed on: a new import (another snapshot) makes them stale at once. */
const graphVersion = (graph: Graph) => `v${SNAPSHOT_VERSION}.${graph.nodeCount}.${graph.linkCount}`;

/**
 * The hourly recompute of every discovery list (trending, highest rated, recent, upcoming, award
 * winners, popular people, moods, the surprise pool, genres' most popular).
 *
 * Every process runs the timer; one recomputes per hour. The claim is a conditional UPDATE of the `job`
 * row: `computed_at = now WHERE computed_at <= now - 1 h` (or the lists were computed on another graph, or
 * the clock went back).
 * The process whose UPDATE matched computes and writes every list in one transaction with that
 * `computed_at`; the others keep serving the stored lists. A failed recompute gives its claim back, so
 * the next check (any process) tries again. A process dying mid-recompute leaves the old lists for
 * another hour.
 */
export function createListsJob(deps: ListsJobDeps) {
  const { db, logger, clock } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RunOutcome> | null = null;
  let closed = false;

  async function claim(now: number, version: string): Promise<Date | null> {
    await db
      .insert(discoveryLists)
      .values({ name: JOB_ROW, computedAt: new Date(0), items: {} })
      .onConflictDoNothing();
    const cutoff = new Date(now - TRENDING_RECOMPUTE_MS);
    // Lists computed "in the future" mean the clock went back (far beyond the skew between processes): stale too.
    const future = new Date(now + CLOCK_SKEW_MS);
    const [claimed] = await db
      .update(discoveryLists)
      .set({ computedAt: new Date(now), items: sql`jsonb_build_object('graph', ${version}::text, 'previous', ${discoveryLists.computedAt})` })
      .where(and(eq(discoveryLists.name, JOB_ROW), sql`(${discoveryLists.computedAt} <= ${cutoff.toISOString()}::timestamptz or ${discoveryLists.computedAt} > ${future.toISOString()}::timestamptz or ${discoveryLists.items}->>'graph' is distinct from ${version}::text)`))
      .returning({ previous: sql<string>`${discoveryLists.items}->>'previous'` });
    return claimed ? new Date(claimed.previous) : null;
  }

  async function recompute(graph: Graph, now: number): Promise<void> {
    const started = performance.now();
    const [facts, ratings, activity] = await Promise.all([
      readMovieFacts(db, graph),
      deps.ratings(),
      db
        .select()
        .from(discoveryActivity)
        .where(gte(discoveryActivity.hour, new Date(now - TRENDING_WINDOWS.week.hours * HOUR_MS - HOUR_MS))),
    ]);
    const lists = computeLists({ graph, facts, community: ratings, activity, moods: deps.moods, now });
    const computedAt = new Date(now);
    await db.transaction(async (tx) => {
      for (const name of LIST_NAMES) {
        await tx
          .insert(discoveryLists)
          .values({ name, computedAt, items: lists[name] })
          .onConflictDoUpdate({ target: discoveryLists.name, set: { computedAt, items: lists[name] } });
      }
      await tx.delete(discoveryActivity).where(lt(discoveryActivity.hour, new Date(now - ACTIVITY_RETENTION_MS)));
    });
    logger.info({ ms: Math.round(performance.now() - started), activityRows: activity.length, communityRatings: ratings.length }, 'discovery lists recomputed');
  }

  async function run(): Promise<RunOutcome> {
    let graph: Graph;
    try {
      graph = deps.graph.graph;
    } catch {
      return 'no-graph';
    }
    const now = clock();
    const version = graphVersion(graph);
    const previous = await claim(now, version);
    if (!previous) {
      const [row] = await db.select({ computedAt: discoveryLists.computedAt }).from(discoveryLists).where(eq(discoveryLists.name, JOB_ROW));
      return row && row.computedAt.getTime() > now - TRENDING_RECOMPUTE_MS && row.computedAt.getTime() <= now + CLOCK_SKEW_MS ? 'fresh' : 'claimed-elsewhere';
    }
    try {
      await recompute(graph, now);
      return 'computed';
    } catch (error) {
      // Give the claim back: the next check, here or in another process, tries again.
      await db
        .update(discoveryLists)
        .set({ computedAt: previous })
        .where(and(eq(discoveryLists.name, JOB_ROW), eq(discoveryLists.computedAt, new Date(now))))
        .catch(() => {});
      throw error;
    }
  }

  /** Recomputes when the stored lists are an hour old (by the clock) or from another graph; one run at a time. */
  function runDue(): Promise<RunOutcome> {
    if (!running) {
      running = run().finally(() => {
        running = null;
      });
    }
    return running;
  }

  const logFailure = (error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, 'discovery lists not recomputed');

  return {
    runDue,

    /** Computes now if nothing is stored or it is stale, then checks every checkIntervalMs. */
    start(): void {
      if (timer || closed) return;
      void runDue().catch(logFailure);
      timer = setInterval(() => {
        if (!closed) void runDue().catch(logFailure);
      }, deps.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS);
      timer.unref();
    },

    /** Resolves once the run in progress (if any) is over. */
    async settled(): Promise<void> {
      await running?.catch(() => {});
    },

    /** Stops the timer and waits for the run in progress. */
    async close(): Promise<void> {
      closed = true;
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
export type ListsJob = ReturnType<typeof createListsJob>;

/**
 * Every movie's rating, votes and release day from the details store, into arrays indexed by graph
 * node: one pass, a page of rows at a time (rows of several sources merge: the row with more votes
 * gives the rating, the first known date the release). Movies the graph does not hold are skipped.
 */
export async function readMovieFacts(db: Db, graph: Graph): Promise<MovieFacts> {
  const facts: MovieFacts = {
    rating: new Float32Array(graph.nodeCount).fill(Number.NaN),
    votes: new Float32Array(graph.nodeCount),
    released: new Int32Array(graph.nodeCount).fill(NO_DAY),
  };
  let after: { key: string; source: string } | null = null;
  for (;;) {
    const rows: Array<{ key: string; source: string; rating: string | null; votes: string | null; date: string | null; year: string | null }> = await db
      .select({
        key: entities.key,
        source: entities.source,
        rating: sql<string | null>`${entities.details}->>'vote_average'`,
        votes: sql<string | null>`${entities.details}->>'vote_count'`,
        date: sql<string | null>`${entities.details}->>'release_date'`,
        year: sql<string | null>`${entities.details}->>'year'`,
      })
      .from(entities)
      .where(and(eq(entities.type, 'movie'), after ? sql`(${entities.key}, ${entities.source}) > (${after.key}, ${after.source})` : undefined))
      .orderBy(asc(entities.key), asc(entities.source))
      .limit(SCAN_PAGE);
    for (const row of rows) {
      const node = graph.resolve(row.key);
      if (node < 0) continue;
      const votes = Number(row.votes);
      const rating = Number(row.rating);
      if (row.votes !== null && row.rating !== null && Number.isFinite(votes) && Number.isFinite(rating) && votes > 0 && votes >= facts.votes[node]!) {
        facts.votes[node] = votes;
        facts.rating[node] = rating;
      }
      if (facts.released[node] === NO_DAY) facts.released[node] = releaseDay(row.date, row.year === null ? null : Number(row.year));
    }
    if (rows.length < SCAN_PAGE) return facts;
    const last = rows.at(-1)!;
    after = { key: last.key, source: last.source };
  }
}
