// Deleting a user walks every feature's registered footprint (user-footprints.ts). This reads the drizzle
// schema (every schema.ts drizzle.config.ts names) and fails when a table holding a user id has no part,
// so a new table of a user's rows cannot be forgotten.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserDeletionSchema } from '@cinema-dna/shared-types';
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from './platform/auth/schema.js';
import { USER_FOOTPRINTS } from './user-footprints.js';

const SRC = path.dirname(fileURLToPath(import.meta.url));
/** A column that names a user: by a foreign key to users, or by its name. */
const USER_COLUMN = /(^|_)(user|follower|followee|actor|reporter|author|owner)_id$/;

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : schemaFiles(full);
    return name === 'schema.ts' ? [full] : [];
  });
}

async function allTables(): Promise<PgTable[]> {
  const tables = new Set<PgTable>();
  for (const file of schemaFiles(SRC)) {
    for (const value of Object.values(await import(file))) if (is(value, PgTable)) tables.add(value);
  }
  return [...tables];
}

function userColumns(table: PgTable): string[] {
  const config = getTableConfig(table);
  const byKey = config.foreignKeys.filter((fk) => fk.reference().foreignTable === users).flatMap((fk) => fk.reference().columns.map((c) => c.name));
  return [...new Set([...byKey, ...config.columns.map((c) => c.name).filter((name) => USER_COLUMN.test(name))])];
}

describe('user deletion footprints', () => {
  it('registers every table with a user id column', async () => {
    const registered = new Set(USER_FOOTPRINTS.map((part) => part.table));
    const tables = await allTables();
    expect(tables.length).toBeGreaterThan(20);
    const holdingUsers = tables.filter((table) => table !== users && userColumns(table).length > 0);
    const missing = holdingUsers.filter((table) => !registered.has(table)).map((table) => getTableConfig(table).name);
    expect(missing, 'tables of a user’s rows with no footprint (add one in the owning feature’s footprint.ts and user-footprints.ts)').toEqual([]);
    expect(holdingUsers.length).toBe(USER_FOOTPRINTS.length);
  });

  it('deletes a "cascade" part by its foreign key, and counts the dialog’s kinds exactly once', () => {
    for (const part of USER_FOOTPRINTS) {
      if (!('cascade' in part.removal)) continue;
      const config = getTableConfig(part.table);
      const toUsers = config.foreignKeys.filter((fk) => fk.reference().foreignTable === users);
      expect(toUsers.map((fk) => fk.onDelete), config.name).toEqual(toUsers.map(() => 'cascade'));
      expect(toUsers.length, config.name).toBeGreaterThan(0);
    }
    const kinds = USER_FOOTPRINTS.flatMap((part) => ('counted' in part.removal ? [part.removal.counted] : []));
    expect(kinds.sort()).toEqual(Object.keys(UserDeletionSchema.shape.removed.shape).sort());
  });
});
