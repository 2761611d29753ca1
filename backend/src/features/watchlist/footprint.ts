import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { watchlistItems } from './schema.js';

export const watchlistFootprint: UserFootprintPart[] = [
  { table: watchlistItems, rows: (userId) => eq(watchlistItems.userId, userId), removal: { counted: 'watchlistItems' } },
];
