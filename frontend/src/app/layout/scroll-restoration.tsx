import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'cinema-dna:scroll-positions';
/** Where the reader was on each history entry (by location key), kept across reloads of the tab. */
const positions = new Map<string, number>(readStored());
let currentKey: string | null = null;
let lastPathname: string | null = null;

function readStored(): [string, number][] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as [string, number][]) : [];
  } catch {
    return [];
  }
}

function rememberScroll() {
  if (currentKey !== null) positions.set(currentKey, window.scrollY);
}

function storePositions() {
  rememberScroll();
  try {
    // The last 100 entries are plenty for Back and Forward.
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-100)));
  } catch {
    // Storage full or blocked: Back still works within this page's life.
  }
}

/** How long Back keeps trying to reach a saved position on a page whose content is still arriving. */
const RESTORE_FOR_MS = 3000;

/**
 * Scrolls to `y`, and again on each frame while the page is still too short to get there (its sections and
 * data arriving), until it is reached, the reader scrolls themselves, or RESTORE_FOR_MS has passed.
 */
function restoreTo(y: number) {
  const key = currentKey;
  const until = performance.now() + RESTORE_FOR_MS;
  let readerMoved = false;
  const onReader = () => {
    readerMoved = true;
  };
  const readerEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const type of readerEvents) window.addEventListener(type, onReader, { passive: true, once: true });
  const attempt = () => {
    // Another navigation since: that page's scroll is its own.
    if (currentKey !== key) readerMoved = true;
    if (!readerMoved) window.scrollTo(0, y);
    if (readerMoved || Math.abs(window.scrollY - y) < 1 || performance.now() > until) {
      for (const type of readerEvents) window.removeEventListener(type, onReader);
      return;
    }
    requestAnimationFrame(attempt);
  };
  attempt();
}

/**
 * Scroll as a reader expects between pages: a new page starts at the top (or at its #anchor), Back and
 * Forward return to where the reader was on that entry, and a change that only replaces the query of the
 * same page (a tab, a filter) leaves the scroll alone. The first page keeps the browser's own position.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', rememberScroll, { passive: true });
    window.addEventListener('pagehide', storePositions);
    return () => {
      window.removeEventListener('scroll', rememberScroll);
      window.removeEventListener('pagehide', storePositions);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const first = currentKey === null;
    const samePage = currentKey !== null && lastPathname === location.pathname;
    currentKey = location.key;
    lastPathname = location.pathname;
    const saved = positions.get(location.key);
    if (navigationType === 'POP' || first) {
      if (saved !== undefined) restoreTo(saved);
      return;
    }
    if (navigationType === 'REPLACE' && samePage) return;
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
