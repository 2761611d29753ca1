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
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    if (navigationType === 'REPLACE' && samePage) return;
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);

  return null;
}
