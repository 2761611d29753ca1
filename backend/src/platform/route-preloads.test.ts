import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { routePageHtml } from './route-preloads.js';

const INDEX = '<!doctype html><html><head><title>Cinema DNA</title></head><body><div id="root"></div></body></html>';
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function staticDir(preloads?: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'route-preloads-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (preloads) writeFileSync(path.join(dir, 'route-preloads.json'), JSON.stringify(preloads));
  return dir;
}

describe('routePageHtml', () => {
  const preloads = [
    { path: '/discovery', files: ['/assets/discovery-page-a.js', '/assets/chunk-b.js'] },
    { path: '/entity/:type/:id', files: ['/assets/entity-page-c.js'] },
  ];

  it("lists the route's page scripts for the app's loader in the head", () => {
    const html = routePageHtml(staticDir(preloads));
    expect(html('/discovery')).toContain('<script type="application/json" id="route-scripts">["/assets/discovery-page-a.js","/assets/chunk-b.js"]</script>');
    expect(html('/discovery/')).toContain('/assets/chunk-b.js');
    expect(html('/entity/person/kevin-bacon')).toContain('["/assets/entity-page-c.js"]');
    expect(html('/entity/person/kevin-bacon').indexOf('entity-page-c.js')).toBeLessThan(html('/entity/person/kevin-bacon').indexOf('</head>'));
  });

  it('leaves home, unknown paths and paths of another shape as built', () => {
    const html = routePageHtml(staticDir(preloads));
    expect(html('/')).toBe(INDEX);
    expect(html('/discovery-extra')).toBe(INDEX);
    expect(html('/entity/person')).toBe(INDEX);
    expect(html('/entity/person/kevin-bacon/more')).toBe(INDEX);
  });

  it('serves the page as built when the build wrote no preload list', () => {
    expect(routePageHtml(staticDir())('/discovery')).toBe(INDEX);
  });
});
