import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/app-routes';
import { preloadRoutePages } from './app/lazy-page';
import { firstPageCommitted } from './app/layout/page-committed';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { assumeSignedOut, checkSession } from './features/auth';
import './styles/index.css';

// #root holds the server's rendering of this page's first paint (src/entry-server.tsx), drawn signed out when
// the request had no session cookie (there is no session then): the app starts from the same state.
const container = document.getElementById('root')!;
if (container.hasAttribute('data-signed-out')) assumeSignedOut();

// The session check starts now so the header settles as early as possible; its answer is applied once the
// page is hydrated: until then every render must match the server's HTML, where it is still being checked.
void firstPageCommitted.then(checkSession());
// Marks the document once the page is live (browser tests wait on it; a stylesheet could too).
void firstPageCommitted.then(() => document.documentElement.setAttribute('data-hydrated', ''));

// Someone may scroll the server's page while the app loads: remember where they are, and put them back there
// once the app has taken over (its first render may have restored a position saved before a reload).
let scrollBeforeTakeOver = window.scrollY;
const trackScroll = () => {
  scrollBeforeTakeOver = window.scrollY;
};
window.addEventListener('scroll', trackScroll, { passive: true });

/**
 * The server sends #root inert (its page cannot act yet); the app's first commit lifts that and puts the
 * reader back where they had scrolled (this runs after the layout's scroll restoration).
 */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    window.removeEventListener('scroll', trackScroll);
    container.removeAttribute('inert');
    if (scrollBeforeTakeOver > 0) window.scrollTo(0, scrollBeforeTakeOver);
  }, []);
  return children;
}

/** Hydration that fell back to rendering (a first render unlike the server's): kept for the browser tests. */
const hydrationErrors: string[] = [];
Object.assign(window, { __hydrationErrors: hydrationErrors });

// The app hydrates the first paint once the page's own code is in: React attaches to the markup already on
// screen instead of building it again, so its first frame is that same page and a phone's main thread does a
// fraction of the work. A page whose first render differs from the server's (or an empty #root) is rendered
// by React from scratch. In a transition, React hydrates in slices, yielding to the browser between them, so a
// phone's main thread is never blocked for long while the page (already visible) becomes interactive.
function start() {
  const app = (
    <StrictMode>
      <TakeOver>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </TakeOver>
    </StrictMode>
  );
  // No first paint (a URL the server does not render, or a build without the renderer): nothing to attach to.
  if (!container.firstChild) {
    startTransition(() => createRoot(container).render(app));
    return;
  }
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError(error) {
        hydrationErrors.push(error instanceof Error ? error.message : String(error));
        console.warn("Cinema DNA: the first render differed from the server's page; React rendered it again.", error);
      },
    });
  });
}
// The current route's page code: public/boot.js is already fetching it (the server listed it in the HTML).
preloadRoutePages(routes, window.location).then(start, start);
