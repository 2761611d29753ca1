/**
 * The embedded default's life cycle: a fresh cluster, data kept across restarts, a server left
 * running by a killed process reused (never a second one on the folder), folders it must not open
 * refused with a message, never replaced by a fresh database.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseDir } from './database.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';

const roots: string[] = [];
const servers: EmbeddedPostgres[] = [];
function tempRoot(prefix = 'cdna-embedded-'): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  roots.push(root);
  return root;
}
afterAll(async () => {
  for (const server of servers) await server.stop().catch(() => {});
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const postmasterPid = (dir: string) => Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
/** A running process (a zombie left unreaped by this sandbox's init counts as gone). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  it('creates a cluster, keeps what was written across a stop and a start, and leaves no server behind', async () => {
    const dir = path.join(tempRoot(), 'postgres');
    const first = await startEmbeddedPostgres({ dataDir: dir });
    servers.push(first);
    expect(first.reused).toBe(false);
    expect(readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim()).toBe('18');
    await query(first.url, 'create table kept (note text); insert into kept values (\'still here\')');
    await first.stop();
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);

    const second = await startEmbeddedPostgres({ dataDir: dir });
    servers.push(second);
    expect(second.reused).toBe(false);
    expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'still here' }]);
    // Only a Unix socket in the folder: no TCP port to collide with or expose.
    expect(await query(second.url, 'show listen_addresses')).toEqual([{ listen_addresses: '' }]);
    await second.stop();
  });

  it('reuses the server a killed process left running instead of starting a second one on the folder', async () => {
    const dir = path.join(tempRoot(), 'postgres');
    // The server runs detached from whoever started it: forgetting it is what a kill -9 of the app leaves.
    const orphan = await startEmbeddedPostgres({ dataDir: dir });
    servers.push(orphan);
    const pid = postmasterPid(dir);
    await query(orphan.url, 'create table t (n int); insert into t values (1)');

    const [again, andAgain] = await Promise.all([startEmbeddedPostgres({ dataDir: dir }), startEmbeddedPostgres({ dataDir: dir })]);
    expect([again.reused, andAgain.reused]).toEqual([true, true]);
    expect(postmasterPid(dir)).toBe(pid);
    expect(await query(again.url, 'select n from t')).toEqual([{ n: 1 }]);
    await again.stop();
    expect(alive(pid)).toBe(false);
  });

  it('recovers after every PostgreSQL process is killed with SIGKILL, committed rows intact', async () => {
    const dir = path.join(tempRoot(), 'postgres');
    const server = await startEmbeddedPostgres({ dataDir: dir });
    servers.push(server);
    await query(server.url, 'create table committed (n int); insert into committed select generate_series(1, 1000)');
    const pid = postmasterPid(dir);
    process.kill(-pid, 'SIGKILL'); // the postmaster leads its own process group: all of PostgreSQL at once
    await expect.poll(() => alive(pid), { timeout: 10_000, interval: 20 }).toBe(false);

    const recovered = await startEmbeddedPostgres({ dataDir: dir });
    servers.push(recovered);
    expect(recovered.reused).toBe(false);
    expect(await query(recovered.url, 'select count(*)::int as n from committed')).toEqual([{ n: 1000 }]);
    await recovered.stop();
  });

  it('refuses a folder of a newer PostgreSQL, of an older one, or one that is not a database, and leaves it as it was', async () => {
    const root = tempRoot();
    const newer = path.join(root, 'newer');
    mkdirSync(newer);
    writeFileSync(path.join(newer, 'PG_VERSION'), '19\n');
    await expect(startEmbeddedPostgres({ dataDir: newer })).rejects.toThrow(/holds a PostgreSQL 19 database, newer than the PostgreSQL 18/);

    const older = path.join(root, 'older');
    mkdirSync(older);
    writeFileSync(path.join(older, 'PG_VERSION'), '16\n');
    await expect(startEmbeddedPostgres({ dataDir: older })).rejects.toThrow(/holds a PostgreSQL 16 database.*pg_upgrade/);

    const foreign = path.join(root, 'foreign');
    mkdirSync(foreign);
    writeFileSync(path.join(foreign, 'notes.txt'), 'mine');
    await expect(startEmbeddedPostgres({ dataDir: foreign })).rejects.toThrow(/is not empty but is not a PostgreSQL database/);
    expect(readdirSync(foreign)).toEqual(['notes.txt']);
    expect(readdirSync(newer)).toEqual(['PG_VERSION']);
  });

  it('stops at the earlier embedded store (PGlite) in DATA_DIR/pg instead of starting a fresh database beside it', () => {
    const dataDir = tempRoot();
    mkdirSync(path.join(dataDir, 'pg'));
    writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '17\n');
    expect(() => embeddedDatabaseDir(dataDir)).toThrow(/earlier embedded store \(PGlite\)/);
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  });

  it('starts cleanly after a creation cut short, and on a folder too deep for a socket path', async () => {
    // initdb works in a sibling folder and renames it into place: a crash mid-way leaves only that folder.
    const root = tempRoot(`cdna-embedded-${'deep-'.repeat(16)}`);
    const dir = path.join(root, 'postgres');
    mkdirSync(`${dir}.initdb`);
    writeFileSync(path.join(`${dir}.initdb`, 'PG_VERSION'), '18\n');
    expect(dir.length).toBeGreaterThan(100);
    const server = await startEmbeddedPostgres({ dataDir: dir });
    servers.push(server);
    expect(existsSync(`${dir}.initdb`)).toBe(false);
    expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    await server.stop();
  });
});
