/** Spec §8 watchlist texts. */
export const WATCHLIST_TEXTS = {
  add: 'Add to Watchlist',
  remove: 'Remove from Watchlist',
  markWatched: 'Mark as Watched',
  watched: 'Watched',
  addedTitle: 'Added to Watchlist',
  removedTitle: 'Removed from Watchlist',
  markedTitle: 'Marked as Watched',
  addFailed: 'Failed to add movie to watchlist.',
  removeFailed: 'Failed to remove movie from watchlist.',
  markFailed: 'Failed to mark movie as watched.',
  empty: 'Your watchlist is empty. Add movies you want to watch!',
} as const;
