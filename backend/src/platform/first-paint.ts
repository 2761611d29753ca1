import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the frontend build puts its first-paint renderer (frontend/vite.config.ts, `vite build --ssr`). */
export const FIRST_PAINT_RENDERER = '.ssr/entry-server.js';
/** The root element of index.html that the first paint fills. */
const EMPTY_ROOT = '<div id="root"></div>';
/** Distinct URLs kept rendered (query strings make the set open-ended; the oldest go first). */
const CACHE_SIZE = 500;

/** A page's first paint: the markup for #root and the tab title. */
export interface FirstPaint {
  html: string;
  title: string;
}

interface Renderer {
  render(url: string): Promise<FirstPaint | null>;
}

/**
 * The first paint of a client URL (frontend/src/entry-server.tsx): the real layout and page as a first
 * visit sees them before any data arrives — skeletons, the session placeholder, nothing user- or
 * time-specific — so the same HTML serves everyone and is kept per URL. Null when the build has no
 * renderer or the page cannot be rendered (the app then draws it as before, from script).
 */
export function firstPaintRenderer(staticDir: string, onError: (url: string, error: unknown) => void): (url: string) => Promise<FirstPaint | null> {
  const file = path.join(staticDir, FIRST_PAINT_RENDERER);
  if (!existsSync(file)) return () => Promise.resolve(null);
  let renderer: Promise<Renderer> | undefined;
  const cache = new Map<string, Promise<FirstPaint | null>>();
  return (url) => {
    const cached = cache.get(url);
    if (cached) return cached;
    renderer ??= import(pathToFileURL(file).href) as Promise<Renderer>;
    const rendered = renderer
      .then(({ render }) => render(url))
      .catch((error: unknown) => {
        onError(url, error);
        return null;
      });
    cache.set(url, rendered);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return rendered;
  };
}

/**
 * index.html with the first paint in #root and the route's tab title (the page as built when there is none). #root is inert until
 * the app has rendered over it (frontend/src/main.tsx): what is on screen before then is a picture of the
 * page whose buttons do nothing yet, so it takes no focus, clicks or screen-reader attention.
 */
export function withFirstPaint(indexHtml: string, firstPaint: FirstPaint | null): string {
  if (firstPaint === null) return indexHtml;
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(firstPaint.title)}</title>`)
    .replace(EMPTY_ROOT, () => `<div id="root" inert>${firstPaint.html}</div>`);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
