/** Every watchlist query starts with this (yours and any profile's). */
export const WATCHLIST_QUERY_ROOT = 'watchlist';
export const watchlistQueryKeys = {
  mine: (userId: number) => [WATCHLIST_QUERY_ROOT, 'me', userId] as const,
  user: (userId: number) => [WATCHLIST_QUERY_ROOT, 'user', userId] as const,
};
