import { users } from './schema.js';

/**
 * Every column of an account a request may ever see — never the password hash nor the Google id. The one
 * copy: the session's user (users/store.ts), the admin's list, a profile and the data export each pick
 * from it, so a new secret column is not shown anywhere by accident.
 */
export const ACCOUNT_COLUMNS = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  bio: users.bio,
  role: users.role,
  isActive: users.isActive,
  level: users.level,
  points: users.points,
  createdAt: users.createdAt,
  lastActiveAt: users.lastActiveAt,
};

/** The named account columns, in the order named (a select's shape). */
export function accountColumns<K extends keyof typeof ACCOUNT_COLUMNS>(...keys: K[]): Pick<typeof ACCOUNT_COLUMNS, K> {
  return Object.fromEntries(keys.map((key) => [key, ACCOUNT_COLUMNS[key]])) as Pick<typeof ACCOUNT_COLUMNS, K>;
}
