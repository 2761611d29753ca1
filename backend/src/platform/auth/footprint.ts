import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../db/user-footprint.js';
import { sessions } from './schema.js';

export const sessionsFootprint: UserFootprintPart[] = [{ table: sessions, rows: (userId) => eq(sessions.userId, userId), removal: { counted: 'sessions' } }];
