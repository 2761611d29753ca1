import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { diaryEntries } from './schema.js';

/** Each film a user logged, once, with its latest rated entry's rating (the latest viewing's opinion, not the best). */
export function latestRatingPerFilm(db: Db, userId: number) {
  return db
    .selectDistinctOn([diaryEntries.movieId], { movieId: diaryEntries.movieId, rating: diaryEntries.rating })
    .from(diaryEntries)
    .where(eq(diaryEntries.userId, userId))
    .orderBy(diaryEntries.movieId, sql`${diaryEntries.rating} is null`, desc(diaryEntries.watchedDate), desc(diaryEntries.id));
}
