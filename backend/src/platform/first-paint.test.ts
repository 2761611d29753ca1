import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DAILY_DATA_TTL_MS, FIRST_PAINT_RENDERER, LIVE_DATA_TTL_MS, PARTIAL_DATA_TTL_MS, firstPaintRenderer, loopbackApiFetch, withFirstPaint } from './first-paint.js';

const INDEX = '<!doctype html><html><head><title>Cinema DNA</title></head><body><div id="root"></div></body></html>';
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A build directory, with a first-paint renderer of the given source (an ES module) or none. */
function staticDir(renderer?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'first-paint-'));
  dirs.push(dir);
  if (renderer !== undefined) {
    mkdirSync(path.join(dir, path.dirname(FIRST_PAINT_RENDERER)), { recursive: true });
    writeFileSync(path.join(dir, FIRST_PAINT_RENDERER), renderer);
  }
  return dir;
}

describe('first paint', () => {
  it('puts the page into an inert #root and its title into the head, as text', () => {
    const html = withFirstPaint(INDEX, { html: '<main><h1>Rankings $&amp; more</h1></main>', title: 'Q&A <b> · Cinema DNA' });
    expect(html).toContain('<div id="root" inert><main><h1>Rankings $&amp; more</h1></main></div>');
    expect(html).toContain('<title>Q&amp;A &lt;b&gt; · Cinema DNA</title>');
  });

  it('leaves the page as built without a first paint', () => {
    expect(withFirstPaint(INDEX, null)).toBe(INDEX);
  });

  it("renders each URL once with the build's renderer", async () => {
    const dir = staticDir("let calls = 0;\nexport async function render(url) { calls += 1; return { html: `<p>${url} ${calls}</p>`, title: 'T' }; }\n");
    const render = firstPaintRenderer(dir, () => undefined);
    expect(await render('/a?x=1')).toEqual({ html: '<p>/a?x=1 1</p>', title: 'T' });
    expect(await render('/a?x=1')).toEqual({ html: '<p>/a?x=1 1</p>', title: 'T' });
    expect(await render('/b')).toEqual({ html: '<p>/b 2</p>', title: 'T' });
  });

  it('answers null, and reports, when the page cannot be rendered; null without a renderer', async () => {
    const errors: string[] = [];
    const failing = firstPaintRenderer(staticDir('export async function render() { throw new Error("boom"); }\n'), (url, error) => errors.push(`${url}: ${(error as Error).message}`));
    expect(await failing('/x')).toBeNull();
    expect(errors).toEqual(['/x: boom']);
    expect(await firstPaintRenderer(staticDir(), () => undefined)('/x')).toBeNull();
  });

  it('embeds the data the page was drawn with as JSON that cannot close its script', () => {
    const html = withFirstPaint(INDEX, { html: '<p>x</p>', title: 'T', data: { queries: [{ name: '</script><script>alert(1)</script>' }] } });
    expect(html).toContain('<div id="root" inert><p>x</p></div><script type="application/json" id="initial-data">');
    expect(html).not.toContain('</script><script>alert');
    const json = html.slice(html.indexOf('id="initial-data">') + 'id="initial-data">'.length, html.lastIndexOf('</script>'));
    expect(JSON.parse(json)).toEqual({ queries: [{ name: '</script><script>alert(1)</script>' }] });
  });
});

/**
 * A renderer whose pages read data: /entity/* the catalog's (its first film list an infinite query), / a part of
 * an answer (`select`), /daily the day's, /board live data, others none. Each render says how many renders came before it and what data it was given.
 */
const DATA_RENDERER = `let renders = 0;
export function firstPaintData(url) {
  if (url.startsWith('/entity/')) return { dependsOn: 'catalog', queries: [{ queryKey: ['entity', url], path: '/api' + url }, { queryKey: ['films', url], path: '/api' + url + '/films', infinite: true }] };
  if (url === '/daily') return { dependsOn: 'day', queries: [{ queryKey: ['daily'], path: '/api/daily' }] };
  if (url === '/board') return { dependsOn: 'live', queries: [{ queryKey: ['board'], path: '/api/board' }] };
  if (url === '/') return { dependsOn: 'catalog', queries: [{ queryKey: ['search', 'a'], path: '/api/search?q=a', select: (answer) => answer.from.toUpperCase() }] };
  return null;
}
export async function render(url, data = []) {
  renders += 1;
  return { html: url + ' #' + renders, title: 'T', ...(data.length ? { data } : {}) };
}
`;

describe('first paint with data', () => {
  let version = 'v1';
  let time = Date.parse('2026-11-29T23:58:00Z');
  const fetched: string[] = [];
  let failing = new Set<string>();
  const fetchPublic = (path: string) => {
    fetched.push(path);
    return Promise.resolve(failing.has(path) ? undefined : { from: path });
  };
  const setup = () => {
    version = 'v1';
    time = Date.parse('2026-11-29T23:58:00Z');
    fetched.length = 0;
    failing = new Set();
    return firstPaintRenderer(staticDir(DATA_RENDERER), () => undefined, { catalogVersion: () => version, now: () => time });
  };

  it("renders a page with its public data under the renderer's query keys (an infinite query as its first page)", async () => {
    const render = setup();
    expect(await render('/entity/a', fetchPublic)).toEqual({
      html: '/entity/a #1',
      title: 'T',
      data: [
        { queryKey: ['entity', '/entity/a'], data: { from: '/api/entity/a' } },
        { queryKey: ['films', '/entity/a'], data: { pages: [{ from: '/api/entity/a/films' }], pageParams: [1] } },
      ],
    });
    expect(fetched).toEqual(['/api/entity/a', '/api/entity/a/films']);
  });

  it('keeps the part of an answer a query selects', async () => {
    const render = setup();
    expect((await render('/', fetchPublic))?.data).toEqual([{ queryKey: ['search', 'a'], data: '/API/SEARCH?Q=A' }]);
  });

  it('keeps a catalog page for as long as the catalog version it was drawn from is served', async () => {
    const render = setup();
    await render('/entity/a', fetchPublic);
    time += 7 * 24 * 3600_000;
    expect((await render('/entity/a', fetchPublic))?.html).toBe('/entity/a #1');
    version = 'v2';
    expect((await render('/entity/a', fetchPublic))?.html).toBe('/entity/a #2');
    expect((await render('/entity/a', fetchPublic))?.html).toBe('/entity/a #2');
    expect(fetched).toHaveLength(4);
  });

  it("keeps a page of the day's data a minute at most, and never past the UTC day", async () => {
    const render = setup();
    time = Date.parse('2026-11-29T23:59:30Z');
    expect((await render('/daily', fetchPublic))?.html).toBe('/daily #1');
    // 40 s later, but a new UTC day: a new day's page.
    time = Date.parse('2026-11-30T00:00:10Z');
    expect((await render('/daily', fetchPublic))?.html).toBe('/daily #2');
    time += DAILY_DATA_TTL_MS - 1;
    expect((await render('/daily', fetchPublic))?.html).toBe('/daily #2');
    time += 1;
    expect((await render('/daily', fetchPublic))?.html).toBe('/daily #3');
  });

  it('keeps a page of live data a few seconds only', async () => {
    const render = setup();
    expect((await render('/board', fetchPublic))?.html).toBe('/board #1');
    time += LIVE_DATA_TTL_MS - 1;
    expect((await render('/board', fetchPublic))?.html).toBe('/board #1');
    time += 1;
    expect((await render('/board', fetchPublic))?.html).toBe('/board #2');
    expect(fetched).toEqual(['/api/board', '/api/board']);
  });

  it('leaves out a query that failed, and draws the page again soon', async () => {
    const render = setup();
    failing.add('/api/entity/a/films');
    expect((await render('/entity/a', fetchPublic))?.data).toEqual([{ queryKey: ['entity', '/entity/a'], data: { from: '/api/entity/a' } }]);
    time += PARTIAL_DATA_TTL_MS - 1;
    expect((await render('/entity/a', fetchPublic))?.html).toBe('/entity/a #1');
    failing.clear();
    time += 1;
    expect(await render('/entity/a', fetchPublic)).toMatchObject({ html: '/entity/a #2', data: [{}, {}] });
  });

  it('renders a page without data once, whatever the catalog version or the time', async () => {
    const render = setup();
    expect(await render('/about', fetchPublic)).toEqual({ html: '/about #1', title: 'T' });
    version = 'v2';
    time += 10 * 24 * 3600_000;
    expect(await render('/about', fetchPublic)).toEqual({ html: '/about #1', title: 'T' });
    expect(fetched).toEqual([]);
  });

  it('asks the API without a cookie and leaves out an answer that is not OK or comes after the time limit', async () => {
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers.cookie);
      // /slow never answers (until the test closes the connection).
      if (req.url === '/slow') return;
      if (req.url === '/missing') res.writeHead(404).end('{}');
      else res.setHeader('Content-Type', 'application/json').end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const api = loopbackApiFetch('::ffff:127.0.0.1', (server.address() as AddressInfo).port, 1_000);
      expect(await api('/fine')).toEqual({ ok: true });
      expect(await api('/missing')).toBeUndefined();
      expect(await api('/slow')).toBeUndefined();
      expect(seen).toEqual([undefined, undefined, undefined]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
