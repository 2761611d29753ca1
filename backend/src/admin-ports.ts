/**
 * The admin feature's port into every feature's rows of a user (user deletion), through the footprints
 * the features registered (user-footprints.ts): the composition root's code, like discovery-ports.ts,
 * so the admin feature imports no other feature.
 */
import { count, sql } from 'drizzle-orm';
import { anonymiseItemsNaming, countItemsNaming } from './features/activity/footprint.js';
import type { UserFootprint, UserRemovals } from './features/admin/ports.js';
import { USER_FOOTPRINTS } from './user-footprints.js';

/** The registered parts deleted and counted explicitly, each under its kind (user-footprints.ts). */
const counted = USER_FOOTPRINTS.flatMap((part) => ('counted' in part.removal ? [{ ...part, kind: part.removal.counted as keyof UserRemovals }] : []));

/**
 * A user's rows in every feature, as the features registered them (user-footprints.ts). `remove` deletes
 * each counted kind explicitly (its count is what went) and anonymises others' items that named them,
 * before the account's own delete cascades over the parts registered as `cascade` (badge counters, email
 * tokens, discovery views: nothing the dialog lists).
 */
export function userFootprint(): UserFootprint {
  return {
    async count(executor, userId) {
      const counts = await Promise.all(
        counted.map(async ({ kind, table, rows }) => [kind, (await executor.select({ value: count() }).from(table).where(rows(userId)))[0]?.value ?? 0] as const),
      );
      return Object.fromEntries(counts) as UserRemovals;
    },
    async remove(tx, userId) {
      const removed = {} as UserRemovals;
      for (const { kind, table, rows } of counted) {
        removed[kind] = (await tx.delete(table).where(rows(userId)).returning({ one: sql<number>`1` })).length;
      }
      return removed;
    },
    countNamingItems: countItemsNaming,
    anonymiseNamingItems: anonymiseItemsNaming,
  };
}
