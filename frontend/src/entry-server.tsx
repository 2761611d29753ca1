import { ENTITY_FILMS_PAGE, EntityTypeSchema, type EntityType } from '@cinema-dna/shared-types';
import { QueryClientProvider, dehydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchPath, matchRoutes } from 'react-router-dom';
import { AppRoutes } from './app/app-routes';
import { preloadRoutePages } from './app/lazy-page';
import { routes, type RouteHandle } from './app/routes';
import { assumeSignedOut, resetAuth } from './features/auth';
import { publicDailyFirstPaintQuery } from './features/challenges';
import { exampleLookups, parseConnectionResultLink } from './features/connections';
import { trendingTabQueries } from './features/discovery';
import { GRAPH_STATS_KEY, entityFilmsKey, entityQueryKey } from './features/entities';
import { boardFirstPaintQuery, viewFromParams } from './features/leaderboards';
import { apiUrl } from './lib/api-client-typed';
import { createQueryClient } from './lib/query-client';
import { documentTitle } from './lib/use-document-title';

/** A query a page's first render reads: its key in the query cache and the public API path that answers it. */
export interface FirstPaintQuery {
  queryKey: readonly unknown[];
  path: string;
  /** An infinite query: the answer is its first page. */
  infinite?: true;
  /** The part of the answer the query's function returns (the cache holds what the page reads). */
  select?: (answer: unknown) => unknown;
}

/**
 * The public data a URL's first render shows (the rest of its queries wait for the app, as skeletons), and what
 * that data depends on: `catalog` (the catalog snapshot: entities and their links), `day` (today's data) or `live` (the boards).
 * The server fetches each path without a session and hands the answers to {@link render}. Null: nothing to fetch.
 */
export function firstPaintData(url: string, visitor: { signedOut: boolean } = { signedOut: false }): { dependsOn: 'catalog' | 'day' | 'live'; queries: FirstPaintQuery[] } | null {
  const location = new URL(url, 'http://first-paint.local');
  // Home: the hero's figures and the example pairs' names, above the fold on every screen; for a visitor surely
  // signed out, also today's challenge as everyone without a session sees it (a signed-in reader's card shows their
  // own attempt: it waits for the app). The card reads it afresh once up. Trending is not drawn: the app keeps its
  // pairs 5 minutes, so a first paint's pairs would age on screen while newer searches rank.
  if (location.pathname === '/') {
    const examples = exampleLookups().map(({ queryKey, input }) => ({ queryKey, path: apiUrl('/api/search', undefined, input), select: searchResults }));
    const catalog = [{ queryKey: GRAPH_STATS_KEY, path: apiUrl('/api/stats') }, ...examples];
    if (!visitor.signedOut) return { dependsOn: 'catalog', queries: catalog };
    return { dependsOn: 'day', queries: [...catalog, publicDailyFirstPaintQuery()] };
  }
  const entity = matchPath('/entity/:type/:id', location.pathname);
  if (entity) {
    const type = EntityTypeSchema.safeParse(entity.params.type);
    const id = entity.params.id;
    if (!type.success || !id) return null;
    const queries = [entityQuery(type.data, id)];
    // People and films list their films from the entity itself; the other kinds page through them.
    if (type.data !== 'person' && type.data !== 'movie') {
      queries.push({ queryKey: entityFilmsKey(type.data, id), path: apiUrl('/api/entity/:type/:id/films', { type: type.data, id }, { page: 1, limit: ENTITY_FILMS_PAGE }), infinite: true });
    }
    return { dependsOn: 'catalog', queries };
  }
  // Discovery opens on its Trending tab: the week's films (computed hourly) and the popular people.
  if (location.pathname === '/discovery' && (location.searchParams.get('tab') ?? 'trending') === 'trending') {
    return { dependsOn: 'day', queries: trendingTabQueries() };
  }
  // The board the URL names, as it is now (kept 5 s: boards move with every point).
  if (location.pathname === '/leaderboards') return { dependsOn: 'live', queries: [boardFirstPaintQuery(viewFromParams(location.searchParams))] };
  if (matchPath('/connection-result', location.pathname)) {
    const link = parseConnectionResultLink(location.searchParams);
    if (!link.ok) return null;
    return { dependsOn: 'catalog', queries: [entityQuery(link.from.type, link.from.id), entityQuery(link.to.type, link.to.id)] };
  }
  return null;
}

const searchResults = (answer: unknown) => (answer as { results: unknown }).results;

const entityQuery = (type: EntityType, id: string): FirstPaintQuery => ({ queryKey: entityQueryKey(type, id), path: apiUrl('/api/entity/:type/:id', { type, id }) });

/**
 * The first paint of a client URL as HTML, for the server to put into #root before any script runs
 * (backend/src/platform/first-paint.ts): the real layout and page, rendered as the browser app's first
 * render draws them (src/main.tsx) — the session still being checked (or signed out, for a visitor without a
 * session cookie), the query cache holding only the
 * public data the server fetched for it (`data`, see {@link firstPaintData}; the client seeds its cache with
 * the same, src/app/initial-data.ts), so every other part that waits for data shows its skeleton, and
 * below-the-fold sections their placeholders. Nothing user-specific is baked in: one HTML per URL serves
 * everyone (for as long as its data holds).
 *
 * Also the tab title the layout gives the route, and the cache as drawn (TanStack `dehydrate`) when it had data.
 */
export async function render(
  url: string,
  data: readonly { queryKey: readonly unknown[]; data: unknown }[] = [],
  visitor: { signedOut: boolean } = { signedOut: false },
): Promise<{ html: string; title: string; data?: DehydratedState }> {
  const location = new URL(url, 'http://first-paint.local');
  // As in the browser: the page's code is in before the first render, so it draws the page, not the fallback.
  await preloadRoutePages(routes, location);
  const handle = matchRoutes(routes, location.pathname)?.at(-1)?.route.handle as RouteHandle | undefined;
  const title = documentTitle(handle?.title);
  const queryClient = createQueryClient();
  for (const query of data) queryClient.setQueryData(query.queryKey, query.data);
  // A visitor without a session cookie is drawn signed out (the browser app starts so too: src/main.tsx). The
  // render is synchronous, so the shared session state is set and put back around it with nothing in between.
  if (visitor.signedOut) assumeSignedOut();
  let html: string;
  try {
    html = renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={location.pathname + location.search + location.hash}>
            <AppRoutes />
          </StaticRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
  } finally {
    resetAuth();
  }
  // Only the data handed in: a query the render started itself (a skeleton's) has none to pass on.
  return data.length > 0 ? { html, title, data: dehydrate(queryClient) } : { html, title };
}
