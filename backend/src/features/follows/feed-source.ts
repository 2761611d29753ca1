import { sql, type SQL } from 'drizzle-orm';
import { follows } from './schema.js';

/**
 * The people `userId` follows as a query of `(user_id)` rows: the activity feed's port into this
 * feature's table (wired in services.ts), so the feed stays one query.
 */
export const followeesQuery = (userId: number): SQL => sql`select ${follows.followeeId} as user_id from ${follows} where ${follows.followerId} = ${userId}`;
