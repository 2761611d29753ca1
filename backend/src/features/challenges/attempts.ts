import { SOLVE_FLOOR_SECONDS_PER_LINK } from '@cinema-dna/shared-types';
import { and, asc, eq, lt, lte, ne, sql } from 'drizzle-orm';
import type { Graph } from '../../graph/snapshot.js';
import type { Db } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { notFound } from '../../platform/errors.js';
import { userAggregate, type DomainEvents } from '../../platform/events/index.js';
import type { DbTransaction } from '../../platform/events/types.js';
import { utcDate, type ChallengeDefinition } from './definition.js';
import { conflict } from './challenge-store.js';
import type { GameLink } from './game-graph.js';
import type { Clock } from './ports.js';
import type { Chain, PlayOutcome, PlayRules } from './rules.js';
import { challengeAttempts, type StoredChainStep } from './schema.js';
import { scoreAttempt } from './scoring.js';

/**
 * Attempts as stored: played link by link on the server's clock, settled when their time is up, each
 * write checked against the version read; a solve is scored and records `challenge.solved` in its
 * transaction (points and badges react to it).
 */

/** The human floor in milliseconds for a chain of `links` links (a faster solve pays 0 points). */
export const solveFloorMs = (links: number) => links * SOLVE_FLOOR_SECONDS_PER_LINK * 1000;

export type AttemptRow = typeof challengeAttempts.$inferSelect;

export const storedStep = (graph: Graph, node: number, link: GameLink | null): StoredChainStep => ({
  key: graph.key(node),
  via: link && { type: link.relationship, direction: link.direction, label: link.label, tier: link.tier },
});

/** An attempt's stored chain as nodes and links of the loaded graph (409 when it no longer holds them). */
export function chainOf(rules: PlayRules, row: AttemptRow): Chain {
  const { graph } = rules.game;
  const nodes = row.chain.map((step) => graph.resolve(step.key));
  if (nodes.some((node) => node < 0)) throw conflict('This attempt cannot be played on the loaded catalog');
  return { nodes, links: nodes.map((node, i) => (i === 0 ? null : rules.game.link(nodes[i - 1]!, node))) };
}

/** An action on an open attempt at the version the client saw (409 otherwise). */
export function requirePlayable(row: AttemptRow, version: number): void {
  if (row.status !== 'playing') throw conflict('This attempt has ended', { status: row.status });
  if (row.version !== version) throw conflict('This attempt has changed: reload it and try again', { version: row.version });
}

export function createAttemptStore(deps: { db: Db; events: Pick<DomainEvents, 'transaction' | 'record'>; clock: Clock }) {
  const { db, events, clock } = deps;

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

  /** A new attempt on the server's clock from `now`; two starts at once answer the other one's attempt (open, or already ended). */
  async function begin(userId: number, definition: ChallengeDefinition, first: StoredChainStep, rewarded: boolean, now: number): Promise<AttemptRow> {
    try {
      const [row] = await db
        .insert(challengeAttempts)
        .values({
          userId,
          challengeId: definition.id,
          status: 'playing',
          chain: [first],
          hints: [],
          moves: 0,
          rewarded,
          startedAt: new Date(now),
          endsAt: new Date(now + definition.timeLimitSeconds * 1000),
        })
        .returning();
      return row!;
    } catch (error) {
      if (!isUniqueViolation(error, 'challenge_attempts_one_open_idx')) throw error;
      const raced = (await openAttempt(userId, definition)) ?? (await finishedAttempt(userId, definition.id));
      if (!raced) throw error;
      return raced;
    }
  }

  /** A whole chain sent without an attempt on the clock: no time a person took, so the solve is recorded and pays nothing. */
  async function recordUntimedSolve(userId: number, definition: ChallengeDefinition, chain: StoredChainStep[]): Promise<AttemptRow> {
    const now = clock();
    const links = chain.length - 1;
    const [row] = await db
      .insert(challengeAttempts)
      .values({
        userId,
        challengeId: definition.id,
        status: 'solved',
        chain,
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
    return row!;
  }

  return { load: loadAttempt, settle, settleExpired, eligible, finishedAttempt, openAttempt, writePlay, begin, recordUntimedSolve };
}

export type AttemptStore = ReturnType<typeof createAttemptStore>;
