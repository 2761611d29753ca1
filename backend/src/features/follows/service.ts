import { CANNOT_FOLLOW_SELF, DISCOVER_LIMIT, levelFor, USER_SEARCH_LIMIT, type DiscoverReason, type FollowResult, type SocialBadge, type SocialUser } from '@cinema-dna/shared-types';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import { userAggregate, type DbTransaction, type EventRecorder } from '../../platform/events/index.js';
import { feedRoom, type Notifier } from '../../platform/notifier.js';
import { follows } from './schema.js';

/**
 * What a user card needs from the features that own it, each answered for a whole list in one query
 * (wired in services.ts: this feature imports none of them). Users without any are absent from a map.
 */
export interface SocialCardPorts {
  /** Earned badges, newest first (badges). */
  badges(userIds: number[]): Promise<Map<number, SocialBadge[]>>;
  /** Discoveries paid by the ledger: `connectionsFound` (points). */
  connectionsFound(userIds: number[]): Promise<Map<number, number>>;
  /** Live reviews (reviews). */
  reviewCounts(userIds: number[]): Promise<Map<number, number>>;
  /**
   * Queries of `(user_id, movie_id)` rows of the films users watched, listed or reviewed (diary,
   * watchlist, reviews): Discover's "similar taste".
   */
  filmSources: SQL[];
}

/** The most people a Following or Followers list shows (newest first). */
export const FOLLOW_LIST_LIMIT = 500;

type Suggestion = { id: number; reasonKind: DiscoverReason; reason: string };
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Following (spec §4): who follows whom, the Following and Followers lists, user search and Discover.
 * A follow or unfollow records `user.followed` / `user.unfollowed` in its transaction; after the commit
 * the follower's open sockets join or leave the followee's feed room, so live items follow the change.
 */
export function createFollowService(deps: { db: Db; events: EventRecorder; notifier: Notifier; ports: SocialCardPorts }) {
  const { db, events, notifier, ports } = deps;

  const followersOf = async (tx: DbTransaction, userId: number) =>
    (await tx.select({ value: sql<number>`count(*)::int` }).from(follows).where(eq(follows.followeeId, userId)))[0]?.value ?? 0;
  const followingOf = async (tx: DbTransaction, userId: number) =>
    (await tx.select({ value: sql<number>`count(*)::int` }).from(follows).where(eq(follows.followerId, userId)))[0]?.value ?? 0;

  /** The cards of `ids`, in that order, as `viewerId` sees them: one query here, one per port. */
  async function cards(viewerId: number, ids: number[], reasons?: Map<number, Suggestion>): Promise<SocialUser[]> {
    if (ids.length === 0) return [];
    const [rows, badges, found, reviewCounts] = await Promise.all([
      db
        .select({
          id: users.id,
          username: users.username,
          displayName: users.displayName,
          bio: users.bio,
          points: users.points,
          lastActiveAt: users.lastActiveAt,
          // Deactivated accounts are not counted (hidden until reactivated). `users`.id: the card's account (a bare column would name o's).
          followersCount: sql<number>`(select count(*)::int from ${follows} f join ${users} o on o.id = f.follower_id and o.is_active where f.followee_id = ${users}.id)`,
          followingCount: sql<number>`(select count(*)::int from ${follows} f join ${users} o on o.id = f.followee_id and o.is_active where f.follower_id = ${users}.id)`,
          isFollowing: sql<boolean>`exists (select 1 from ${follows} f where f.follower_id = ${viewerId} and f.followee_id = ${users.id})`,
        })
        .from(users)
        .where(inArray(users.id, ids)),
      ports.badges(ids),
      ports.connectionsFound(ids),
      ports.reviewCounts(ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const level = levelFor(row.points);
      const suggestion = reasons?.get(id);
      const card: SocialUser = {
        id: row.id,
        username: row.username,
        displayName: row.displayName,
        bio: row.bio,
        level: level.level,
        levelName: level.name,
        points: row.points,
        connectionsFound: found.get(id) ?? 0,
        reviewCount: reviewCounts.get(id) ?? 0,
        followersCount: Number(row.followersCount),
        followingCount: Number(row.followingCount),
        lastActive: new Date(row.lastActiveAt).toISOString(),
        isFollowing: Boolean(row.isFollowing),
        badges: badges.get(id) ?? [],
      };
      if (suggestion) Object.assign(card, { reason: suggestion.reason, reasonKind: suggestion.reasonKind });
      return [card];
    });
  }

  /** `not followed by me, not me, active`, for the Discover steps. */
  const suggestible = (me: number, column: SQL, taken: number[]) => sql`
    ${column} <> ${me}
    and not exists (select 1 from ${follows} m where m.follower_id = ${me} and m.followee_id = ${column})
    ${taken.length > 0 ? sql`and ${column} not in (${sql.join(taken, sql`, `)})` : sql``}`;

  return {
    /** Follows `followeeId` (an active account, not oneself); following twice changes nothing. */
    async follow(followerId: number, followeeId: number): Promise<FollowResult> {
      if (followerId === followeeId) throw new AppError(400, 'VALIDATION_FAILED', CANNOT_FOLLOW_SELF, [{ path: 'userId', message: CANNOT_FOLLOW_SELF }]);
      const result = await events.transaction(async (tx) => {
        // Key-share lock: the followee cannot be deleted or deactivated half-way through the follow.
        const [target] = await tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, followeeId)).for('key share');
        if (!target?.isActive) throw notFound('User not found');
        const inserted = await tx.insert(follows).values({ followerId, followeeId }).onConflictDoNothing().returning({ followeeId: follows.followeeId });
        const followersCount = await followersOf(tx, followeeId);
        if (inserted.length > 0) await events.record(tx, 'user.followed', { followerId, followeeId, followersCount }, userAggregate(followerId));
        return { userId: followeeId, isFollowing: true, followersCount, followingCount: await followingOf(tx, followerId) };
      });
      notifier.joinRoom(followerId, feedRoom(followeeId));
      return result;
    },

    /** Stops following `followeeId`; 404 when not following them. */
    async unfollow(followerId: number, followeeId: number): Promise<FollowResult> {
      const result = await events.transaction(async (tx) => {
        const removed = await tx
          .delete(follows)
          .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
          .returning({ followeeId: follows.followeeId });
        if (removed.length === 0) throw notFound('You are not following this user.');
        const followersCount = await followersOf(tx, followeeId);
        await events.record(tx, 'user.unfollowed', { followerId, followeeId, followersCount }, userAggregate(followerId));
        return { userId: followeeId, isFollowing: false, followersCount, followingCount: await followingOf(tx, followerId) };
      });
      notifier.leaveRoom(followerId, feedRoom(followeeId));
      return result;
    },

    /** Whom the user follows (active accounts), newest follow first. */
    async following(userId: number): Promise<SocialUser[]> {
      const rows = await db
        .select({ id: follows.followeeId })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followeeId))
        .where(and(eq(follows.followerId, userId), eq(users.isActive, true)))
        .orderBy(desc(follows.createdAt), desc(follows.followeeId))
        .limit(FOLLOW_LIST_LIMIT);
      return cards(userId, rows.map((row) => row.id));
    },

    /** Who follows the user (active accounts), newest follow first. */
    async followers(userId: number): Promise<SocialUser[]> {
      const rows = await db
        .select({ id: follows.followerId })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followerId))
        .where(and(eq(follows.followeeId, userId), eq(users.isActive, true)))
        .orderBy(desc(follows.createdAt), desc(follows.followerId))
        .limit(FOLLOW_LIST_LIMIT);
      return cards(userId, rows.map((row) => row.id));
    },

    /** Whom the user follows, every id (a socket joins their feed rooms at connect): one query. */
    async followeeIds(userId: number): Promise<number[]> {
      const rows = await db.select({ id: follows.followeeId }).from(follows).where(eq(follows.followerId, userId));
      return rows.map((row) => row.id);
    },

    /** Active accounts whose username or display name contains `query` (case-insensitively): best matches first. */
    async search(viewerId: number, query: string): Promise<SocialUser[]> {
      const needle = query.toLowerCase();
      // LIKE's own wildcards in what the user typed match themselves.
      const pattern = `%${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isActive, true), sql`(${users.usernameLower} like ${pattern} or lower(${users.displayName}) like ${pattern})`))
        .orderBy(
          sql`${users.usernameLower} = ${needle} desc`,
          sql`${users.usernameLower} like ${`${needle.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} desc`,
          users.usernameLower,
        )
        .limit(USER_SEARCH_LIMIT);
      return cards(viewerId, rows.map((row) => row.id));
    },

    /**
     * Discover New Users: people followed by those the user follows (most such friends first), then
     * similar taste (most films in common across diaries, watchlists and reviews), then the most
     * recently active; never the user or someone they follow; active accounts; at most DISCOVER_LIMIT.
     */
    async discover(userId: number): Promise<SocialUser[]> {
      const picked: Suggestion[] = [];
      const taken = () => picked.map((pick) => pick.id);
      const left = () => DISCOVER_LIMIT - picked.length;

      const friends = rowsOf<{ id: number; n: number; via: string }>(
        await db.execute(sql`
          select f2.followee_id as id, count(*)::int as n, min(u2.username) as via
          from ${follows} f1
          join ${follows} f2 on f2.follower_id = f1.followee_id
          join ${users} u2 on u2.id = f2.follower_id
          join ${users} c on c.id = f2.followee_id and c.is_active
          where f1.follower_id = ${userId} and ${suggestible(userId, sql`f2.followee_id`, [])}
          group by f2.followee_id
          order by n desc, max(f2.created_at) desc, f2.followee_id
          limit ${DISCOVER_LIMIT}`),
      );
      for (const row of friends) {
        const others = Number(row.n) - 1;
        picked.push({ id: Number(row.id), reasonKind: 'followed-by-friends', reason: others > 0 ? `Followed by ${row.via} and ${plural(others, 'other', 'others')}` : `Followed by ${row.via}` });
      }

      if (left() > 0 && ports.filmSources.length > 0) {
        const films = sql.join(
          ports.filmSources.map((source) => sql`(${source})`),
          sql` union all `,
        );
        const similar = rowsOf<{ id: number; n: number }>(
          await db.execute(sql`
            with films as (${films}),
            mine as (select distinct movie_id from films where user_id = ${userId})
            select f.user_id as id, count(distinct f.movie_id)::int as n
            from films f
            join mine on mine.movie_id = f.movie_id
            join ${users} c on c.id = f.user_id and c.is_active
            where ${suggestible(userId, sql`f.user_id`, taken())}
            group by f.user_id
            order by n desc, f.user_id
            limit ${left()}`),
        );
        for (const row of similar) picked.push({ id: Number(row.id), reasonKind: 'similar-taste', reason: `${plural(Number(row.n), 'film', 'films')} in common` });
      }

      if (left() > 0) {
        const active = rowsOf<{ id: number }>(
          await db.execute(sql`
            select c.id from ${users} c
            where c.is_active and ${suggestible(userId, sql`c.id`, taken())}
            order by c.last_active_at desc, c.id desc
            limit ${left()}`),
        );
        for (const row of active) picked.push({ id: Number(row.id), reasonKind: 'active', reason: 'Recently active' });
      }

      return cards(userId, taken(), new Map(picked.map((pick) => [pick.id, pick])));
    },
  };
}
export type FollowService = ReturnType<typeof createFollowService>;
