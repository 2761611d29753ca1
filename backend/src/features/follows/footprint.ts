import { eq, or } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { follows } from './schema.js';

/** Follows both ways: whom they follow and who follows them. */
export const followsFootprint: UserFootprintPart[] = [
  { table: follows, rows: (userId) => or(eq(follows.followerId, userId), eq(follows.followeeId, userId))!, removal: { counted: 'follows' } },
];
