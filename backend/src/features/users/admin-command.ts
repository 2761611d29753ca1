import { parseArgs } from 'node:util';
import { PASSWORD_RULE, PasswordSchema, UsernameSchema } from '@cinema-dna/shared-types';
import { ConfigError, loadConfig } from '../../platform/config.js';
import { embeddedDatabaseDir, openDatabase } from '../../platform/db/database.js';
import { createOutbox } from '../../platform/events/index.js';
import { createUserService } from './service.js';

export const ADMIN_USAGE = `Usage: npm run admin:create -- --username <name> [--password <password>] [--email <address>]

Creates an administrator, or promotes an existing account to administrator (its password is kept).
Without --password the password is read from ADMIN_PASSWORD, so it stays out of the shell history.
${PASSWORD_RULE}
With the embedded database, it uses the app's PostgreSQL when the app runs, else starts it for its own run.`;

/** The outcome of `admin:create`: an exit code and what to print. */
export interface CommandResult {
  code: number;
  output: string;
}

/** `admin:create` with its arguments and environment; opens the configured database like the server does. */
export async function runAdminCreate(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<CommandResult> {
  let flags: { username?: string; password?: string; email?: string; help?: boolean };
  try {
    flags = parseArgs({
      args,
      options: { username: { type: 'string' }, password: { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }).values;
  } catch (error) {
    return { code: 2, output: `${(error as Error).message}\n\n${ADMIN_USAGE}` };
  }
  if (flags.help) return { code: 0, output: ADMIN_USAGE };

  const username = UsernameSchema.safeParse(flags.username ?? '');
  if (!username.success) return { code: 2, output: `--username: ${username.error.issues[0]!.message}\n\n${ADMIN_USAGE}` };
  const password = PasswordSchema.safeParse(flags.password ?? env.ADMIN_PASSWORD ?? '');
  if (!password.success || password.data.toLowerCase() === username.data.toLowerCase()) return { code: 2, output: `--password: ${PASSWORD_RULE}` };

  let config;
  try {
    // The admin settings are this command's own arguments; the server's pair is not needed here.
    config = loadConfig({ ...env, ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
  } catch (error) {
    if (error instanceof ConfigError) return { code: 1, output: error.message };
    throw error;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, schemaName: config.DATABASE_SCHEMA, embeddedDir: embeddedDatabaseDir(config.DATA_DIR), stopEmbedded: 'if-started' });
  try {
    // No dispatcher here: the server's delivers the events this command records (on its next poll).
    const users = createUserService({ db: database.db, events: createOutbox(database.db) });
    const { user, created } = await users.ensureAdmin(username.data, password.data, flags.email);
    return {
      code: 0,
      output: created ? `Created administrator ${user.username} (id ${user.id}).` : `${user.username} (id ${user.id}) is now an administrator; the password was not changed.`,
    };
  } catch (error) {
    return { code: 1, output: `Could not create the administrator: ${(error as Error).message}` };
  } finally {
    await database.close();
  }
}
