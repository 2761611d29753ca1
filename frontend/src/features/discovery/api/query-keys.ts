/** Every discovery query starts with this. */
export const DISCOVERY_QUERY_ROOT = 'discovery';

export const discoveryQueryKeys = {
  trending: (limit: number) => [DISCOVERY_QUERY_ROOT, 'trending', limit] as const,
  popularPeople: (limit: number) => [DISCOVERY_QUERY_ROOT, 'popular-people', limit] as const,
  topRated: (limit: number) => [DISCOVERY_QUERY_ROOT, 'top-rated', limit] as const,
  recent: (limit: number) => [DISCOVERY_QUERY_ROOT, 'recent', limit] as const,
  upcoming: (limit: number) => [DISCOVERY_QUERY_ROOT, 'upcoming', limit] as const,
  awardWinners: (limit: number) => [DISCOVERY_QUERY_ROOT, 'award-winners', limit] as const,
  /** Keyed by the signed-in user: signing in as someone else never shows the previous user's picks. */
  recommendations: (userId: number) => [DISCOVERY_QUERY_ROOT, 'recommendations', userId] as const,
};
