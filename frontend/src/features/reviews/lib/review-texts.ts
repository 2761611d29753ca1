/** The reviews' texts: the spec's empty state, and toasts of our own where the spec has none. */
export const REVIEW_TEXTS = {
  emptyTitle: 'No Reviews Yet',
  writeTitle: 'Write a Review',
  editTitle: 'Edit Your Review',
  postedTitle: 'Review Posted',
  posted: 'Thanks for sharing what you thought.',
  updatedTitle: 'Review Updated',
  updated: 'Your review has been updated.',
  deletedTitle: 'Review Deleted',
  deleted: 'Your review has been deleted.',
  postFailed: 'Failed to post review. Please try again.',
  updateFailed: 'Failed to update review. Please try again.',
  deleteFailed: 'Failed to delete review. Please try again.',
  ratingRequired: 'Choose a rating from 1 to 5 stars.',
  titleRequired: 'Give your review a title.',
  contentRequired: 'Write a few words about it.',
} as const;
