import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lazyRoutePages } from '../../build/route-preloads';
import { routes } from './routes';

describe('the route table as the build reads it (route-preloads.json)', () => {
  it('finds the page module of every lazy route', () => {
    const source = readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8');
    const found = lazyRoutePages(source);
    // Every child route but home (in the main bundle) and the not-found catch-all.
    const lazyPaths = routes[0]!.children!.filter((route) => !route.index && route.path !== '*').map((route) => `/${route.path}`);
    expect(found.map((route) => route.path)).toEqual(lazyPaths);
    expect(found.find((route) => route.path === '/discovery')?.page).toBe('pages/discovery/discovery-page');
  });
});
