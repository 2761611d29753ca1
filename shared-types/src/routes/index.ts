import { activityRoutes } from './activity.js';
import { adminRoutes } from './admin.js';
import { apiDocsRoutes } from './api-docs.js';
import { apiKeysRoutes } from './api-keys.js';
import { authRoutes } from './auth.js';
import { badgesRoutes } from './badges.js';
import { challengesRoutes } from './challenges.js';
import { connectionsRoutes } from './connections.js';
import { contactRoutes } from './contact.js';
import { diaryRoutes } from './diary.js';
import { discoveryRoutes } from './discovery.js';
import { entitiesRoutes } from './entities.js';
import { followsRoutes } from './follows.js';
import { healthRoutes } from './health.js';
import { leaderboardsRoutes } from './leaderboards.js';
import { pointsRoutes } from './points.js';
import { profilesRoutes } from './profiles.js';
import { racesRoutes } from './races.js';
import { reviewsRoutes } from './reviews.js';
import { savedConnectionsRoutes } from './saved-connections.js';
import { shareRoutes } from './share.js';
import { statusRoutes } from './status.js';
import { watchlistRoutes } from './watchlist.js';

export * from './define.js';
export type * from './types.js';
export { SharedLinkSchema } from './share.js';

const FEATURES = [activityRoutes, adminRoutes, apiDocsRoutes, apiKeysRoutes, authRoutes, badgesRoutes, challengesRoutes, connectionsRoutes, contactRoutes, diaryRoutes, discoveryRoutes, entitiesRoutes, followsRoutes, healthRoutes, leaderboardsRoutes, pointsRoutes, profilesRoutes, racesRoutes, reviewsRoutes, savedConnectionsRoutes, shareRoutes, statusRoutes, watchlistRoutes];

/** Every route of the API that the web app and API callers read, by `"<METHOD> <path>"`: the one contract of both ends. */
export const API_ROUTES = Object.assign({}, ...FEATURES) as UnionToIntersection<(typeof FEATURES)[number]>;
for (const key of Object.keys(API_ROUTES)) {
  if (FEATURES.filter((routes) => key in routes).length > 1) throw new Error(`Route ${key} is declared by two features`);
}

/** The type of {@link API_ROUTES}: import it with `import type` where no runtime schema is needed. */
export type ApiRouteTable = typeof API_ROUTES;

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;
