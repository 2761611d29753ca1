import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchema, testDatabaseUrl, uniqueSuffix } from '../../test-support/targets.js';

const MIGRATIONS = fileURLToPath(new URL('../../../migrations', import.meta.url));
/** The last migration before emails became unique. */
const BEFORE_UNIQUE_EMAILS = '0002_accounts';

/** A copy of the migrations folder that stops at `lastTag`, as a database deployed back then had applied. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'cdna-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

interface Target {
  name: string;
  run(use: (db: { execute(query: ReturnType<typeof sql>): Promise<unknown>; rows<T>(query: ReturnType<typeof sql>): Promise<T[]> }, migrate: (folder: string) => Promise<void>) => Promise<void>): Promise<void>;
}

const targets: Target[] = [
  {
    name: 'postgres',
    async run(use) {
      const url = testDatabaseUrl();
      const schemaName = `test_${uniqueSuffix()}`;
      const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schemaName}` });
      try {
        await pool.query(`CREATE SCHEMA "${schemaName}"`);
        const db = drizzlePg(pool);
        await use(
          { execute: (query) => db.execute(query), rows: async (query) => (await db.execute(query)).rows as never },
          (folder) => migratePg(db, { migrationsFolder: folder, migrationsSchema: schemaName }),
        );
      } finally {
        await pool.end();
        await dropSchema(url, schemaName);
      }
    },
  },
];

describe.each(targets)('the unique-email migration on $name', (target) => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('applies over accounts sharing an email: the oldest keeps it, the others lose it', async () => {
    await target.run(async (db, migrate) => {
      const old = migrationsUpTo(BEFORE_UNIQUE_EMAILS);
      folders.push(old);
      await migrate(old);
      const insert = (username: string, email: string, createdAt: string) =>
        db.execute(sql`insert into users (username, username_lower, email, display_name, created_at) values (${username}, ${username.toLowerCase()}, ${email}, ${username}, ${createdAt})`);
      await insert('newer', 'Shared@Example.com', '2025-03-01T00:00:00Z');
      await insert('oldest', 'shared@example.com', '2025-01-01T00:00:00Z');
      await insert('middle', 'SHARED@example.com', '2025-02-01T00:00:00Z');
      // Same time: the lower id wins.
      await insert('tie_a', 'tie@example.com', '2025-01-01T00:00:00Z');
      await insert('tie_b', 'TIE@example.com', '2025-01-01T00:00:00Z');
      await insert('alone', 'alone@example.com', '2025-01-01T00:00:00Z');
      await insert('no_email_1', '', '2025-01-01T00:00:00Z');
      await insert('no_email_2', '', '2025-01-01T00:00:00Z');

      await migrate(MIGRATIONS);

      const rows = await db.rows<{ username: string; email: string; email_verified_at: unknown }>(sql`select username, email, email_verified_at from users order by username`);
      expect(Object.fromEntries(rows.map((row) => [row.username, row.email]))).toEqual({
        alone: 'alone@example.com',
        middle: '',
        newer: '',
        no_email_1: '',
        no_email_2: '',
        oldest: 'shared@example.com',
        tie_a: 'tie@example.com',
        tie_b: '',
      });
      // Nobody is verified by a migration: ownership was never proved.
      expect(rows.every((row) => row.email_verified_at === null)).toBe(true);
      // From now on the database itself refuses a second holder, in any case.
      await expect(insert('late', 'ALONE@example.com', '2025-04-01T00:00:00Z')).rejects.toThrow();
    });
  });
});
