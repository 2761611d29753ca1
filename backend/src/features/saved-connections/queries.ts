import { count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { savedConnections } from './schema.js';

/** A user's saved connections, counted (their profile). */
export async function countSavedConnections(db: Db, userId: number): Promise<number> {
  return (await db.select({ value: count() }).from(savedConnections).where(eq(savedConnections.userId, userId)))[0]?.value ?? 0;
}
