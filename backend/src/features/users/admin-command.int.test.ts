import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/database.js';
import { createOutbox } from '../../platform/events/index.js';
import { runAdminCreate } from './admin-command.js';
import { createUserService } from './service.js';

describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-admin-cli-'));
  const env = { DATA_DIR: dataDir };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const usersOf = async <T>(read: (users: ReturnType<typeof createUserService>) => Promise<T>): Promise<T> => {
    const database = await openDatabase({ embeddedDir: path.join(dataDir, 'postgres') });
    try {
      return await read(createUserService({ db: database.db, events: createOutbox(database.db) }));
    } finally {
      await database.close();
    }
  };

  it('creates an administrator who can sign in with that password', async () => {
    const result = await runAdminCreate(['--username', 'Chief', '--password', 'chief-password-1', '--email', 'chief@example.com'], env);
    expect(result).toEqual({ code: 0, output: expect.stringMatching(/^Created administrator Chief \(id \d+\)\.$/) });
    const user = await usersOf((users) => users.authenticate('chief', 'chief-password-1'));
    expect(user).toMatchObject({ username: 'Chief', role: 'admin', email: 'chief@example.com' });
  });

  it('promotes an existing account, keeping its password; the password may come from ADMIN_PASSWORD', async () => {
    await usersOf((users) => users.registerRaw({ username: 'promote_me', email: 'p@example.com', password: 'original-password' }));
    const result = await runAdminCreate(['--username', 'PROMOTE_ME'], { ...env, ADMIN_PASSWORD: 'another-password' });
    expect(result.code).toBe(0);
    expect(result.output).toContain('is now an administrator; the password was not changed');
    expect(await usersOf((users) => users.authenticate('promote_me', 'original-password'))).toMatchObject({ role: 'admin' });
  });

  it.each([
    [['--username', 'x', '--password', 'long-enough-password']],
    [['--username', 'okname', '--password', 'short']],
    [['--username', 'okname', '--password', 'okname']],
    [['--username', 'okname']],
    [['--nope']],
  ])('refuses %j with usage, creating nobody', async (args) => {
    const result = await runAdminCreate(args, env);
    expect(result.code).toBe(2);
    expect(result.output).not.toContain('long-enough-password');
  });
});
