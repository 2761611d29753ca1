/**
 * Every feature's registered share of a user's rows (features/<f>/footprint.ts): what deleting a user
 * walks (admin-ports.ts). user-footprints.test.ts reads the drizzle schema and fails when a table with a
 * user id column is missing here — register a new feature's footprint in this list.
 */
import { activityFootprint } from './features/activity/footprint.js';
import { adminFootprint } from './features/admin/footprint.js';
import { apiKeysFootprint } from './features/api-keys/footprint.js';
import { authFootprint } from './features/auth/footprint.js';
import { badgesFootprint } from './features/badges/footprint.js';
import { challengesFootprint } from './features/challenges/footprint.js';
import { diaryFootprint } from './features/diary/footprint.js';
import { discoveryFootprint } from './features/discovery/footprint.js';
import { followsFootprint } from './features/follows/footprint.js';
import { pointsFootprint } from './features/points/footprint.js';
import { reviewsFootprint } from './features/reviews/footprint.js';
import { savedConnectionsFootprint } from './features/saved-connections/footprint.js';
import { watchlistFootprint } from './features/watchlist/footprint.js';
import { sessionsFootprint } from './platform/auth/footprint.js';
import type { UserFootprintPart } from './platform/db/user-footprint.js';

export const USER_FOOTPRINTS: readonly UserFootprintPart[] = [
  ...diaryFootprint,
  ...reviewsFootprint,
  ...followsFootprint,
  ...watchlistFootprint,
  ...savedConnectionsFootprint,
  ...pointsFootprint,
  ...badgesFootprint,
  ...sessionsFootprint,
  ...apiKeysFootprint,
  ...activityFootprint,
  ...challengesFootprint,
  ...authFootprint,
  ...discoveryFootprint,
  ...adminFootprint,
];
