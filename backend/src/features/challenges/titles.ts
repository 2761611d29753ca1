import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { challenges } from './schema.js';

/** Challenges' titles by id, read from the stored definitions (the activity feed's port; wired in services.ts). */
export function challengeTitles(db: Db) {
  return async (ids: readonly string[]): Promise<Map<string, string>> => {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: challenges.id, title: challenges.title }).from(challenges).where(inArray(challenges.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row.title]));
  };
}
