export { addToWatchlist, useAddToWatchlist } from './api/add-to-watchlist';
export { getMyWatchlist, getUserWatchlist, useWatchlist, useWatchlistItem } from './api/get-watchlist';
export { markWatched, useMarkWatched } from './api/mark-watched';
export { WATCHLIST_QUERY_ROOT, watchlistQueryKeys } from './api/query-keys';
export { removeFromWatchlist, useRemoveFromWatchlist } from './api/remove-from-watchlist';
export { WatchlistButtons, type WatchlistMovie } from './components/watchlist-buttons';
export { WATCHLIST_TEXTS } from './texts';
