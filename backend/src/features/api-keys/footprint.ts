import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { apiKeys } from './schema.js';

export const apiKeysFootprint: UserFootprintPart[] = [{ table: apiKeys, rows: (userId) => eq(apiKeys.userId, userId), removal: { counted: 'apiKeys' } }];
