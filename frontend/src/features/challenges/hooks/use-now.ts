import { useEffect, useState } from 'react';

/**
 * The local clock, re-read every `intervalMs` while `running` (countdowns re-render with it). It is
 * read again at once when it starts running, so a countdown that appears never shows a stale time.
 * In a background tab it stops ticking (nobody sees it; no re-render every second) and catches up
 * the moment the tab is shown again.
 */
export function useNow(intervalMs = 1000, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      if (timer === undefined) timer = setInterval(tick, intervalMs);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') return stop();
      tick();
      start();
    };
    const first = setTimeout(tick, 0);
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(first);
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [intervalMs, running]);
  return now;
}
