/**
 * The admin feature's ports into the rest of the app (every feature's rows of a user, the graph's
 * names, the machine's health): the composition root's code, like discovery-ports.ts, so the admin
 * feature imports no other feature.
 */
import { parseEntityKey, type AdminEntityRef } from '@cinema-dna/shared-types';
import { count, sql } from 'drizzle-orm';
import { anonymiseItemsNaming, countItemsNaming } from './features/activity/footprint.js';
import type { EntityRefs, UserFootprint, UserRemovals } from './features/admin/ports.js';
import type { GraphService } from './graph/index.js';
import { USER_FOOTPRINTS } from './user-footprints.js';

/** Entities named from the loaded graph; a key it does not hold (a reloaded catalog) is named by its key. */
export function graphEntityRefs(graph: GraphService): EntityRefs {
  return (key): AdminEntityRef => {
    const parts = parseEntityKey(key);
    const fallback: AdminEntityRef = { id: parts?.id ?? key, type: parts?.type ?? 'movie', name: key };
    try {
      const index = graph.resolve(key);
      if (index === null || index < 0) return fallback;
      const entity = graph.entityAt(index);
      return { id: parts?.id ?? key, type: entity.type, name: entity.name };
    } catch {
      return fallback;
    }
  };
}

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
