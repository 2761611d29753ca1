import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import type { DbTransaction } from '../../platform/events/index.js';
import { activityItems } from './schema.js';

/** How a feed item of someone else names a deleted member they followed. */
export const DELETED_MEMBER = 'a deleted member';

/** The user's rows in activity: the feed items of their own moments (others' items naming them are anonymised). */
export const activityFootprint: UserFootprintPart[] = [
  { table: activityItems, rows: (userId) => eq(activityItems.userId, userId), removal: { counted: 'activityItems' } },
];

/** Others' feed items that name the user: "X followed <them>". */
const namingThem = (userId: number) => and(eq(activityItems.type, 'follow'), eq(activityItems.subjectKey, `follow:${userId}`), sql`${activityItems.userId} <> ${userId}`)!;

export async function countItemsNaming(executor: Db | DbTransaction, userId: number): Promise<number> {
  return (await executor.select({ value: count() }).from(activityItems).where(namingThem(userId)))[0]?.value ?? 0;
}

/** Others' items that named the user stay, naming "a deleted member" and linking nowhere. */
export async function anonymiseItemsNaming(tx: DbTransaction, userId: number): Promise<number> {
  const rows = await tx
    .update(activityItems)
    .set({ content: sql`(${activityItems.content} - 'targetUser') || jsonb_build_object('targetDisplayName', ${DELETED_MEMBER}::text)`, subjectKey: null })
    .where(namingThem(userId))
    .returning({ id: activityItems.id });
  return rows.length;
}
