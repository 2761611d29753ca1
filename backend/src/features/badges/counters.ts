import { and, eq, sql } from 'drizzle-orm';
import type { DbTransaction, EventRecorder } from '../../platform/events/index.js';
import { userAggregate } from '../../platform/events/index.js';
import { BADGES_BY_COUNTER, type BadgeCounter } from './definitions.js';
import { badgeCountedKeys, badgeCounters, earnedBadges } from './schema.js';

/** How one event moves a counter. */
export type CounterChange =
  /** Add `by` (the event is delivered once in its transaction, so the sum is exact). */
  | { add: number }
  /** Add 1 the first time `key` is counted (a review of an entity already reviewed counts nothing). */
  | { distinct: string }
  /** Keep the largest value seen (a level, a balance, a follower count). */
  | { max: number }
  /** A run of consecutive UTC days: the same day counts once, the next day adds one, a gap starts again at 1. */
  | { streakDay: string };

const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/** The counter's value after the change (unchanged when the change counted nothing). */
async function applyChange(tx: DbTransaction, userId: number, counter: BadgeCounter, change: CounterChange): Promise<number> {
  const upsert = (value: number, set: Record<string, unknown>) =>
    tx
      .insert(badgeCounters)
      .values({ userId, counter, value })
      .onConflictDoUpdate({ target: [badgeCounters.userId, badgeCounters.counter], set: { ...set, updatedAt: sql`now()` } })
      .returning({ value: badgeCounters.value });

  if ('add' in change) return (await upsert(change.add, { value: sql`${badgeCounters.value} + ${change.add}` }))[0]!.value;
  if ('max' in change) return (await upsert(change.max, { value: sql`greatest(${badgeCounters.value}, ${change.max})` }))[0]!.value;
  if ('distinct' in change) {
    const fresh = await tx.insert(badgeCountedKeys).values({ userId, counter, key: change.distinct }).onConflictDoNothing().returning({ key: badgeCountedKeys.key });
    if (fresh.length > 0) return (await upsert(1, { value: sql`${badgeCounters.value} + 1` }))[0]!.value;
    const [row] = await tx.select({ value: badgeCounters.value }).from(badgeCounters).where(and(eq(badgeCounters.userId, userId), eq(badgeCounters.counter, counter)));
    return row?.value ?? 0;
  }
  // A streak reads its last day first: the row is locked so two sign-ins of one user queue here.
  await tx.insert(badgeCounters).values({ userId, counter, value: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ value: badgeCounters.value, lastKey: badgeCounters.lastKey })
    .from(badgeCounters)
    .where(and(eq(badgeCounters.userId, userId), eq(badgeCounters.counter, counter)))
    .for('update');
  const today = dayNumber(change.streakDay);
  const last = row?.lastKey ? dayNumber(row.lastKey) : null;
  // A day already counted, or an older one delivered late, leaves the run as it is.
  if (last !== null && today <= last) return row!.value;
  const value = last !== null && today === last + 1 ? row!.value + 1 : 1;
  await tx
    .update(badgeCounters)
    .set({ value, lastKey: change.streakDay, updatedAt: sql`now()` })
    .where(and(eq(badgeCounters.userId, userId), eq(badgeCounters.counter, counter)));
  return value;
}

/**
 * Moves the user's counter and earns, in the same transaction, every badge on it whose requirement
 * the new value reaches, recording `badge.earned` for each (its reward is paid by the points
 * ledger). A badge is earned once: the unique (user, badge) makes a second reach a no-op.
 * `tx` must be a transaction that records events only for this user (one aggregate per transaction).
 */
export async function count(tx: DbTransaction, events: Pick<EventRecorder, 'record'>, userId: number, counter: BadgeCounter, change: CounterChange): Promise<void> {
  const value = await applyChange(tx, userId, counter, change);
  const reached = (BADGES_BY_COUNTER.get(counter) ?? []).filter((badge) => value >= badge.requirement);
  if (reached.length === 0) return;
  const earned = await tx
    .insert(earnedBadges)
    .values(reached.map((badge) => ({ userId, badgeId: badge.id })))
    .onConflictDoNothing()
    .returning({ badgeId: earnedBadges.badgeId, earnedAt: earnedBadges.earnedAt });
  for (const row of earned) {
    const badge = reached.find((each) => each.id === row.badgeId)!;
    await events.record(tx, 'badge.earned', { userId, badgeId: badge.id, name: badge.name, pointsReward: badge.pointsReward, earnedAt: row.earnedAt.toISOString() }, userAggregate(userId));
  }
}
