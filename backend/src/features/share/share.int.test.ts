import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';

describe('shared connection links', () => {
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  let t: TestApp;
  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'cdna-static-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>Cinema DNA</title></head><body><div id="root"></div></body></html>');
    database = await databaseTargets()[0]!.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared, staticDir });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('render a 1200×630 PNG preview of the connection', async () => {
    const res = await request(t.app).get('/api/share/preview.png').query({ from: 'person:kevin-bacon', to: 'person:tom-hanks' }).buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.body as Buffer;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(png.length).toBeGreaterThan(10_000);
  });

  it('serve the app with Open Graph and Twitter tags naming the pair, without counting a search', async () => {
    const res = await request(t.app).get('/connection').query({ from: 'person:kevin-bacon', to: 'person:tom-hanks' }).expect(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).toContain('<meta property="og:title" content="Kevin Bacon ↔ Tom Hanks — Cinema DNA" />');
    expect(res.text).toContain('<meta property="og:description" content="Found a 2-degree connection between Kevin Bacon and Tom Hanks!" />');
    expect(res.text).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/share\/preview\.png\?from=person%3Akevin-bacon&amp;to=person%3Atom-hanks" \/>/);
    expect(res.text).toContain('<meta name="twitter:card" content="summary_large_image" />');
    await t.events.settled();
    expect((await request(t.app).get('/api/trending')).body.connections).toEqual([]);
    // The first real search of a shared link is still a fresh one (the live animation plays).
    const search = await request(t.app).post('/api/find-connection').send({ fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } });
    expect(search.body.cached).toBe(false);
  });

  it('serve the plain app for a link that does not resolve, and 400/404 for a bad preview request', async () => {
    const res = await request(t.app).get('/connection').query({ from: 'person:nobody', to: 'person:tom-hanks' }).expect(200);
    expect(res.text).not.toContain('og:title');
    await request(t.app).get('/api/share/preview.png').query({ from: 'kevin', to: 'person:tom-hanks' }).expect(400);
    await request(t.app).get('/api/share/preview.png').query({ from: 'person:nobody', to: 'person:tom-hanks' }).expect(404);
  });
});

describe('shared links count against the find-connection limit when they have to search', () => {
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  let t: TestApp;
  let searches = 0;
  beforeAll(async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'cdna-static-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>Cinema DNA</title></head><body><div id="root"></div></body></html>');
    database = await databaseTargets()[0]!.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared, staticDir, findLimit: 2 });
    const find = t.connections.find.bind(t.connections);
    t.connections.find = (...args) => {
      searches += 1;
      return find(...args);
    };
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  const page = (from: string, to: string) => request(t.app).get('/connection').query({ from, to });
  const image = (from: string, to: string) => request(t.app).get('/api/share/preview.png').query({ from, to });

  it('refuses with 429 once the limit is used, without searching; a crawler unfurling a link searches once', async () => {
    // An unfurl: the page, then its image — one search between them.
    expect((await page('person:kevin-bacon', 'person:tom-hanks').expect(200)).text).toContain('og:title');
    await image('person:kevin-bacon', 'person:tom-hanks').expect(200);
    expect(searches).toBe(1);
    await image('person:meryl-streep', 'person:keanu-reeves').expect(200);
    expect(searches).toBe(2);

    const refusedPage = await page('person:tom-hanks', 'person:meryl-streep').expect(429);
    expect(refusedPage.headers['content-type']).toMatch(/^text\/html/);
    expect(refusedPage.text).toMatch(/Too many requests/);
    expect(Number(refusedPage.headers['retry-after'])).toBeGreaterThan(0);
    const refusedImage = await image('person:keanu-reeves', 'person:kevin-bacon').expect(429);
    expect(refusedImage.body).toMatchObject({ code: 'RATE_LIMITED', details: { limit: 2 } });
    expect(searches).toBe(2);

    // Links already resolved keep unfurling: no search, so nothing to refuse.
    expect((await page('person:kevin-bacon', 'person:tom-hanks').expect(200)).text).toContain('og:title');
    await image('person:meryl-streep', 'person:keanu-reeves').expect(200);
    expect(searches).toBe(2);
  });
});
