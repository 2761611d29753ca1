import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** One client route and the scripts its page needs beyond those index.html already loads. */
export interface RoutePreload {
  /** The route's pattern as react-router writes it, from the root: "/entity/:type/:id". */
  path: string;
  /** Asset URLs ("/assets/discovery-page-x.js"), in load order. */
  files: string[];
}

/** The file the server reads (backend/src/app.ts) to add `<link rel="modulepreload">` for the page being opened. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The lazy pages of the route table: `const XPage = lazyPage(() => import('../pages/x/x-page'))` and
 * `{ path: 'x', element: <XPage /> }` in src/app/routes.tsx, as (route path, page module) pairs.
 */
export function lazyRoutePages(routesSource: string): Array<{ path: string; page: string }> {
  const modules = new Map<string, string>();
  for (const match of routesSource.matchAll(/const (\w+) = lazy(?:Page)?\(\(\) => import\('\.\.\/(pages\/[^']+)'\)\);/g)) modules.set(match[1]!, match[2]!);
  const routes: Array<{ path: string; page: string }> = [];
  for (const match of routesSource.matchAll(/\{ path: '([^']+)', element: <(\w+) \/>/g)) {
    const page = modules.get(match[2]!);
    if (page) routes.push({ path: `/${match[1]!}`, page });
  }
  return routes;
}

/**
 * Writes route-preloads.json: for each lazy page, its chunk and the chunks it imports that the entry
 * does not. The server names them in the HTML of that route, so a phone fetches the page's code
 * beside the app's instead of after it (one round trip less before the page can draw).
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'cinema-dna:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: string[]): string[] => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
        };
        start.forEach(visit);
        return [...seen];
      };
      const entry = new Set(closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)));
      const routesFile = path.join(root, 'src/app/routes.tsx');
      const preloads: RoutePreload[] = [];
      for (const { path: routePath, page } of lazyRoutePages(readFileSync(routesFile, 'utf8'))) {
        const moduleId = path.join(root, 'src', `${page}.tsx`);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === moduleId);
        if (!chunk) this.error(`route-preloads: no chunk for ${page} (route ${routePath})`);
        preloads.push({ path: routePath, files: closure([chunk.fileName]).filter((file) => !entry.has(file)).map((file) => `/${file}`) });
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
