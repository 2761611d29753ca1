import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * One table's share of a user's rows, registered by the feature that owns the table
 * (features/<f>/footprint.ts). Deleting a user walks every registered part (admin-ports.ts
 * `userFootprint`), and user-footprint.test.ts fails when a table with a user id column has none,
 * so a new table cannot be forgotten.
 */
export interface UserFootprintPart {
  table: PgTable;
  /** Which of the table's rows are the user's. */
  rows: (userId: number) => SQL;
  /**
   * What deleting the user does to them:
   * - `counted`: deleted explicitly, and counted under this kind in the deletion dialog (UserDeletion.removed);
   * - `cascade`: deleted with the account by its foreign key (the reason says why it is not listed);
   * - `kept`: the rows stay for others, without the user (the owning feature's code says how: the reason names it).
   */
  removal: { counted: string } | { cascade: string } | { kept: string };
}
