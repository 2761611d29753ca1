import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_MAX_BYTES } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';
import { createDiaryImportService } from './import-service.js';
import { IMPORT_LIMITS } from './letterboxd.js';
import type { DiaryCatalog } from './ports.js';
import { deflated, deflatedRun, diaryCsv, diaryCsvOfSize, diaryCsvWithCell, forgeOverlappingZip, forgeZip, startUploadClient, type Deflated, type SentUpload, type UploadClient } from './test-fixtures/hostile-uploads.js';

/** The promise every upload keeps: /api/health answers within this while it is read. */
const HEALTH_WITHIN_MS = 100;
/**
 * The tests that time /api/health run again when they miss, up to twice: a machine whose cores are
 * taken by other work delays any answer (this file runs alone: project `integration-alone`).
 * A server that holds its event loop misses every time.
 */
const TIMED = { retry: 2, timeout: 60_000 };

interface Watched<T> {
  result: T;
  /** How long each /api/health request took, in ms. */
  health: number[];
  healthStatuses: number[];
  /** The longest the event loop was held, in ms (monitorEventLoopDelay). */
  maxStallMs: number;
  elapsedMs: number;
}

describe.each(databaseTargets())('Letterboxd import limits on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let server: http.Server;
  let url: string;
  let auth: Record<string, string>;
  let client: UploadClient;
  // Built once: the big files take a moment to generate.
  let run256: Deflated;
  let rows150k: Buffer;
  let csv49mb: Buffer;
  let rowsAtCap: Buffer;

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { user } = await createTestUser(t.users, { prefix: 'limits' });
    auth = { Authorization: `Bearer ${(await t.apiKeys.create(user.id, 'uploads')).key}` };
    client = startUploadClient();
    run256 = await deflatedRun(256);
    rows150k = diaryCsv(150_000);
    csv49mb = diaryCsvOfSize(49 * 1024 * 1024);
    rowsAtCap = diaryCsv(IMPORT_LIMITS.rows);
    // The import's worker thread starts once, on the first upload, not during a measured one.
    await upload(Buffer.from('Date,Name,Year,Letterboxd URI\n2025-01-01,Heat,1995,https://boxd.it/w\n'), 'watched.csv');
    // Some 5 s on a quiet machine (the app, then 350 MB of test files to generate); far more on a busy one.
  }, 180_000);
  afterAll(async () => {
    await client?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    await shared?.close();
    await database?.dispose();
  });

  /**
   * An upload ready to go: its body handed to the client thread now, sent when the thunk is called.
   * Its answer is parsed only once measured (a 20 MB preview takes a while to parse, on this very event loop).
   */
  const prepare = async (body: Buffer, name: string) => {
    const loaded = await client.load(body);
    return () => client.post(`${url}/api/diary/import?name=${encodeURIComponent(name)}`, { ...auth, 'Content-Type': name.endsWith('.zip') ? 'application/zip' : 'text/csv' }, loaded);
  };
  const answer = (sent: SentUpload) => ({ status: sent.status, body: JSON.parse(sent.body.toString()) as Record<string, unknown> });
  const upload = async (body: Buffer, name: string) => answer(await (await prepare(body, name))());

  /** Runs an upload while another client asks /api/health again and again. */
  async function whileAskingHealth<T>(what: string, send: () => Promise<T>): Promise<Watched<T>> {
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const health: number[] = [];
    const healthStatuses: number[] = [];
    let done = false;
    loop.enable();
    const asking = (async () => {
      while (!done || health.length === 0) {
        const started = performance.now();
        const res = await fetch(`${url}/api/health`);
        await res.arrayBuffer();
        health.push(performance.now() - started);
        healthStatuses.push(res.status);
        await sleep(5);
      }
    })();
    const started = performance.now();
    try {
      const result = await send();
      const elapsedMs = performance.now() - started;
      done = true;
      await asking;
      loop.disable();
      const watched = { result, health, healthStatuses, maxStallMs: loop.max / 1e6, elapsedMs };
      console.info(
        `${what} on ${dbTarget.name}: answered in ${elapsedMs.toFixed(0)} ms; event loop held at most ${watched.maxStallMs.toFixed(0)} ms; ` +
          `/api/health ${health.length} answers, slowest ${Math.max(...health).toFixed(0)} ms` +
          (typeof result === 'object' && result !== null && 'sentBytes' in result ? `; ${((result as { sentBytes: number }).sentBytes / 1024 / 1024).toFixed(0)} MB sent` : ''),
      );
      return watched;
    } finally {
      done = true;
      loop.disable();
    }
  }

  const expectHealthKept = (watched: Watched<unknown>) => {
    expect(watched.healthStatuses.every((status) => status === 200)).toBe(true);
    expect(Math.max(...watched.health)).toBeLessThan(HEALTH_WITHIN_MS);
  };

  it('refuses a zip whose entries share one compressed stream (overlapping entries), inflating nothing', TIMED, async () => {
    // Five files whose headers all agree, each inflating the same 256 MB stream.
    const zip = forgeOverlappingZip(['diary.csv', 'ratings.csv', 'watched.csv', 'watchlist.csv', 'reviews.csv'], run256, 1000);
    expect(zip.length).toBeLessThan(300_000);
    const watched = await whileAskingHealth('overlapping-entry zip', await prepare(zip, 'export.zip'));
    expect(answer(watched.result)).toEqual({
      status: 400,
      body: { code: 'IMPORT_INVALID', message: expect.stringMatching(/^The zip could not be read: .*overlap/), details: { file: 'export.zip', reason: 'overlappingEntries' } },
    });
    expectHealthKept(watched);

    // Central entries pointing at one file's data under other names: its local header disagrees.
    const pointing = forgeZip([{ name: 'diary.csv', method: 8, ...run256, size: 1000 }], { alsoPointingAtFirst: ['ratings.csv', 'watched.csv', 'watchlist.csv', 'reviews.csv'] });
    expect(await upload(pointing, 'export.zip')).toEqual({
      status: 400,
      body: { code: 'IMPORT_INVALID', message: 'The zip could not be read: an entry’s local header names another file or method.', details: { file: 'export.zip', reason: 'headersDisagree' } },
    });
  });

  it('counts the bytes really inflated: a declared-size lie stops at the unzipped limit, or is caught by the real count', TIMED, async () => {
    // Declares 1 kB, inflates 256 MB: stopped at the limit (50 MB), never inflated whole.
    const bomb = forgeZip([{ name: 'diary.csv', method: 8, ...run256, size: 1000 }]);
    const watched = await whileAskingHealth('declared-size lie (256 MB declared as 1 kB)', await prepare(bomb, 'export.zip'));
    expect(answer(watched.result)).toEqual({
      status: 413,
      body: {
        code: 'PAYLOAD_TOO_LARGE',
        message: expect.stringMatching(/^The zip is too large once unzipped/),
        details: { file: 'export.zip', limit: 'unzippedBytes', value: IMPORT_LIMITS.unzippedBytes, limitBytes: IMPORT_LIMITS.unzippedBytes },
      },
    });
    expectHealthKept(watched);

    // A small lie under the limit: the real count disagrees with the headers.
    const csv = deflated('Date,Name,Year,Letterboxd URI\n2025-01-01,Heat,1995,https://boxd.it/lie\n');
    const liar = await upload(forgeZip([{ name: 'watched.csv', method: 8, ...csv, size: csv.size - 10 }]), 'export.zip');
    expect(liar).toEqual({ status: 400, body: { code: 'IMPORT_INVALID', message: expect.stringMatching(/^The zip could not be read: .*size/), details: { file: 'export.zip', reason: 'sizeMismatch' } } });
  });

  it('cuts a 1 GB upload off at the 50 MB limit without reading it all', TIMED, async () => {
    const watched = await whileAskingHealth('1 GB streamed upload', () => client.stream(`${url}/api/diary/import?name=diary.csv`, { ...auth, 'Content-Type': 'text/csv' }, 1024 * 1024 * 1024));
    expect(watched.result.status).toBe(413);
    expect(answer(watched.result).body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is too large',
      details: { limit: 'bytes', value: IMPORT_MAX_BYTES, limitBytes: IMPORT_MAX_BYTES },
    });
    // Sent until the server stopped reading: about the limit, far from the gigabyte.
    expect(watched.result.sentBytes).toBeLessThan(IMPORT_MAX_BYTES + 64 * 1024 * 1024);
    expectHealthKept(watched);
    // Not signed in: 401 at once, and none of it read.
    const anonymous = await client.stream(`${url}/api/diary/import?name=diary.csv`, { 'Content-Type': 'text/csv' }, 1024 * 1024 * 1024);
    expect(anonymous.status).toBe(401);
    expect(anonymous.sentBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a CSV of 150,000 rows at the row cap', TIMED, async () => {
    const watched = await whileAskingHealth('150,000-row CSV', await prepare(rows150k, 'diary.csv'));
    expect(answer(watched.result)).toEqual({
      status: 400,
      body: { code: 'IMPORT_INVALID', message: expect.stringMatching(/^diary\.csv holds more than 100,000 rows/), details: { file: 'diary.csv', line: 100_002, limit: 'rows', value: IMPORT_LIMITS.rows } },
    });
    expectHealthKept(watched);
  });

  it('refuses a 10 MB cell at the cell cap', TIMED, async () => {
    const cell = diaryCsvWithCell(10 * 1024 * 1024);
    const watched = await whileAskingHealth('10 MB cell', await prepare(cell, 'diary.csv'));
    expect(answer(watched.result)).toEqual({
      status: 400,
      body: { code: 'IMPORT_INVALID', message: expect.stringMatching(/^diary\.csv line 2 holds a value over 100,000 characters/), details: { file: 'diary.csv', line: 2, limit: 'cellChars', value: IMPORT_LIMITS.cellChars } },
    });
    expectHealthKept(watched);
  });

  it('refuses a 49 MB CSV at the row cap, reading no further', TIMED, async () => {
    expect(csv49mb.length).toBeGreaterThan(48 * 1024 * 1024);
    const watched = await whileAskingHealth('49 MB CSV', await prepare(csv49mb, 'diary.csv'));
    expect(answer(watched.result)).toEqual({
      status: 400,
      body: { code: 'IMPORT_INVALID', message: expect.stringMatching(/^diary\.csv holds more than 100,000 rows/), details: { file: 'diary.csv', line: 100_002, limit: 'rows', value: IMPORT_LIMITS.rows } },
    });
    expectHealthKept(watched);
  });

  it('previews an upload right at the row cap (100,000 films) without holding the server', TIMED, async () => {
    const watched = await whileAskingHealth('100,000-row CSV (at the cap)', await prepare(rowsAtCap, 'diary.csv'));
    const preview = answer(watched.result);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ files: [{ name: 'diary.csv', rows: IMPORT_LIMITS.rows }], counts: { matched: 0, ambiguous: 0, unmatched: IMPORT_LIMITS.rows } });
    expect((preview.body.films as unknown[]).length).toBe(IMPORT_LIMITS.rows);
    expectHealthKept(watched);
  });

  it('reads one upload of a user at a time: a second one meanwhile is a 429 naming the limit', async () => {
    const { user } = await createTestUser(t.users, { prefix: 'twice' });
    const headers = { Authorization: `Bearer ${(await t.apiKeys.create(user.id, 'twice')).key}`, 'Content-Type': 'text/csv' };
    const loaded = await client.load(csv49mb);
    const first = client.post(`${url}/api/diary/import?name=diary.csv`, headers, loaded);
    // The first one is being read (49 MB take a while on loopback); the second is refused unread.
    await sleep(100);
    const second = await fetch(`${url}/api/diary/import?name=watched.csv`, { method: 'POST', headers, body: 'Date,Name,Year,Letterboxd URI\n2025-01-01,Heat,1995,u\n' });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('5');
    expect(await second.json()).toEqual({ code: 'RATE_LIMITED', message: 'One upload at a time: wait until your other import has been read.', details: { limit: 'uploadsPerUser', value: 1 } });
    expect(answer(await first).status).toBe(400);
    // Once it is answered, the next one is read.
    const third = await fetch(`${url}/api/diary/import?name=watched.csv`, { method: 'POST', headers, body: 'Date,Name,Year,Letterboxd URI\n2025-01-01,Heat,1995,u\n' });
    expect(third.status).toBe(200);
  });

  it('stops a preview past its time budget with a 503 naming it, keeping nothing', async () => {
    const { user } = await createTestUser(t.users, { prefix: 'budget' });
    const catalog: DiaryCatalog = { hasMovie: () => false, titleOf: () => null, movies: async () => new Map(), titles: () => [], byExternalIds: async () => ({ tmdb: new Map(), imdb: new Map() }) };
    const imports = createDiaryImportService({ db: database.db, catalog, writers: { watchlist: async () => [], reviews: async () => [] }, limits: { timeMs: 1 } });
    try {
      await expect(imports.preview(user.id, diaryCsv(10), 'diary.csv')).rejects.toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'Reading the upload took longer than 0.001 s and was stopped: try again later, or upload the export’s files one at a time.',
        details: { limit: 'timeMs', value: 1 },
      });
    } finally {
      await imports.close();
    }
    const stored = (await database.db.execute(sql`select count(*)::int as n from diary_imports where user_id = ${user.id}`)) as unknown as { rows: { n: number }[] };
    expect(stored.rows[0]!.n).toBe(0);
  });

  it('keeps the newest three previews of a user and deletes the older ones', async () => {
    const { user } = await createTestUser(t.users, { prefix: 'keep3' });
    const key = `Bearer ${(await t.apiKeys.create(user.id, 'keep')).key}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${url}/api/diary/import?name=diary.csv`, { method: 'POST', headers: { Authorization: key, 'Content-Type': 'text/csv' }, body: diaryCsv(3000, i * 3000) });
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as { importId: string }).importId);
    }
    const stored = (await database.db.execute(sql`select id from diary_imports where user_id = ${user.id} and strpos(id, ':') = 0`)) as unknown as { rows: { id: string }[] };
    expect(stored.rows.map((row) => row.id).sort()).toEqual(ids.slice(2).sort());
    // Nothing of the deleted ones is left behind.
    const all = (await database.db.execute(sql`select id from diary_imports where user_id = ${user.id}`)) as unknown as { rows: { id: string }[] };
    expect(all.rows.every((row) => ids.slice(2).includes(row.id.split(':')[0]!))).toBe(true);
    // The oldest is gone for its commit too; the newest commits.
    const gone = await fetch(`${url}/api/diary/import/${ids[0]}/commit`, { method: 'POST', headers: { Authorization: key, 'Content-Type': 'application/json' }, body: '{"choices":{}}' });
    expect(gone.status).toBe(404);
    const kept = await fetch(`${url}/api/diary/import/${ids[4]}/commit`, { method: 'POST', headers: { Authorization: key, 'Content-Type': 'application/json' }, body: '{"choices":{}}' });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { skipped: number }).skipped).toBe(3000);
  });
});
