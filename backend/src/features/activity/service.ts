import type { ActivityFeed, ActivityItem } from '@cinema-dna/shared-types';
import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { activityItems } from './schema.js';

/** A row as the feed queries select it (created_at as text: microseconds survive into the cursor). */
export interface ItemRow {
  id: string | number;
  user_id: number;
  type: ActivityItem['type'];
  content: ActivityItem['content'];
  created_at: string;
  username: string;
  display_name: string;
  /** A follow item whose followed account is deactivated: left out of every read until it is reactivated. */
  hidden: boolean;
}

/** The items' columns with their author, shared by every read. */
export const itemColumns = (alias: string) => sql.raw(`
  ${alias}.id::text as id, ${alias}.user_id, ${alias}.type, ${alias}.content,
  to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
  u.username, u.display_name,
  case when ${alias}.type = 'follow' and ${alias}.subject_key ~ '^follow:[0-9]{1,9}$'
    then exists (select 1 from users followed where followed.id = substring(${alias}.subject_key from 8)::int and not followed.is_active)
    else false end as hidden`);

/** Entity names from the graph (null when it does not hold the key), through a port. */
export interface ActivityNames {
  nameOf(key: string): string | null;
}

/**
 * An item as readers get it. A film's or entity's name is the catalog's, read now from its
 * `entityKey` (never a title a client typed, whatever an older row stored); the stored one only
 * when the catalog no longer holds the key.
 */
export function toItem(row: ItemRow, names: ActivityNames): ActivityItem {
  let content = row.content;
  if (content.entityKey !== undefined && content.movieTitle !== undefined) content = { ...content, movieTitle: names.nameOf(content.entityKey) ?? content.movieTitle };
  return {
    id: String(row.id),
    type: row.type,
    user: { id: Number(row.user_id), username: row.username, displayName: row.display_name },
    // ISO with milliseconds, as every other timestamp of the API.
    timestamp: new Date(row.created_at).toISOString(),
    content,
  };
}

interface Cursor {
  at: string;
  id: string;
}
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The position after an item: its exact (created_at, id), opaque to clients. */
const encodeCursor = (row: ItemRow) => Buffer.from(`${row.created_at}|${row.id}`).toString('base64url');

/** A cursor this server wrote, or a 400. */
function decodeCursor(cursor: string): Cursor {
  const invalid = () => new AppError(400, 'VALIDATION_FAILED', 'Request is invalid', [{ path: 'cursor', message: 'Not a cursor of this feed' }]);
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(cursor)) throw invalid();
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !CURSOR_TIME.test(at) || Number.isNaN(Date.parse(at)) || !/^[1-9]\d{0,17}$/.test(id)) throw invalid();
  return { at, id };
}

/** The follows feature's port: a query of `(user_id)` rows, the people `userId` follows (wired in services.ts). */
export type FolloweesQuery = (userId: number) => SQL;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The position clause of a page: strictly after the cursor's item in (created_at, id) order. */
function before(alias: string, cursor?: string): SQL {
  if (cursor === undefined) return sql``;
  const { at, id } = decodeCursor(cursor);
  return sql`and (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) < (${at}::timestamptz, ${id}::bigint)`;
}

/**
 * The feed's query (one page plus one row, to know whether there is a next page). Per followee, one
 * index-only range scan on (user_id, created_at, id) that stops after a page (LATERAL): the cost follows
 * the page size and the number of followees, never the number of items. Only the page's rows are then
 * read whole (content, author). Exported for the bench's EXPLAIN.
 */
export function feedQuery(followees: FolloweesQuery, userId: number, options: { cursor?: string; limit: number }): SQL {
  const after = before('k', options.cursor);
  const take = options.limit + 1;
  return sql`
    with page as (
      select k.id, k.created_at
      from (${followees(userId)}) f
      cross join lateral (
        select k.id, k.created_at from ${activityItems} k
        where k.user_id = f.user_id ${after}
        order by k.created_at desc, k.id desc
        limit ${take}
      ) k
      -- A probe of the primary key per followee (not a pass over every user): deactivated authors are left out.
      where exists (select 1 from ${users} fu where fu.id = f.user_id and fu.is_active)
      order by k.created_at desc, k.id desc
      limit ${take}
    )
    select ${itemColumns('a')}
    from page p
    join ${activityItems} a on a.id = p.id
    join ${users} u on u.id = a.user_id
    order by p.created_at desc, p.id desc`;
}

/**
 * Reading the activity feed: the people a user follows, or one user's own items, newest first by
 * (created_at, id), in pages after an opaque cursor. Nothing private is stored (see schema.ts), so
 * no read needs a visibility filter; deactivated authors are left out.
 */
export function createActivityService(deps: { db: Db; followees: FolloweesQuery; names: ActivityNames }) {
  const { db, followees, names } = deps;

  /**
   * A page of items. A follow of a deactivated account is left out after the page is cut (the
   * cursor still follows the rows read, so no item is skipped or repeated; a page may hold fewer).
   */
  function page(rows: ItemRow[], limit: number): ActivityFeed {
    const shown = rows.slice(0, limit);
    return { items: shown.filter((row) => !row.hidden).map((row) => toItem(row, names)), nextCursor: rows.length > limit && shown.length > 0 ? encodeCursor(shown.at(-1)!) : null };
  }

  return {
    /** The feed of the people `userId` follows (see feedQuery). */
    async feed(userId: number, options: { cursor?: string; limit: number }): Promise<ActivityFeed> {
      const rows = rowsOf<ItemRow>(await db.execute(feedQuery(followees, userId, options)));
      return page(rows, options.limit);
    },

    /** One user's items (public: anyone may read them). */
    async forUser(userId: number, options: { cursor?: string; limit: number }): Promise<ActivityFeed> {
      const rows = rowsOf<ItemRow>(
        await db.execute(sql`
          select ${itemColumns('a')}
          from ${activityItems} a
          join ${users} u on u.id = a.user_id
          where a.user_id = ${userId} ${before('a', options.cursor)}
          order by a.created_at desc, a.id desc
          limit ${options.limit + 1}`),
      );
      return page(rows, options.limit);
    },
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
