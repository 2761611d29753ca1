import { eq } from 'drizzle-orm';
import type { UserFootprintPart } from '../../platform/db/user-footprint.js';
import { auditLog } from './schema.js';

/** The user's rows in admin: the actions they took stay in the audit log without their name. */
export const adminFootprint: UserFootprintPart[] = [
  { table: auditLog, rows: (userId) => eq(auditLog.actorId, userId), removal: { kept: 'admin/service.ts deleteUser sets actor_id to null (counted as anonymised.auditEntries)' } },
];
