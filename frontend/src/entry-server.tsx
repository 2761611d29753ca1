import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { preloadRoutePages } from './app/lazy-page';
import { routes, type RouteHandle } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { documentTitle } from './lib/use-document-title';

/**
 * The first paint of a client URL as HTML, for the server to put into #root before any script runs
 * (backend/src/platform/first-paint.ts): the real layout and page, rendered as the browser app's first
 * render draws them (src/main.tsx) — the session still being checked, an empty query cache, so every
 * part that waits for data shows its skeleton, and below-the-fold sections their placeholders. Nothing
 * user- or time-specific is baked in: one HTML per URL serves everyone. The app renders over it.
 *
 * Also the tab title the layout gives the route. Null for a URL the route table answers with a redirect
 * or an error response (the app takes over).
 */
export async function render(url: string): Promise<{ html: string; title: string } | null> {
  const handler = createStaticHandler(routes);
  const request = new Request(new URL(url, 'http://first-paint.local'));
  const context = await handler.query(request);
  if (context instanceof Response) return null;
  // As in the browser: the page's code is in before the first render, so it draws the page, not the fallback.
  await preloadRoutePages(routes, new URL(request.url));
  const router = createStaticRouter(handler.dataRoutes, context);
  const title = documentTitle((context.matches.at(-1)?.route.handle as RouteHandle | undefined)?.title);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { html, title };
}
