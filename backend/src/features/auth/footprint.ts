import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { emailVerificationTokens } from './schema.js';

export const authFootprint: UserFootprintPart[] = [
  { table: emailVerificationTokens, rows: (userId) => eq(emailVerificationTokens.userId, userId), removal: { cascade: 'pending email tokens: nothing the dialog lists' } },
];
