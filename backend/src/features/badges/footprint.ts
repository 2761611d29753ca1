import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { badgeCountedKeys, badgeCounters, earnedBadges } from './schema.js';

export const badgesFootprint: UserFootprintPart[] = [
  { table: earnedBadges, rows: (userId) => eq(earnedBadges.userId, userId), removal: { counted: 'badges' } },
  { table: badgeCounters, rows: (userId) => eq(badgeCounters.userId, userId), removal: { cascade: 'progress counters behind the badges' } },
  { table: badgeCountedKeys, rows: (userId) => eq(badgeCountedKeys.userId, userId), removal: { cascade: 'what the counters have counted' } },
];
