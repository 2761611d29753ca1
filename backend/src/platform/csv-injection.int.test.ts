/**
 * CSV injection (OWASP): every CSV the app writes — the diary export and the admin exports (users,
 * connections, all) — neutralises a cell that begins with = + - @ tab or CR with a leading quote.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from './cache/memory.js';
import type { SharedState } from './cache/types.js';
import { neutraliseCell } from './csv.js';
import { createTestUser, signedInClient, type ApiClient } from '../test-support/accounts.js';
import { openTestApp, type TestApp } from '../test-support/app-fixture.js';
import { databaseTargets } from '../test-support/targets.js';

/** Cells a spreadsheet would run as formulas. */
const FORMULAS = ['=HYPERLINK("http://evil.example","Click")', '+1+cmd|\' /C calc\'!A0', '-2+3', '@SUM(1+1)*cmd|\' /C calc\'!A0'];
const startsLikeFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell);

describe('neutraliseCell', () => {
  it('prefixes a quote to a cell beginning with = + - @ tab or CR, and leaves any other cell as it is', () => {
    for (const cell of [...FORMULAS, '\t=1+1', '\r=1+1']) expect(neutraliseCell(cell)).toBe(`'${cell}`);
    for (const cell of ['Heat', '', 'a=b', ' =1', "'=1", '2026-01-01T00:00:00.000Z']) expect(neutraliseCell(cell)).toBe(cell);
  });
});

describe.each(databaseTargets())('CSV exports on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let admin: ApiClient;

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
    admin = await signedInClient(t.app, (await createTestUser(t.users, { prefix: 'csvadmin', role: 'admin' })).username);
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('the diary export neutralises every cell that begins like a formula', async () => {
    const { username } = await createTestUser(t.users, { prefix: 'diarist' });
    const client = await signedInClient(t.app, username);
    for (const [i, notes] of FORMULAS.entries()) {
      await client.send('post', '/api/diary', { movieId: 'heat-1995', movieTitle: '=HYPERLINK("http://evil.example")', watchedDate: `2026-01-0${i + 1}`, notes }).expect(201);
    }
    const text = (await client.send('get', '/api/diary/export.csv').expect(200)).text;
    const records = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(records.map((record) => [record.Title, record.Review])).toEqual(FORMULAS.map((notes) => ['Heat', `'${notes}`]));
    for (const record of records) for (const cell of Object.values(record)) expect(startsLikeFormula(cell), cell).toBe(false);
  });

  it('the admin exports (users, connections, all) neutralise every cell that begins like a formula', async () => {
    const victim = await createTestUser(t.users, { prefix: 'csvvictim' });
    await database.db.execute(sql`update users set email = ${'=HYPERLINK("http://evil.example")@evil.example'} where id = ${victim.user.id}`);
    await database.db.execute(sql`
      insert into searched_connections (from_key, to_key, degrees, path, search_count)
      values (${'+cmd|calc'}, ${'@SUM(1)'}, 2, ${JSON.stringify(['-2+3', 'movie:heat-1995', '@SUM(1)'])}::jsonb, 1)`);
    for (const kind of ['users', 'connections', 'all']) {
      const text = (await admin.send('get', `/api/admin/export/${kind}?format=csv`).expect(200)).text;
      const records = parse(text, { columns: true }) as Array<Record<string, string>>;
      expect(records.length, kind).toBeGreaterThan(0);
      const cells = records.flatMap((record) => Object.values(record));
      for (const cell of cells) expect(startsLikeFormula(cell), `${kind}: ${cell}`).toBe(false);
      if (kind !== 'connections') expect(cells, kind).toContain(`'=HYPERLINK("http://evil.example")@evil.example`);
      if (kind !== 'users') expect(cells, kind).toEqual(expect.arrayContaining(["'+cmd|calc", "'@SUM(1)", "'-2+3 > movie:heat-1995 > @SUM(1)"]));
    }
    await database.db.execute(sql`delete from searched_connections`);
  });
});
