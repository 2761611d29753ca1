import { eq, sql } from 'drizzle-orm';
import { accountColumns } from '../../platform/auth/columns.js';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';

/** A user's own account for their data export (GET /api/users/me/export): never the password hash or the Google id, only whether Google is linked. */
export async function exportedAccount(db: Db, userId: number) {
  const [account] = await db
    .select({
      ...accountColumns('id', 'username', 'email', 'emailVerifiedAt'),
      googleLinked: sql<boolean>`${users.googleId} is not null`,
      ...accountColumns('displayName', 'bio', 'role', 'level', 'points', 'createdAt', 'lastActiveAt'),
    })
    .from(users)
    .where(eq(users.id, userId));
  return account;
}
