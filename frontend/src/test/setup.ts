import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setCsrfTokenSource } from '../lib/api-client';
import { preloadToastView } from '../ui/toast';
import { resetToFreshPageState } from './fresh-page-state';

// findBy*/waitFor give a loaded CI machine (2 cores running three tiers) time to render; a missing element still fails.
configure({ asyncUtilTimeout: 5_000 });

// A toast is on screen in the render that queues it (the app loads the toasts' code with the first one).
await preloadToastView();

// The files of a worker share their modules (isolate: false). Every module the app loads lazily (pages,
// dialogs, panels) is imported up front, once per worker: a lazy import a file started must not still be
// loading when that file's environment is torn down.
await Promise.all(Object.values(import.meta.glob(['../{app,features,pages,ui}/**/*.tsx', '!**/*.test.tsx'])).map((load) => load()));

// Each file starts from the state of a fresh page load, as if it had imported the app alone.
beforeAll(() => resetToFreshPageState());

/** Unit tests have no server to hand out CSRF tokens; writes carry this one. */
export const TEST_CSRF_TOKEN = 'test-csrf-token';
beforeEach(() => setCsrfTokenSource(async () => TEST_CSRF_TOKEN));

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// jsdom lacks the layout and media APIs that Radix and framer-motion probe.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
