import {
  ADMIN_METRICS_ROOM,
  ADMIN_RECENT_USERS,
  ADMIN_TEXTS,
  ADMIN_TOP_CONNECTIONS,
  type AdminConnectionsResponse,
  type AdminListQuery,
  type AdminOperationResult,
  type AdminStats,
  type AdminUser,
  type AdminUsersResponse,
  type AdminUserUpdate,
  type ExportKind,
  type UserDeletion,
} from '@cinema-dna/shared-types';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { forbidden } from '../../platform/auth/guards.js';
import { accountColumns } from '../../platform/auth/columns.js';
import { sessions, users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import { userAggregate, type DbTransaction, type EventRecorder } from '../../platform/events/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { listAudit, recordAudit } from './audit.js';
import { adminConnection, exportStream, type ExportOptions } from './export.js';
import type { AdminConnectionCache, EntityRefs, LeaderboardRebuild, SystemHealthSource, UserFootprint } from './ports.js';
import { auditLog, searchedConnections } from './schema.js';

export interface AdminDeps {
  db: Db;
  events: EventRecorder;
  entityRefs: EntityRefs;
  systemHealth: SystemHealthSource;
  cache: AdminConnectionCache;
  rebuildLeaderboards: LeaderboardRebuild;
  footprint: UserFootprint;
  /** Ends a user's open sockets once their deactivation or deletion is committed (new handshakes are refused anyway). */
  sockets: { disconnectUser(userId: number): void; leaveRoom(userId: number, room: string): void };
  /** Export paging (tests shrink or count it). */
  exportOptions?: ExportOptions;
}

/** LIKE's wildcards and its escape character, taken literally. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

const userColumns = accountColumns('id', 'username', 'email', 'level', 'points', 'role', 'isActive', 'lastActiveAt', 'createdAt');
type UserRow = { [K in keyof typeof userColumns]: (typeof userColumns)[K]['_']['data'] };
const toAdminUser = ({ lastActiveAt, createdAt, ...row }: UserRow): AdminUser => ({ ...row, lastActive: lastActiveAt.toISOString(), createdAt: createdAt.toISOString() });

const lastAdmin = () => new AppError(409, 'CONFLICT', ADMIN_TEXTS.lastAdmin);
const notYourself = () => forbidden(ADMIN_TEXTS.notYourself);

/**
 * The admin dashboard: stats, users, searched connections, operations and the audit log. Every
 * action writes exactly one audit row, in the transaction of the change it records.
 */
export function createAdminService(deps: AdminDeps) {
  const { db, events, entityRefs } = deps;

  const toConnection = (row: typeof searchedConnections.$inferSelect) => adminConnection(row, entityRefs);

  /**
   * The target of a role/activation change or a deletion, locked with every active admin (always in
   * that order, ids ascending, so concurrent changes queue instead of deadlocking). A concurrent
   * demotion that committed first is seen here: PostgreSQL re-checks a locked row's WHERE after the wait.
   */
  async function lockTarget(tx: DbTransaction, userId: number) {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
      .orderBy(asc(users.id))
      .for('update');
    const [target] = await tx.select(userColumns).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User not found');
    return { target, otherAdmins: admins.filter((admin) => admin.id !== userId).length };
  }

  /** Refuses what would change the caller's own role or activation, or leave no active admin. */
  function guard(actorId: number, target: UserRow, otherAdmins: number, change: AdminUserUpdate | 'delete'): void {
    const removes = change === 'delete';
    const demotes = !removes && change.role !== undefined && change.role !== target.role;
    const deactivates = !removes && change.isActive === false && target.isActive;
    if (target.id === actorId && (removes || demotes || deactivates)) throw notYourself();
    const losesAdmin = target.role === 'admin' && target.isActive && (removes || (demotes && change.role !== 'admin') || deactivates);
    if (losesAdmin && otherAdmins === 0) throw lastAdmin();
  }

  return {
    async stats(): Promise<AdminStats> {
      const since = sql`now() - interval '24 hours'`;
      const [[userTotals], [searchTotals], top, recent, systemHealth] = await Promise.all([
        db
          .select({ total: sql<number>`count(*)::int`, daily: sql<number>`(count(*) filter (where ${users.lastActiveAt} > ${since}))::int` })
          .from(users),
        db.select({ pairs: sql<number>`count(*)::int`, searches: sql<number>`coalesce(sum(${searchedConnections.searchCount}), 0)::bigint` }).from(searchedConnections),
        db.select().from(searchedConnections).orderBy(desc(searchedConnections.searchCount), asc(searchedConnections.id)).limit(ADMIN_TOP_CONNECTIONS),
        db
          .select({ id: users.id, username: users.username, level: users.level, points: users.points, lastActiveAt: users.lastActiveAt })
          .from(users)
          .orderBy(desc(users.lastActiveAt), desc(users.id))
          .limit(ADMIN_RECENT_USERS),
        deps.systemHealth(),
      ]);
      return {
        totalUsers: userTotals?.total ?? 0,
        dailyActiveUsers: userTotals?.daily ?? 0,
        totalConnections: searchTotals?.pairs ?? 0,
        totalSearches: Number(searchTotals?.searches ?? 0),
        systemHealth,
        topConnections: top.map((row) => ({ id: row.id, fromEntity: entityRefs(row.fromKey), toEntity: entityRefs(row.toKey), searchCount: row.searchCount })),
        recentUsers: recent.map(({ lastActiveAt, ...row }) => ({ ...row, lastActive: lastActiveAt.toISOString() })),
      };
    },

    /** Users whose username or email holds `search` (any case), most recently active first. */
    async users(query: AdminListQuery): Promise<AdminUsersResponse> {
      const where = query.search ? or(ilike(users.username, `%${likeLiteral(query.search)}%`), ilike(users.email, `%${likeLiteral(query.search)}%`)) : undefined;
      const [rows, [total]] = await Promise.all([
        db.select(userColumns).from(users).where(where).orderBy(desc(users.lastActiveAt), desc(users.id)).limit(query.limit).offset(query.offset),
        db.select({ value: count() }).from(users).where(where),
      ]);
      return { users: rows.map(toAdminUser), total: total?.value ?? 0 };
    },

    /**
     * Changes a user's role and/or activation. 403 on one's own demotion or deactivation, 409 when it
     * would leave no active admin. A deactivation ends the user's sessions at once.
     */
    async updateUser(actorId: number, userId: number, change: AdminUserUpdate): Promise<AdminUser> {
      let wasAdmin = false;
      const updated = await events.transaction(async (tx) => {
        const { target, otherAdmins } = await lockTarget(tx, userId);
        wasAdmin = target.role === 'admin';
        guard(actorId, target, otherAdmins, change);
        const set: Partial<Pick<UserRow, 'role' | 'isActive'>> = {};
        if (change.role !== undefined) set.role = change.role;
        if (change.isActive !== undefined) set.isActive = change.isActive;
        const [updated] = await tx.update(users).set(set).where(eq(users.id, userId)).returning(userColumns);
        if (change.isActive === false) await tx.delete(sessions).where(eq(sessions.userId, userId));
        // Boards and other features hide or bring back the account's public traces.
        if (updated!.isActive !== target.isActive) await events.record(tx, updated!.isActive ? 'user.reactivated' : 'user.deactivated', { userId }, userAggregate(userId));
        await recordAudit(tx, {
          actorId,
          action: 'user.updated',
          targetType: 'user',
          targetId: userId,
          before: { username: target.username, role: target.role, isActive: target.isActive },
          after: { username: updated!.username, role: updated!.role, isActive: updated!.isActive },
        });
        return toAdminUser(updated!);
      });
      if (!updated.isActive) deps.sockets.disconnectUser(userId);
      // A demoted admin's open sockets stop receiving the live metrics (admin:watch checks the role only when called).
      else if (wasAdmin && updated.role !== 'admin') deps.sockets.leaveRoom(userId, ADMIN_METRICS_ROOM);
      return updated;
    },

    /** What deleting the user would remove and anonymise (the confirmation dialog). */
    async deletionPreview(userId: number): Promise<UserDeletion> {
      const [target] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId));
      if (!target) throw notFound('User not found');
      const [removed, activityItems, [audited]] = await Promise.all([
        deps.footprint.count(db, userId),
        deps.footprint.countNamingItems(db, userId),
        db.select({ value: count() }).from(auditLog).where(eq(auditLog.actorId, userId)),
      ]);
      return { userId, username: target.username, removed, anonymised: { activityItems, auditEntries: audited?.value ?? 0 } };
    },

    /**
     * Deletes a user in one transaction: their rows in every feature (counted as they go), the
     * account (its audit rows keep their action with no actor), `user.deleted` (boards drop them)
     * and the audit row. Same refusals as updateUser.
     */
    async deleteUser(actorId: number, userId: number): Promise<UserDeletion> {
      const deleted = await events.transaction(async (tx) => {
        const { target, otherAdmins } = await lockTarget(tx, userId);
        guard(actorId, target, otherAdmins, 'delete');
        const activityItems = await deps.footprint.anonymiseNamingItems(tx, userId);
        const removed = await deps.footprint.remove(tx, userId);
        const audited = await tx.update(auditLog).set({ actorId: null }).where(eq(auditLog.actorId, userId)).returning({ id: auditLog.id });
        await tx.delete(users).where(eq(users.id, userId));
        await events.record(tx, 'user.deleted', { userId }, userAggregate(userId));
        const deletion: UserDeletion = { userId, username: target.username, removed, anonymised: { activityItems, auditEntries: audited.length } };
        await recordAudit(tx, {
          actorId,
          action: 'user.deleted',
          targetType: 'user',
          targetId: userId,
          before: { username: target.username, email: target.email, role: target.role, isActive: target.isActive },
          after: { removed, anonymised: deletion.anonymised },
        });
        return deletion;
      });
      deps.sockets.disconnectUser(userId);
      return deleted;
    },

    /** Searched pairs whose from or to entity is `search` (`movie:603`, or the id alone `603`), most searched first. */
    async connections(query: AdminListQuery): Promise<AdminConnectionsResponse> {
      let where: SQL | undefined;
      if (query.search) {
        const endsWith = (column: typeof searchedConnections.fromKey | typeof searchedConnections.toKey) =>
          query.search!.includes(':') ? eq(column, query.search!) : sql`substr(${column}, strpos(${column}, ':') + 1) = ${query.search}`;
        where = or(endsWith(searchedConnections.fromKey), endsWith(searchedConnections.toKey));
      }
      const [rows, [total]] = await Promise.all([
        db.select().from(searchedConnections).where(where).orderBy(desc(searchedConnections.searchCount), asc(searchedConnections.id)).limit(query.limit).offset(query.offset),
        db.select({ value: count() }).from(searchedConnections).where(where),
      ]);
      return { connections: rows.map(toConnection), total: total?.value ?? 0 };
    },

    /** Deletes a searched pair, then takes it off trending and drops its cached default answers. */
    async deleteConnection(actorId: number, id: number): Promise<void> {
      const deleted = await db.transaction(async (tx) => {
        const [row] = await tx.delete(searchedConnections).where(eq(searchedConnections.id, id)).returning();
        if (!row) throw notFound('Connection not found');
        await recordAudit(tx, {
          actorId,
          action: 'connection.deleted',
          targetType: 'connection',
          targetId: id,
          before: { from: row.fromKey, to: row.toKey, searchCount: row.searchCount, degrees: row.degrees },
          after: null,
        });
        return row;
      });
      await deps.cache.forgetPair(deleted.fromKey, deleted.toKey);
    },

    async clearCache(actorId: number): Promise<AdminOperationResult> {
      const cleared = await deps.cache.clearCache();
      await recordAudit(db, { actorId, action: 'cache.cleared', targetType: 'cache', targetId: null, after: { entries: cleared } });
      return { success: true, message: ADMIN_TEXTS.cacheCleared, count: cleared };
    },

    async rebuildLeaderboards(actorId: number): Promise<AdminOperationResult> {
      const players = await deps.rebuildLeaderboards();
      await recordAudit(db, { actorId, action: 'leaderboards.rebuilt', targetType: 'leaderboards', targetId: null, after: { players } });
      return { success: true, message: ADMIN_TEXTS.leaderboardsRebuilt, count: players };
    },

    /** Records the export, then answers its stream (read in keyset pages as the client takes it). */
    async export(actorId: number, kind: ExportKind, format: 'csv' | 'json') {
      await recordAudit(db, { actorId, action: 'data.exported', targetType: 'export', targetId: kind, after: { kind, format } });
      return exportStream(db, entityRefs, kind, format, deps.exportOptions);
    },

    audit: (query: { limit: number; before?: number }) => listAudit(db, query),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

