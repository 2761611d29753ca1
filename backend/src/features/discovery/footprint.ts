import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { discoveryUserViews } from './schema.js';

export const discoveryFootprint: UserFootprintPart[] = [
  { table: discoveryUserViews, rows: (userId) => eq(discoveryUserViews.userId, userId), removal: { cascade: 'entities they viewed (discovery counts): nothing the dialog lists' } },
];
