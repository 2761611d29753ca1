import { useCallback, useEffect, useRef, useState } from 'react';

/** The shortest gap between two announcements: a burst of changes is said once, with its newest text. */
export const ANNOUNCE_GAP_MS = 900;

/**
 * One polite live region per screen, throttled, last message wins: `announce` keeps only the newest
 * text and writes it into the region at most once per `gapMs`, so a screen reader is never flooded
 * (a search streaming layers, a countdown, a burst of feed items).
 */
export function useAnnouncer(gapMs = ANNOUNCE_GAP_MS) {
  const [message, setMessage] = useState('');
  const pending = useRef<string | null>(null);
  const lastAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const announce = useCallback(
    (text: string) => {
      pending.current = text;
      if (timer.current) return; // a write is already due: it will say this newest text
      const wait = Math.max(0, lastAt.current + gapMs - Date.now());
      timer.current = setTimeout(() => {
        timer.current = null;
        lastAt.current = Date.now();
        setMessage(pending.current ?? '');
        pending.current = null;
      }, wait);
    },
    [gapMs],
  );

  return { message, announce };
}

/** The region itself: visually hidden, polite, read as a whole. */
export function LiveRegion({ message }: { message: string }) {
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-region">
      {message}
    </p>
  );
}
