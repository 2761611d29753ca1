import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PAINT_RENDERER, firstPaintRenderer, withFirstPaint } from './first-paint.js';

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
});
