import { useHydrated } from './use-hydrated';

/**
 * This site's origin (`https://host`), for links and code samples that name it. The server's first paint
 * (one HTML per URL, whatever host serves it) has none: there, and while React hydrates that HTML, it is ''
 * and a sample reads as a path; the browser's origin follows at once.
 */
export function useOrigin(): string {
  return useHydrated() ? window.location.origin : '';
}
