import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What the frontend build writes (frontend/build/route-preloads.ts): each lazy route and its page's scripts. */
interface RoutePreload {
  path: string;
  files: string[];
}

/** "/entity/:type/:id" → a matcher for one path of that shape (":name" is one segment). */
function routeMatcher(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * index.html for a client path: with the scripts of the page at that path (from route-preloads.json) in
 * a `#route-scripts` JSON list, which the app's loader (frontend/public/boot.js) turns into module
 * preloads beside the app's own, so a first visit fetches the page's code together with the app's
 * instead of one round trip later. Paths of no lazy route (home, unknown) get the page as built.
 * Both files are read once: a new build comes with a restart.
 */
export function routePageHtml(staticDir: string): (requestPath: string) => string {
  const indexHtml = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const preloadsFile = path.join(staticDir, 'route-preloads.json');
  const routes = existsSync(preloadsFile) ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreload[]) : [];
  const matchers = routes.map((route) => ({ matcher: routeMatcher(route.path), route }));
  const rendered = new Map<string, string>();
  return (requestPath) => {
    const route = matchers.find(({ matcher }) => matcher.test(requestPath))?.route;
    if (!route || route.files.length === 0) return indexHtml;
    let html = rendered.get(route.path);
    if (html === undefined) {
      // A data block, not a script: the page's CSP does not apply, and "<" cannot appear in asset names.
      const list = `    <script type="application/json" id="route-scripts">${JSON.stringify(route.files)}</script>\n`;
      html = indexHtml.replace('</head>', `${list}  </head>`);
      rendered.set(route.path, html);
    }
    return html;
  };
}
