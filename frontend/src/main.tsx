import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { preloadRoutePages } from './app/lazy-page';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { loadSession } from './features/auth';
import './styles/index.css';

const router = createBrowserRouter(routes);

// The session check starts before the first render so the header settles as early as possible.
void loadSession();

// #root holds the server's rendering of this page's first paint (src/entry-server.tsx). The app renders
// over it once the page's own code is in, so its first frame is that same page, never a loading spinner;
// if that code fails to load, the app renders anyway and the route shows its own fallback.
const container = document.getElementById('root')!;

// Someone may scroll the server's page while the app loads: remember where they are, because the router's
// scroll restoration sends a first render to the top (it knows no saved position for this entry).
let scrollBeforeTakeOver = window.scrollY;
const trackScroll = () => {
  scrollBeforeTakeOver = window.scrollY;
};
window.addEventListener('scroll', trackScroll, { passive: true });

/**
 * The server sends #root inert (its page cannot act yet); the app's first commit, which replaces it, lifts
 * that and puts the reader back where they had scrolled (this runs after the router's own layout effects).
 */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    window.removeEventListener('scroll', trackScroll);
    container.removeAttribute('inert');
    if (scrollBeforeTakeOver > 0) window.scrollTo(0, scrollBeforeTakeOver);
  }, []);
  return children;
}

// A transition: React renders the app in slices, yielding to the browser between them, so a phone's main
// thread is never blocked for long while the page (already visible) becomes interactive.
function start() {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <TakeOver>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </TakeOver>
      </StrictMode>,
    );
  });
}
// The current route's page code: public/boot.js is already fetching it (the server listed it in the HTML).
preloadRoutePages(routes, window.location).then(start, start);
