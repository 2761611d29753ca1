import type { ActivityItem, Review, SocialUser, UserProfile } from '@cinema-dna/shared-types';

/** A signed-in user as the auth store holds it. */
export const ada = { id: 7, username: 'ada', displayName: 'Ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 20, role: 'user' as const };

/** A community member as the social lists return them. */
export function socialUser(id: number, username: string, patch: Partial<SocialUser> = {}): SocialUser {
  return {
    id,
    username,
    displayName: username[0]!.toUpperCase() + username.slice(1),
    bio: null,
    level: 2,
    levelName: 'Popcorn Regular',
    points: 150,
    connectionsFound: 4,
    reviewCount: 2,
    followersCount: 3,
    followingCount: 1,
    lastActive: '2026-11-27T07:00:00.000Z',
    isFollowing: false,
    badges: [],
    ...patch,
  };
}

/** A feed item by `username`. */
export function activityItem(id: string, patch: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id,
    type: 'review',
    user: { id: 8, username: 'grace', displayName: 'Grace' },
    timestamp: '2026-11-27T07:00:00.000Z',
    content: { movieTitle: `Film ${id}`, entityKey: `movie:film-${id}`, rating: 4 },
    ...patch,
  };
}

/** A profile as GET /api/users/by-username/:username returns it. */
export function userProfile(patch: Omit<Partial<UserProfile>, 'user'> & { user?: Partial<UserProfile['user']> } = {}): UserProfile {
  const { user, ...rest } = patch;
  return {
    user: {
      id: 8,
      username: 'grace',
      displayName: 'Grace Hopper',
      joinedAt: '2026-03-01T00:00:00.000Z',
      bio: 'Compilers by day, noir by night.',
      level: 2,
      levelName: 'Popcorn Regular',
      points: 240,
      lastActive: '2026-11-27T07:00:00.000Z',
      ...user,
    },
    badges: [],
    reviewCount: 3,
    progressToNext: 70,
    nextLevelThreshold: 300,
    stats: { connectionsFound: 6, savedConnections: 2, filmsLogged: 12, watchlistCount: 4, followersCount: 5, followingCount: 2, challengesCompleted: 1 },
    isFollowing: false,
    isSelf: false,
    ...rest,
  };
}

/** A review of Heat by user `authorId`. */
export const reviewBy = (id: number, authorId: number): Review => ({
  id,
  entityId: 'heat-1995',
  entityType: 'movie',
  rating: 2,
  title: `Review ${id}`,
  content: `Thoughts ${id}`,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
  author: { id: authorId, username: `user${authorId}`, displayName: `User ${authorId}` },
});
