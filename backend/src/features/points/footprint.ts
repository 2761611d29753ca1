import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { pointsLedger } from './schema.js';

export const pointsFootprint: UserFootprintPart[] = [{ table: pointsLedger, rows: (userId) => eq(pointsLedger.userId, userId), removal: { counted: 'ledgerRows' } }];
