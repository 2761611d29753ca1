import { useEffect, useState } from 'react';

/**
 * The local clock, re-read every `intervalMs` while `running` (countdowns re-render with it). It is
 * read again at once when it starts running, so a countdown that appears never shows a stale time.
 */
export function useNow(intervalMs = 1000, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [intervalMs, running]);
  return now;
}
