import { Writable } from 'node:stream';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';
import { EXPORT_PAGE_SIZE, exportStream } from './export.js';
import type { EntityRefs } from './ports.js';

const ROWS = 100_000;
/** A full garbage collection (the flag is set at run time, so no special vitest options are needed). */
v8.setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;
/** Names as the graph port gives them for keys it does not hold: the key itself. */
const refs: EntityRefs = (key) => ({ id: key.split(':')[1] ?? key, type: key.startsWith('movie:') ? 'movie' : 'person', name: key });

describe.each(databaseTargets())('admin exports on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let admin: ApiClient;

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
    const account = await createTestUser(t.users, { prefix: 'exporter', role: 'admin' });
    admin = await signedInClient(t.app, account.username);
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('exports all as one CSV with a kind column, and as one JSON object with both arrays', async () => {
    await database.db.execute(sql`insert into searched_connections (from_key, to_key, degrees, path, search_count) values ('person:kevin-bacon', 'person:tom-hanks', 2, '["person:kevin-bacon","movie:apollo-13-1995","person:tom-hanks"]', 3)`);
    const csv = await admin.send('get', '/api/admin/export/all?format=csv').expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="cinema-dna-all-.*\.csv"$/);
    const records = parse(csv.text, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(records[0]!)[0]).toBe('kind');
    expect(records.filter((record) => record.kind === 'users')).toHaveLength(Number(((await database.db.execute(sql`select count(*) as n from users`)) as unknown as { rows: [{ n: string }] }).rows[0].n));
    expect(records.find((record) => record.kind === 'connections')).toMatchObject({ fromEntityId: 'person:kevin-bacon', fromEntityName: 'Kevin Bacon', path: 'person:kevin-bacon > movie:apollo-13-1995 > person:tom-hanks', searchCount: '3', username: '' });
    expect(csv.text).not.toMatch(/argon|passwordHash/i);
    const json = JSON.parse((await admin.send('get', '/api/admin/export/all?format=json').expect(200)).text) as { users: unknown[]; connections: Array<{ path: string[] }> };
    expect(json.users.length).toBeGreaterThan(0);
    expect(json.connections[0]!.path).toEqual(['person:kevin-bacon', 'movie:apollo-13-1995', 'person:tom-hanks']);
    await database.db.execute(sql`delete from searched_connections`);
  });

  it(`streams ${ROWS.toLocaleString('en')} connections as valid CSV, read in keyset pages of at most ${EXPORT_PAGE_SIZE} with backpressure`, { timeout: 60_000 }, async () => {
    await database.db.execute(sql`
      insert into searched_connections (from_key, to_key, degrees, path, search_count)
      select 'person:p' || g, case when g = 77777 then 'movie:a,"quoted" one' else 'movie:m' || g end, g % 7, jsonb_build_array('person:p' || g, 'movie:m' || g), g
      from generate_series(1, ${ROWS}) as g`);

    // The route's stream, counted: pages of at most 1,000, and the live heap (after a full GC every
    // 20 pages, from the first) stays far below the payload: no more than a page or so is ever held.
    const pages: number[] = [];
    let bytes = 0;
    let peakHeap = 0;
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    await pipeline(
      exportStream(database.db, refs, 'connections', 'csv', {
        onPage: (_kind, rows) => {
          pages.push(rows);
          if (pages.length % 20 === 1) {
            gc();
            peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
          }
        },
      }),
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    expect(EXPORT_PAGE_SIZE).toBe(1_000);
    expect(pages.length).toBeGreaterThanOrEqual(100);
    expect(Math.max(...pages)).toBeLessThanOrEqual(1_000);
    expect(pages.reduce((sum, rows) => sum + rows, 0)).toBe(ROWS);
    const heapGrowth = peakHeap - heapBefore;
    expect(heapGrowth).toBeLessThan(bytes / 4);

    // Over HTTP: a valid CSV with every row.
    const res = await admin.send('get', '/api/admin/export/connections?format=csv').expect(200);
    const records = parse(res.text, { columns: true }) as Array<Record<string, string>>;
    expect(records).toHaveLength(ROWS);
    expect(records[0]).toMatchObject({ id: expect.any(String), fromEntityId: 'person:p1', toEntityId: 'movie:m1', fromEntityType: 'person', toEntityType: 'movie', degrees: '1', searchCount: '1', path: 'person:p1 > movie:m1' });
    expect(records[ROWS - 1]).toMatchObject({ fromEntityId: `person:p${ROWS}`, searchCount: String(ROWS) });
    expect(records.find((record) => record.fromEntityId === 'person:p77777')).toMatchObject({ toEntityId: 'movie:a,"quoted" one', toEntityName: 'movie:a,"quoted" one' });

    // Backpressure: a consumer that stops reading stops the database reads.
    const paused: number[] = [];
    const stream = exportStream(database.db, refs, 'connections', 'csv', { onPage: (_kind, rows) => paused.push(rows) });
    await new Promise((resolve) => stream.once('readable', resolve));
    await delay(300);
    expect(paused.length).toBeLessThanOrEqual(20);
    stream.destroy();
    console.info(`[export ${dbTarget.name}] ${ROWS} rows, ${(bytes / 1e6).toFixed(1)} MB CSV, ${pages.length} pages, heap growth ${(heapGrowth / 1e6).toFixed(1)} MB, pages read while paused: ${paused.length}`);
  });
});
