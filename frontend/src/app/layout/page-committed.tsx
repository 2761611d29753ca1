import { useEffect } from 'react';

let resolveCommitted: () => void = () => undefined;

/**
 * Settles when the first page's content is on screen and live. When the app hydrates the server's HTML,
 * React hydrates the layout first and the page inside its Suspense boundary after: state that changes
 * what a page draws (the session) must wait for this, or the page's first render would differ from the
 * server's and React would draw it again.
 */
export const firstPageCommitted = new Promise<void>((resolve) => {
  resolveCommitted = resolve;
});

/** Rendered beside the page, inside its Suspense boundary: commits when the page does. */
export function PageCommitted() {
  useEffect(() => resolveCommitted(), []);
  return null;
}
