import { eq, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import { follows } from './schema.js';

/** A profile's follow counts and whether the viewer follows it; deactivated accounts on the other side are not counted. */
export async function followCounts(db: Db, userId: number, viewerId: number | null | undefined): Promise<{ followers: number; following: number; isFollowing: boolean }> {
  const [row] = await db
    .select({
      followers: sql<number>`(count(*) filter (where ${follows.followeeId} = ${userId} and exists (select 1 from ${users} o where o.id = ${follows.followerId} and o.is_active)))::int`,
      following: sql<number>`(count(*) filter (where ${follows.followerId} = ${userId} and exists (select 1 from ${users} o where o.id = ${follows.followeeId} and o.is_active)))::int`,
      isFollowing: sql<boolean>`coalesce(bool_or(${follows.followerId} = ${viewerId ?? 0} and ${follows.followeeId} = ${userId}), false)`,
    })
    .from(follows)
    .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
  return { followers: row?.followers ?? 0, following: row?.following ?? 0, isFollowing: Boolean(row?.isFollowing) };
}

/** Everyone a user follows and who follows them, with the other side's username (the data export). */
export async function followsOf(db: Db, userId: number) {
  const rows = await db
    .select({ followerId: follows.followerId, followeeId: follows.followeeId, createdAt: follows.createdAt, username: users.username })
    .from(follows)
    .innerJoin(users, sql`${users.id} = case when ${follows.followerId} = ${userId} then ${follows.followeeId} else ${follows.followerId} end`)
    .where(or(eq(follows.followerId, userId), eq(follows.followeeId, userId)));
  const person = (row: (typeof rows)[number]) => ({ userId: row.followerId === userId ? row.followeeId : row.followerId, username: row.username, since: row.createdAt.toISOString() });
  return { following: rows.filter((row) => row.followerId === userId).map(person), followers: rows.filter((row) => row.followeeId === userId).map(person) };
}

/**
 * The people `userId` follows as a query of `(user_id)` rows: the activity feed's and discovery's port
 * into this feature's table (wired in services.ts), so each stays one query.
 */
export const followeesQuery = (userId: number): SQL => sql`select ${follows.followeeId} as user_id from ${follows} where ${follows.followerId} = ${userId}`;
