import { useEffect, useState } from 'react';

/** The local clock, re-read every `intervalMs` while `running` (countdowns re-render with it). */
export function useNow(intervalMs = 1000, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, running]);
  return now;
}
