import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/**
 * The id of the `<script type="application/json">` the server puts after #root: the query cache its first paint
 * was drawn with (backend/src/platform/first-paint.ts, src/entry-server.tsx) — public data only, fetched
 * without a session.
 */
export const INITIAL_DATA_ID = 'initial-data';

/** The server's query cache for this page, or null when it sent none (or it cannot be read). */
export function readInitialData(doc: Document | undefined = globalThis.document): DehydratedState | null {
  const text = doc?.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as DehydratedState;
    return state && Array.isArray(state.queries) ? state : null;
  } catch {
    return null;
  }
}

/**
 * Seeds a new QueryClient with the server's data before the app's first render, so that render draws what the
 * server drew (the page hydrates its HTML instead of showing skeletons again). What depends on the session is
 * never in it: those queries run as usual once the app is up.
 */
export function seedFromInitialData(client: QueryClient): QueryClient {
  const state = readInitialData();
  if (state) hydrate(client, state);
  return client;
}
