import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { reviewReports, reviews } from './schema.js';

export const reviewsFootprint: UserFootprintPart[] = [
  { table: reviews, rows: (userId) => eq(reviews.userId, userId), removal: { counted: 'reviews' } },
  { table: reviewReports, rows: (userId) => eq(reviewReports.reporterId, userId), removal: { cascade: 'reports they filed on reviews: nothing the dialog lists' } },
];
