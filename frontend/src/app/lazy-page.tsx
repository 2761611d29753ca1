import { isValidElement, lazy, useState, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

/** A page component that loads its code on first use, and can be told to load it ahead of time. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * React.lazy, plus `preload()`: once the code is in, the page renders at once instead of suspending.
 * The app loads the current route's page before its first render (src/main.tsx), and the server before
 * rendering the first paint (src/entry-server.tsx), so both draw the page, never the "Loading page"
 * fallback between the server's HTML and the app.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  const remember = (module: { default: ComponentType }) => {
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(() => load().then(remember));
  function Page() {
    // Chosen once per mount: a page first drawn through Lazy keeps it (switching types would remount it).
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Page, { preload: () => load().then(remember).then(() => undefined) });
}

/** Loads the code of the lazy pages that `location` shows. */
export function preloadRoutePages(routes: RouteObject[], location: { pathname: string }): Promise<unknown> {
  const pending = (matchRoutes(routes, location.pathname) ?? []).flatMap(({ route }) => {
    const type: unknown = isValidElement(route.element) ? route.element.type : undefined;
    return typeof type === 'function' && 'preload' in type && typeof type.preload === 'function' ? [(type.preload as () => Promise<void>)()] : [];
  });
  return Promise.all(pending);
}
