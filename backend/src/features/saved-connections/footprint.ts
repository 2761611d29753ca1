import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { savedConnections } from './schema.js';

export const savedConnectionsFootprint: UserFootprintPart[] = [
  { table: savedConnections, rows: (userId) => eq(savedConnections.userId, userId), removal: { counted: 'savedConnections' } },
];
