import { Suspense, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoginDialogOnDemand } from '../../features/auth';
import { documentTitle } from '../../lib/use-document-title';
import { Spinner } from '../../ui/spinner';
import { useRouteHandles } from '../route-handles';
import type { RouteHandle } from '../routes';
import { PageCommitted } from './page-committed';
import { ScrollRestoration } from './scroll-restoration';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Loading page" />
    </div>
  );
}

/** Header, the current page (lazy, faded in), footer, and the login dialog every Login button opens. */
export function Layout() {
  const { pathname } = useLocation();
  // The first page paints at once (nothing hidden while a phone loads); later pages fade in.
  const [firstPath] = useState(pathname);
  const arrived = pathname !== firstPath;
  const routeTitle = (useRouteHandles().at(-1) as RouteHandle | undefined)?.title;
  // The route's own title on arrival, before its (lazy) page loads; the page's effects, which run
  // after this one, may then refine it. Keyed on the path, as the page below is.
  useLayoutEffect(() => {
    document.title = documentTitle(routeTitle);
  }, [pathname, routeTitle]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-full focus:bg-amber-glow focus:px-4 focus:py-2 focus:text-ink-950"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* At least a screen tall: the footer waits below the fold while a page's code and data arrive,
          instead of showing and then jumping down (a layout shift, and a false "largest paint"). */}
      <main id="main" className="min-h-dvh flex-1">
        {/* Each page after the first fades in on arrival (CSS, compositor-only); no exit animation, so navigation never waits. */}
        <div key={pathname} className={arrived ? 'animate-page-in' : undefined}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
            <PageCommitted />
          </Suspense>
        </div>
      </main>
      <SiteFooter />
      <LoginDialogOnDemand />
      <ScrollRestoration />
    </div>
  );
}
