export { useEntityReviews } from './api/get-entity-reviews';
export { useUserReviews } from './api/get-user-reviews';
export { REVIEWS_QUERY_ROOT, reviewQueryKeys } from './api/query-keys';
export { ConfirmDeleteDialog } from './components/confirm-dialog';
export { EntityReviewsSection, reviewErrorText } from './components/entity-reviews-section';
export { ReviewCard } from './components/review-card';
export { ReviewForm, reviewFormErrors, type ReviewFormValues } from './components/review-form';
export { STAR_COUNT, StarRatingDisplay, StarRatingInput, ratingLabel } from './components/star-rating';
export { REVIEW_TEXTS } from './lib/review-texts';
