import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates the server's first paint (and in that server render), true in every other
 * render: what the server's HTML does not have (a toast region, the browser's origin) waits for it, so the
 * first render matches the HTML and React attaches to it instead of drawing the page again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
