import type { AuditAction, AuditEntry, AuditResponse } from '@cinema-dna/shared-types';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import type { DbTransaction } from '../../platform/events/index.js';
import { auditLog } from './schema.js';

/** One admin or moderator action, as it is written. */
export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row, in the transaction of the change it records (or alone when the change has none). */
export async function recordAudit(executor: Db | DbTransaction, entry: AuditRecord): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The port other features write audit rows through (moderation, the inbox): they never import this feature. */
export type AuditRecorder = (tx: DbTransaction, entry: AuditRecord) => Promise<void>;

/** Newest first, `limit` rows older than `before` (an id); the actor's current username joined. */
export async function listAudit(db: Db, query: { limit: number; before?: number }): Promise<AuditResponse> {
  const conditions: SQL[] = [];
  if (query.before !== undefined) conditions.push(lt(auditLog.id, query.before));
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      username: users.username,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const entries: AuditEntry[] = page.map((row) => ({
    id: row.id,
    actor: row.actorId !== null && row.username !== null ? { id: row.actorId, username: row.username } : null,
    action: row.action as AuditAction,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
  return { entries, nextBefore: rows.length > query.limit ? page[page.length - 1]!.id : null };
}
