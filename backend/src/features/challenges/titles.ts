import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import type { DbTransaction } from '../../platform/events/index.js';
import { challenges } from './schema.js';

/**
 * Challenges' titles by id, read from the stored definitions: the activity feed's port (wired in
 * services.ts). It reads through the caller's executor: a subscriber's transaction
 * sees its own uncommitted rows and holds no second pooled connection.
 */
export async function challengeTitles(executor: Db | DbTransaction, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor.select({ id: challenges.id, title: challenges.title }).from(challenges).where(inArray(challenges.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.title]));
}
