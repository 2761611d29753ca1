import { useEffect, useState } from 'react';

/** The current time, moved on every `tickMs` (the status page's clock ticks every 30 s). */
export function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
