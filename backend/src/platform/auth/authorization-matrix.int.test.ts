import type { PathStep } from '@cinema-dna/shared-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousClient, apiClient, createTestUser, signedInClient, TEST_PASSWORD, type ApiClient, type Method } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { eq } from 'drizzle-orm';
import { searchedConnections } from '../../features/admin/schema.js';
import { GameGraph } from '../../features/challenges/game-graph.js';
import { challengeAttempts } from '../../features/challenges/schema.js';
import { reviewReports } from '../../features/reviews/schema.js';
import { databaseTargets, uniqueSuffix } from '../../test-support/targets.js';
import { createMemorySharedState } from '../cache/memory.js';
import type { SharedState } from '../cache/types.js';
import { registeredRoutes, type Access, type CsrfPolicy } from './route-registry.js';
import type { AuthenticatedUser } from './types.js';

/**
 * Every API route × every kind of caller → the status it must get, from one table. The first test
 * fails when the app declares a route the table does not list (or the table lists one that is
 * gone), so a new route cannot ship without deciding who may call it.
 */

const IDENTITIES = ['anonymous', 'user', 'otherUser', 'moderator', 'admin', 'apiKey', 'deactivated'] as const;
type Identity = (typeof IDENTITIES)[number];
type Expected = Record<Identity, number>;

interface Caller {
  identity: Identity;
  client: ApiClient;
  /** The account acting (the key's owner for apiKey); none for anonymous. */
  user?: AuthenticatedUser;
  username?: string;
}

interface Fixture {
  /** The account whose resources the `:id` routes name; `user` and `apiKey` act as it. */
  owner: AuthenticatedUser;
  /** An account any caller may sign in as. */
  loginTarget: string;
  path: PathStep[];
  createKey(userId: number): Promise<number>;
  /** The user's open attempt of today's daily (started if none, after forgetting a finished one): its id and version. */
  attempt(userId: number): Promise<{ attemptId: string; version: number }>;
  /** Forgets the user's attempts (a finished challenge refuses a whole chain and answers its result on start). */
  clearAttempts(userId: number): Promise<void>;
  /** Today's daily and an optimal chain of it (entity keys). */
  dailyChain(): Promise<{ challengeId: string; chain: string[] }>;
  /** A race room's code (hosted by the owner). */
  raceCode: string;
  /** Deletes the user's reviews, so a new one of the same movie may be written. */
  clearReviews(userId: number): Promise<void>;
  /** A fresh review of the user's own: its id. */
  review(userId: number): Promise<number>;
  /** Takes the movie off the user's watchlist (when on it). */
  clearWatchlist(userId: number): Promise<void>;
  /** Puts the movie on the user's watchlist (afresh). */
  watchlisted(userId: number): Promise<void>;
  /** An account anyone may follow. */
  followee: AuthenticatedUser;
  /** Makes the user follow `followee` (when not already). */
  following(userId: number): Promise<void>;
  /** A fresh diary entry of the user's own: its id. */
  diaryEntry(userId: number): Promise<number>;
  /** A fresh, uncommitted Letterboxd import of the user's own: its id. */
  letterboxdImport(userId: number): Promise<string>;
  /** A fresh plain account (to promote or delete): its id. */
  plainUser(): Promise<number>;
  /** A fresh searched pair of the admin Connections table: its id. */
  searchedConnection(): Promise<number>;
  /** A review by another member, for reports; and one for hide/restore. */
  reportedReview: number;
  moderatedReview: number;
  /** Withdraws the user's reports. */
  clearReports(userId: number): Promise<void>;
  /** A contact message's id. */
  contactMessage: number;
}

interface Row {
  method: Uppercase<Method>;
  /** The route as declared (Express syntax). */
  route: string;
  access: Access;
  /** Declared CSRF policy; default `session`. */
  csrf?: CsrfPolicy;
  /** The concrete request; default: the route itself, no body. */
  request?: (caller: Caller, fixture: Fixture) => Promise<{ path?: string; body?: unknown }> | { path?: string; body?: unknown };
  expected: Expected;
}

const all = (status: number): Expected => ({ anonymous: status, user: status, otherUser: status, moderator: status, admin: status, apiKey: status, deactivated: status });
/** Signed in by session or key; anonymous and deactivated callers are not. */
const signedIn = (ok: number): Expected => ({ anonymous: 401, user: ok, otherUser: ok, moderator: ok, admin: ok, apiKey: ok, deactivated: 401 });
/** Changes the session: needs the session's CSRF token, which API-key callers and ended sessions lack. */
const sessionChanging = (ok: number): Expected => ({ anonymous: ok, user: ok, otherUser: ok, moderator: ok, admin: ok, apiKey: 403, deactivated: 403 });
const sessionOnly = (ok: number): Expected => ({ ...signedIn(ok), apiKey: 403 });
/** Admins only (the API key's owner is a plain user). */
const adminOnly = (ok: number): Expected => ({ anonymous: 401, user: 403, otherUser: 403, moderator: 403, admin: ok, apiKey: 403, deactivated: 401 });
/** Moderators and admins. */
const staffOnly = (ok: number): Expected => ({ ...adminOnly(ok), moderator: ok });

const bacon = { id: 'kevin-bacon', type: 'person' as const };
const hanks = { id: 'tom-hanks', type: 'person' as const };
const REVIEWED_MOVIE = 'mad-max-fury-road-2015';
const DIARY_ENTRY = { movieId: REVIEWED_MOVIE, movieTitle: 'Mad Max: Fury Road', watchedDate: '2025-05-15', rating: 4.5 };
const LETTERBOXD_CSV = 'Date,Name,Year,Letterboxd URI\n2025-01-01,Mad Max: Fury Road,2015,https://letterboxd.com/film/mad-max-fury-road/\n';
const contact = { name: 'Matrix', email: 'matrix@example.com', subject: 'Access', message: 'Checking who may write.' };

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/health', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/search', access: 'public', request: () => ({ path: '/api/search?q=tom' }), expected: all(200) },
  { method: 'GET', route: '/api/search/faceted', access: 'public', request: () => ({ path: '/api/search/faceted?query=tom' }), expected: all(200) },
  { method: 'GET', route: '/api/entity/:type/:id', access: 'public', request: () => ({ path: '/api/entity/person/tom-hanks' }), expected: all(200) },
  { method: 'GET', route: '/api/entity/:type/:id/films', access: 'public', request: () => ({ path: '/api/entity/genre/drama/films' }), expected: all(200) },
  { method: 'GET', route: '/api/stats', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/genres', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/countries', access: 'public', expected: all(200) },
  { method: 'POST', route: '/api/find-connection', access: 'public', request: () => ({ body: { fromEntity: bacon, toEntity: hanks } }), expected: all(200) },
  { method: 'POST', route: '/api/connections/find', access: 'public', request: () => ({ body: { fromEntityId: 'person:kevin-bacon', toEntityId: 'person:tom-hanks' } }), expected: all(200) },
  { method: 'POST', route: '/api/connections/alternatives', access: 'public', request: () => ({ body: { fromEntity: bacon, toEntity: hanks, limit: 2 } }), expected: all(200) },
  { method: 'GET', route: '/api/trending', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/share/preview.png', access: 'public', request: () => ({ path: '/api/share/preview.png?from=person:kevin-bacon&to=person:tom-hanks' }), expected: all(200) },
  { method: 'POST', route: '/api/contact', access: 'public', request: () => ({ body: contact }), expected: all(201) },
  { method: 'GET', route: '/api/auth/csrf', access: 'public', expected: all(200) },
  {
    method: 'POST',
    route: '/api/auth/register',
    access: 'public',
    csrf: 'always',
    request: () => {
      const username = `reg_${uniqueSuffix()}`;
      return { body: { username, email: `${username}@example.com`, password: TEST_PASSWORD } };
    },
    expected: sessionChanging(201),
  },
  {
    method: 'POST',
    route: '/api/auth/login',
    access: 'public',
    csrf: 'always',
    request: (caller, fixture) => ({ body: { username: caller.username ?? fixture.loginTarget, password: TEST_PASSWORD } }),
    expected: sessionChanging(200),
  },
  { method: 'POST', route: '/api/auth/logout', access: 'public', csrf: 'always', expected: sessionChanging(204) },
  { method: 'GET', route: '/api/auth/me', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/auth/session', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/auth/providers', access: 'public', expected: all(200) },
  // Past the guard, a well-formed token that was never issued is refused by the route itself.
  { method: 'POST', route: '/api/auth/verify-email', access: 'session-user', request: () => ({ body: { token: 'x'.repeat(43) } }), expected: sessionOnly(400) },
  { method: 'POST', route: '/api/auth/verify-email/resend', access: 'session-user', expected: sessionOnly(202) },
  { method: 'GET', route: '/api/login', access: 'public', expected: all(302) },
  { method: 'GET', route: '/api/auth/google', access: 'public', expected: all(302) },
  // The user said no at Google: back to the login page.
  { method: 'GET', route: '/api/auth/google/callback', access: 'public', request: () => ({ path: '/api/auth/google/callback?error=access_denied' }), expected: all(303) },
  { method: 'POST', route: '/api/users/me/api-keys', access: 'session-user', request: () => ({ body: { name: 'matrix' } }), expected: sessionOnly(201) },
  { method: 'GET', route: '/api/users/me/api-keys', access: 'session-user', expected: sessionOnly(200) },
  {
    method: 'DELETE',
    route: '/api/users/me/api-keys/:keyId',
    access: 'session-user',
    // Each caller revokes a key of its own (callers without an account name one that does not exist).
    request: async (caller, fixture) => ({ path: `/api/users/me/api-keys/${caller.user ? await fixture.createKey(caller.user.id) : 999_999}` }),
    expected: sessionOnly(204),
  },
  {
    method: 'POST',
    route: '/api/connections/save',
    access: 'user',
    request: (_caller, fixture) => ({
      body: { fromEntityId: 'kevin-bacon', fromEntityName: 'Kevin Bacon', fromEntityType: 'person', toEntityId: 'tom-hanks', toEntityName: 'Tom Hanks', toEntityType: 'person', path: fixture.path, degrees: 2 },
    }),
    expected: signedIn(201),
  },
  { method: 'GET', route: '/api/users/me/connections', access: 'user', expected: signedIn(200) },
  {
    method: 'GET',
    route: '/api/users/:id/connections',
    access: 'owner-or-staff',
    request: (_caller, fixture) => ({ path: `/api/users/${fixture.owner.id}/connections` }),
    expected: { anonymous: 401, user: 200, otherUser: 403, moderator: 200, admin: 200, apiKey: 200, deactivated: 401 },
  },
  { method: 'GET', route: '/api/users/me/progress', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/users/me/points', access: 'user', request: () => ({ path: '/api/users/me/points?limit=5' }), expected: signedIn(200) },
  { method: 'GET', route: '/api/leaderboards/global', access: 'public', request: () => ({ path: '/api/leaderboards/global?period=monthly&metric=efficiency' }), expected: all(200) },
  { method: 'GET', route: '/api/leaderboards/weekly', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/leaderboards/challenges', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/users/me/rank', access: 'user', expected: signedIn(200) },
  // Operations: admin and moderation routes
  { method: 'GET', route: '/api/admin/stats', access: 'admin', expected: adminOnly(200) },
  { method: 'GET', route: '/api/admin/users', access: 'admin', request: () => ({ path: '/api/admin/users?search=owner&limit=5' }), expected: adminOnly(200) },
  {
    method: 'PATCH',
    route: '/api/admin/users/:userId',
    access: 'admin',
    request: async (_caller, fixture) => ({ path: `/api/admin/users/${await fixture.plainUser()}`, body: { role: 'moderator' } }),
    expected: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/admin/users/:userId/deletion',
    access: 'admin',
    request: (_caller, fixture) => ({ path: `/api/admin/users/${fixture.followee.id}/deletion` }),
    expected: adminOnly(200),
  },
  // Each caller names a fresh account of its own to delete.
  { method: 'DELETE', route: '/api/admin/users/:userId', access: 'admin', request: async (_caller, fixture) => ({ path: `/api/admin/users/${await fixture.plainUser()}` }), expected: adminOnly(200) },
  { method: 'GET', route: '/api/admin/connections', access: 'admin', request: () => ({ path: '/api/admin/connections?search=person:kevin-bacon' }), expected: adminOnly(200) },
  {
    method: 'DELETE',
    route: '/api/admin/connections/:id',
    access: 'admin',
    request: async (_caller, fixture) => ({ path: `/api/admin/connections/${await fixture.searchedConnection()}` }),
    expected: adminOnly(204),
  },
  { method: 'POST', route: '/api/admin/clear-cache', access: 'admin', expected: adminOnly(200) },
  { method: 'POST', route: '/api/admin/rebuild-leaderboards', access: 'admin', expected: adminOnly(200) },
  { method: 'GET', route: '/api/admin/export/:kind', access: 'admin', request: () => ({ path: '/api/admin/export/users?format=csv' }), expected: adminOnly(200) },
  { method: 'GET', route: '/api/admin/audit', access: 'admin', request: () => ({ path: '/api/admin/audit?limit=5' }), expected: adminOnly(200) },
  // Each caller reports another member's review afresh (its earlier report withdrawn), so each report is a first one.
  {
    method: 'POST',
    route: '/api/reviews/:reviewId/report',
    access: 'user',
    request: async (caller, fixture) => {
      if (caller.user) await fixture.clearReports(caller.user.id);
      return { path: `/api/reviews/${fixture.reportedReview}/report`, body: { reason: 'spam' } };
    },
    expected: signedIn(201),
  },
  { method: 'GET', route: '/api/admin/reports', access: 'moderator', request: () => ({ path: '/api/admin/reports?state=all' }), expected: staffOnly(200) },
  { method: 'POST', route: '/api/admin/reviews/:reviewId/hide', access: 'moderator', request: (_caller, fixture) => ({ path: `/api/admin/reviews/${fixture.moderatedReview}/hide` }), expected: staffOnly(200) },
  { method: 'POST', route: '/api/admin/reviews/:reviewId/restore', access: 'moderator', request: (_caller, fixture) => ({ path: `/api/admin/reviews/${fixture.moderatedReview}/restore` }), expected: staffOnly(200) },
  { method: 'GET', route: '/api/admin/contact', access: 'moderator', request: () => ({ path: '/api/admin/contact?state=unread' }), expected: staffOnly(200) },
  { method: 'PATCH', route: '/api/admin/contact/:id', access: 'moderator', request: (_caller, fixture) => ({ path: `/api/admin/contact/${fixture.contactMessage}`, body: { read: true } }), expected: staffOnly(200) },
  { method: 'GET', route: '/api/badges/available', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/users/me/badges', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/users/me/badge-progress', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/challenges/daily', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/challenges/daily/archive', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/challenges', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/challenges/weekly', access: 'public', expected: all(200) },
  {
    method: 'POST',
    route: '/api/challenges/:id/attempts',
    access: 'user',
    request: async (_caller, fixture) => ({ path: `/api/challenges/${(await fixture.dailyChain()).challengeId}/attempts`, body: {} }),
    expected: signedIn(201),
  },
  // Each caller acts on an attempt of its own (callers without an account name one that does not exist).
  ...(
    [
      ['GET', '', undefined],
      ['POST', '/moves', 'move'],
      ['POST', '/undo', 'version'],
      ['POST', '/hint', 'version'],
      ['POST', '/give-up', 'version'],
    ] as const
  ).map(
    ([method, action, body]): Row => ({
      method,
      route: `/api/challenges/attempts/:attemptId${action}`,
      access: 'user',
      request: async (caller, fixture) => {
        const attempt = caller.user ? await fixture.attempt(caller.user.id) : { attemptId: '999999', version: 0 };
        const entity = (await fixture.dailyChain()).chain[1];
        return {
          path: `/api/challenges/attempts/${attempt.attemptId}${action}`,
          body: body === 'move' ? { entity, version: attempt.version } : body === 'version' ? { version: attempt.version } : undefined,
        };
      },
      expected: signedIn(200),
    }),
  ),
  {
    method: 'POST',
    route: '/api/challenges/attempt',
    access: 'user',
    request: async (caller, fixture) => {
      if (caller.user) await fixture.clearAttempts(caller.user.id);
      return { body: await fixture.dailyChain() };
    },
    expected: signedIn(200),
  },
  { method: 'GET', route: '/api/users/me/challenge-stats', access: 'user', expected: signedIn(200) },
  { method: 'POST', route: '/api/challenges/races', access: 'user', expected: signedIn(201) },
  { method: 'GET', route: '/api/challenges/races/:code', access: 'public', request: (_caller, fixture) => ({ path: `/api/challenges/races/${fixture.raceCode}` }), expected: all(200) },
  {
    method: 'POST',
    route: '/api/reviews',
    access: 'user',
    request: async (caller, fixture) => {
      if (caller.user) await fixture.clearReviews(caller.user.id);
      return { body: { entityId: REVIEWED_MOVIE, entityType: 'movie', rating: 4, title: 'Matrix', content: 'Checking who may write.' } };
    },
    expected: signedIn(201),
  },
  // Each caller changes a review of its own (callers without an account name one that does not exist).
  {
    method: 'PATCH',
    route: '/api/reviews/:reviewId',
    access: 'user',
    request: async (caller, fixture) => ({ path: `/api/reviews/${caller.user ? await fixture.review(caller.user.id) : 999_999}`, body: { rating: 2 } }),
    expected: signedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/reviews/:reviewId',
    access: 'user',
    request: async (caller, fixture) => ({ path: `/api/reviews/${caller.user ? await fixture.review(caller.user.id) : 999_999}` }),
    expected: signedIn(204),
  },
  { method: 'GET', route: '/api/entity/:type/:id/reviews', access: 'public', request: () => ({ path: `/api/entity/movie/${REVIEWED_MOVIE}/reviews` }), expected: all(200) },
  { method: 'GET', route: '/api/users/:id/reviews', access: 'public', request: (_caller, fixture) => ({ path: `/api/users/${fixture.owner.id}/reviews` }), expected: all(200) },
  { method: 'GET', route: '/api/watchlist', access: 'user', expected: signedIn(200) },
  {
    method: 'POST',
    route: '/api/watchlist',
    access: 'user',
    request: async (caller, fixture) => {
      if (caller.user) await fixture.clearWatchlist(caller.user.id);
      return { body: { movieId: REVIEWED_MOVIE, movieTitle: 'Mad Max: Fury Road' } };
    },
    expected: signedIn(201),
  },
  {
    method: 'DELETE',
    route: '/api/watchlist/:movieId',
    access: 'user',
    request: async (caller, fixture) => {
      if (caller.user) await fixture.watchlisted(caller.user.id);
      return { path: `/api/watchlist/${REVIEWED_MOVIE}` };
    },
    expected: signedIn(204),
  },
  { method: 'POST', route: '/api/watched', access: 'user', request: () => ({ body: { movieId: REVIEWED_MOVIE, movieTitle: 'Mad Max: Fury Road', rating: 4 } }), expected: signedIn(200) },
  { method: 'GET', route: '/api/users/:id/watchlist', access: 'public', request: (_caller, fixture) => ({ path: `/api/users/${fixture.owner.id}/watchlist` }), expected: all(200) },
  { method: 'GET', route: '/api/diary', access: 'user', request: () => ({ path: '/api/diary?year=2025' }), expected: signedIn(200) },
  { method: 'POST', route: '/api/diary', access: 'user', request: () => ({ body: DIARY_ENTRY }), expected: signedIn(201) },
  // Each caller changes an entry of its own (callers without an account name one that does not exist).
  {
    method: 'PATCH',
    route: '/api/diary/:entryId',
    access: 'user',
    request: async (caller, fixture) => ({ path: `/api/diary/${caller.user ? await fixture.diaryEntry(caller.user.id) : 999_999}`, body: { rating: 3 } }),
    expected: signedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/diary/:entryId',
    access: 'user',
    request: async (caller, fixture) => ({ path: `/api/diary/${caller.user ? await fixture.diaryEntry(caller.user.id) : 999_999}` }),
    expected: signedIn(204),
  },
  { method: 'POST', route: '/api/diary/import', access: 'user', request: () => ({ path: '/api/diary/import?name=watched.csv', body: LETTERBOXD_CSV }), expected: signedIn(200) },
  {
    method: 'POST',
    route: '/api/diary/import/:importId/commit',
    access: 'user',
    request: async (caller, fixture) => ({ path: `/api/diary/import/${caller.user ? await fixture.letterboxdImport(caller.user.id) : 'no-such-import'}/commit`, body: { choices: {} } }),
    expected: signedIn(200),
  },
  { method: 'GET', route: '/api/diary/export.csv', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/users/me/export', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/users/by-username/:username', access: 'public', request: (_caller, fixture) => ({ path: `/api/users/by-username/${fixture.owner.username}` }), expected: all(200) },
  { method: 'GET', route: '/api/users/:id/profile', access: 'public', request: (_caller, fixture) => ({ path: `/api/users/${fixture.owner.id}/profile` }), expected: all(200) },
  { method: 'GET', route: '/api/users/:id/stats', access: 'public', request: (_caller, fixture) => ({ path: `/api/users/${fixture.owner.id}/stats` }), expected: all(200) },
  { method: 'PATCH', route: '/api/users/me/profile', access: 'user', request: () => ({ body: { bio: 'Checking who may write.' } }), expected: signedIn(200) },
  { method: 'GET', route: '/api/users/:id/badges', access: 'public', request: (_caller, fixture) => ({ path: `/api/users/${fixture.owner.id}/badges` }), expected: all(200) },
  { method: 'GET', route: '/api/users/:id/year-stats', access: 'public', request: (_caller, fixture) => ({ path: `/api/users/${fixture.owner.id}/year-stats?year=2025` }), expected: all(200) },
  { method: 'GET', route: '/api/movies/trending', access: 'public', request: () => ({ path: '/api/movies/trending?limit=5&timeWindow=day' }), expected: all(200) },
  { method: 'GET', route: '/api/people/popular', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/movies/top-rated', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/movies/recent', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/movies/upcoming', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/movies/award-winners', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/movies/surprise', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/movies/mood-selector', access: 'public', request: () => ({ path: '/api/movies/mood-selector?limit=2' }), expected: all(200) },
  { method: 'GET', route: '/api/movies/popular-social', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/recommendations', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/users/compare', access: 'public', request: (_caller, fixture) => ({ path: `/api/users/compare?a=${fixture.owner.id}&b=${fixture.owner.id}` }), expected: all(200) },
  {
    method: 'POST',
    route: '/api/users/follow',
    access: 'user',
    request: (_caller, fixture) => ({ body: { userId: fixture.followee.id } }),
    expected: signedIn(200),
  },
  {
    method: 'DELETE',
    route: '/api/users/unfollow/:userId',
    access: 'user',
    // Followed first (when signed in), so each caller has someone to unfollow.
    request: async (caller, fixture) => {
      if (caller.user) await fixture.following(caller.user.id);
      return { path: `/api/users/unfollow/${fixture.followee.id}` };
    },
    expected: signedIn(200),
  },
  { method: 'GET', route: '/api/users/following', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/users/followers', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/users/discover', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/users/search', access: 'user', request: () => ({ path: '/api/users/search?q=owner' }), expected: signedIn(200) },
  { method: 'GET', route: '/api/activity/feed', access: 'user', expected: signedIn(200) },
  { method: 'GET', route: '/api/users/:id/activity', access: 'public', request: (_caller, fixture) => ({ path: `/api/users/${fixture.owner.id}/activity` }), expected: all(200) },
  { method: 'GET', route: '/api/openapi.json', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/docs/examples', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/asyncapi.json', access: 'public', expected: all(200) },
  // Operations: status, system and metrics
  { method: 'GET', route: '/api/status', access: 'public', expected: all(200) },
  { method: 'POST', route: '/api/status/refresh', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/status/history', access: 'public', expected: all(200) },
  { method: 'GET', route: '/api/admin/system', access: 'admin', expected: { anonymous: 401, user: 403, otherUser: 403, moderator: 403, admin: 200, apiKey: 403, deactivated: 401 } },
];

describe.each(databaseTargets())('authorization matrix on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let fixture: Fixture;
  const accounts = {} as Record<'owner' | 'other' | 'moderator' | 'admin' | 'deactivated', { user: AuthenticatedUser; username: string }>;
  let ownerKey: string;

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    // Google configured (its server is never reached: the matrix only starts and cancels sign-ins).
    t = await openTestApp({
      database,
      shared,
      google: { clientId: 'matrix', clientSecret: 'matrix', authUrl: 'http://127.0.0.1:9/authorize', tokenUrl: 'http://127.0.0.1:9/token', userInfoUrl: 'http://127.0.0.1:9/userinfo' },
    });
    accounts.owner = await createTestUser(t.users, { prefix: 'owner' });
    accounts.other = await createTestUser(t.users, { prefix: 'other' });
    accounts.moderator = await createTestUser(t.users, { prefix: 'mod', role: 'moderator' });
    accounts.admin = await createTestUser(t.users, { prefix: 'admin', role: 'admin' });
    accounts.deactivated = await createTestUser(t.users, { prefix: 'gone' });
    ownerKey = (await t.apiKeys.create(accounts.owner.user.id, 'matrix key')).key;
    const found = await t.connections.find({ fromEntity: bacon, toEntity: hanks }, { actor: null, preview: true });
    fixture = {
      owner: accounts.owner.user,
      loginTarget: (await createTestUser(t.users, { prefix: 'target' })).username,
      path: found.path,
      createKey: async (userId) => (await t.apiKeys.create(userId, 'to revoke')).id,
      clearAttempts: async (userId) => {
        await database.db.delete(challengeAttempts).where(eq(challengeAttempts.userId, userId));
      },
      async attempt(userId) {
        const attempt = await t.services.challenges.start(userId, (await t.services.challenges.daily(null)).id);
        if (attempt.status === 'playing') return attempt;
        await this.clearAttempts(userId);
        return t.services.challenges.start(userId, attempt.challengeId);
      },
      async dailyChain() {
        const daily = await t.services.challenges.daily(null);
        const graph = t.graph.graph;
        const game = new GameGraph(graph);
        const dist = game.distancesFrom(graph.resolve(daily.toEntity.key), 8);
        const chain = game.shortestChains(graph.resolve(daily.fromEntity.key), dist, 1)[0]!.map((node) => graph.key(node));
        return { challengeId: daily.id, chain };
      },
      raceCode: (await t.services.races.create({ userId: accounts.owner.user.id, displayName: 'Owner' })).code,
      async clearReviews(userId) {
        for (const review of await t.services.reviews.forUser(userId)) await t.services.reviews.remove(userId, review.id);
      },
      async review(userId) {
        await this.clearReviews(userId);
        return (await t.services.reviews.create(userId, { entityId: REVIEWED_MOVIE, entityType: 'movie', rating: 4, title: 'Matrix', content: 'Checking who may write.' })).id;
      },
      async clearWatchlist(userId) {
        await t.services.watchlist.remove(userId, REVIEWED_MOVIE).catch(() => undefined);
      },
      followee: (await createTestUser(t.users, { prefix: 'followee' })).user,
      async following(userId) {
        await t.services.follows.follow(userId, this.followee.id);
      },
      async watchlisted(userId) {
        await this.clearWatchlist(userId);
        await t.services.watchlist.add(userId, { movieId: REVIEWED_MOVIE, movieTitle: 'Mad Max: Fury Road' });
      },
      diaryEntry: async (userId) => (await t.services.diary.create(userId, { ...DIARY_ENTRY, notes: null, location: null, rewatch: false, isPrivate: false })).id,
      letterboxdImport: async (userId) => (await t.services.diaryImports.preview(userId, Buffer.from(LETTERBOXD_CSV), 'watched.csv')).importId,
      plainUser: async () => (await createTestUser(t.users, { prefix: 'plain' })).user.id,
      async searchedConnection() {
        const [row] = await database.db.insert(searchedConnections).values({ fromKey: 'person:kevin-bacon', toKey: `movie:matrix-${uniqueSuffix()}`, searchCount: 1 }).returning({ id: searchedConnections.id });
        return row!.id;
      },
      reportedReview: (await t.services.reviews.create((await createTestUser(t.users, { prefix: 'reviewed' })).user.id, { entityId: REVIEWED_MOVIE, entityType: 'movie', rating: 2, title: 'Reported', content: 'A review to report.' })).id,
      moderatedReview: (await t.services.reviews.create((await createTestUser(t.users, { prefix: 'moderated' })).user.id, { entityId: REVIEWED_MOVIE, entityType: 'movie', rating: 1, title: 'Moderated', content: 'A review to hide.' })).id,
      async clearReports(userId) {
        await database.db.delete(reviewReports).where(eq(reviewReports.reporterId, userId));
      },
      contactMessage: (await t.services.contact.insert({ ...contact, category: 'general' })).id,
    };
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  /**
   * Signed-in sessions kept across rows: a sign-in costs an Argon2 verification, and only the auth
   * routes change a session. Rows on /api/auth/ get a fresh caller (and the deactivated identity one
   * each time), so a row that signs in or out never leaks into the next.
   */
  const sessions = new Map<Identity, Promise<Caller>>();
  async function callerFor(identity: Identity, route: string): Promise<Caller> {
    const reusable = identity === 'user' || identity === 'otherUser' || identity === 'moderator' || identity === 'admin';
    if (!reusable || route.startsWith('/api/auth/')) return freshCaller(identity);
    let caller = sessions.get(identity);
    if (!caller) sessions.set(identity, (caller = freshCaller(identity)));
    return caller;
  }

  async function freshCaller(identity: Identity): Promise<Caller> {
    const signed = async (account: { user: AuthenticatedUser; username: string }): Promise<Caller> => ({
      identity,
      client: await signedInClient(t.app, account.username),
      user: account.user,
      username: account.username,
    });
    switch (identity) {
      case 'anonymous':
        return { identity, client: await anonymousClient(t.app) };
      case 'user':
        return signed(accounts.owner);
      case 'otherUser':
        return signed(accounts.other);
      case 'moderator':
        return signed(accounts.moderator);
      case 'admin':
        return signed(accounts.admin);
      case 'apiKey':
        return { identity, client: apiClient(t.app, { apiKey: ownerKey }), user: accounts.owner.user };
      case 'deactivated': {
        // Signed in while active, then deactivated: the session it holds must stop working.
        await t.users.setActive(accounts.deactivated.user.id, true);
        const caller = await signed(accounts.deactivated);
        await t.users.setActive(accounts.deactivated.user.id, false);
        return { ...caller, user: undefined };
      }
    }
  }

  it('has one row per declared API route, with the access and CSRF policy the route declares', () => {
    const declared = registeredRoutes(t.app)
      .map((route) => `${route.method.toUpperCase()} ${route.path} ${route.access} csrf:${route.csrf}`)
      .sort();
    const table = MATRIX.map((row) => `${row.method} ${row.route} ${row.access} csrf:${row.csrf ?? 'session'}`).sort();
    expect(declared.length).toBeGreaterThan(20);
    expect(table).toEqual(declared);
  });

  describe.each(MATRIX)('$method $route ($access)', (row) => {
    it.each(IDENTITIES)('%s', async (identity) => {
      const caller = await callerFor(identity, row.route);
      const { path = row.route, body } = (await row.request?.(caller, fixture)) ?? {};
      const res = await caller.client.send(row.method.toLowerCase() as Method, path, body).set('Accept', 'application/json');
      const expected = row.expected[identity];
      expect(res.status, `${identity} ${row.method} ${path}: ${String(res.text ?? "").slice(0, 200)}`).toBe(expected);
      if (expected >= 400) expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    });
  });

  describe('CSRF on every spelling of a session-changing path', () => {
    const SPELLINGS: Array<[string, unknown]> = [
      ['/api/auth/login/', { username: 'x', password: TEST_PASSWORD }],
      ['/API/AUTH/LOGIN', { username: 'x', password: TEST_PASSWORD }],
      ['/api/Auth/Login', { username: 'x', password: TEST_PASSWORD }],
      ['/api/Auth/Register/', { username: `reg_${uniqueSuffix()}`, email: 'r@example.com', password: TEST_PASSWORD }],
      ['/API/auth/logout/', undefined],
    ];

    it.each(SPELLINGS)('%s without a token is 403, with or without a session', async (spelling, body) => {
      const login = { username: fixture.loginTarget, password: TEST_PASSWORD };
      const withBody = (body as { username?: string } | undefined)?.username === 'x' ? login : body;
      // No session at all, then an anonymous session that has a token but does not send it.
      const bare = apiClient(t.app);
      const withSession = await anonymousClient(t.app);
      withSession.csrfToken = undefined;
      for (const client of [bare, withSession]) {
        const res = await client.send('post', spelling, withBody);
        expect(res.status, `${spelling}: ${res.text.slice(0, 200)}`).toBe(403);
        expect(res.body).toEqual({ code: 'FORBIDDEN', message: 'Missing or invalid CSRF token', details: {} });
      }
    });

    it.each(SPELLINGS)('%s with the token reaches the route', async (spelling, body) => {
      const client = await anonymousClient(t.app);
      const login = { username: fixture.loginTarget, password: TEST_PASSWORD };
      const res = await client.send('post', spelling, (body as { username?: string } | undefined)?.username === 'x' ? login : body);
      expect([200, 201, 204], `${spelling}: ${res.text.slice(0, 200)}`).toContain(res.status);
    });
  });
});
