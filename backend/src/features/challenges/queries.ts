import { and, countDistinct, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { challengeAttempts } from './schema.js';

/** Challenges a user has solved (each once, however many attempts). */
export async function countChallengesCompleted(db: Db, userId: number): Promise<number> {
  return (
    (await db
      .select({ value: countDistinct(challengeAttempts.challengeId) })
      .from(challengeAttempts)
      .where(and(eq(challengeAttempts.userId, userId), eq(challengeAttempts.status, 'solved'))))[0]?.value ?? 0
  );
}
