export { REVIEWS_QUERY_ROOT, reviewQueryKeys, useEntityReviews, useUserReviews } from './api/reviews';
export { ConfirmDeleteDialog } from './components/confirm-dialog';
export { EntityReviewsSection, reviewErrorText } from './components/entity-reviews-section';
export { ReviewCard } from './components/review-card';
export { ReviewForm, reviewFormErrors, type ReviewFormValues } from './components/review-form';
export { STAR_COUNT, StarRatingDisplay, StarRatingInput, ratingLabel } from './components/star-rating';
export { REVIEW_TEXTS } from './lib/review-texts';
