import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { challengeAttempts } from './schema.js';

export const challengesFootprint: UserFootprintPart[] = [
  { table: challengeAttempts, rows: (userId) => eq(challengeAttempts.userId, userId), removal: { counted: 'challengeAttempts' } },
];
