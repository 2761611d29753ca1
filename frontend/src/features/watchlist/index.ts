export {
  WATCHLIST_QUERY_ROOT,
  addToWatchlist,
  markWatched,
  removeFromWatchlist,
  useAddToWatchlist,
  useMarkWatched,
  useRemoveFromWatchlist,
  useWatchlist,
  useWatchlistItem,
  watchlistQueryKeys,
} from './api/watchlist';
export { WatchlistButtons, type WatchlistMovie } from './components/watchlist-buttons';
export { WATCHLIST_TEXTS } from './texts';
