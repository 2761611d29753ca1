import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { watchlistItems } from './schema.js';

/** The watchlist alone: films to watch, not the films marked watched (an imported rating is no film to watch). */
export async function countToWatch(db: Db, userId: number): Promise<number> {
  return (await db.select({ value: count() }).from(watchlistItems).where(and(eq(watchlistItems.userId, userId), eq(watchlistItems.watched, false))))[0]?.value ?? 0;
}
