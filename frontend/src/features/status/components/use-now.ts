import { serverNow } from '../../../lib/server-clock';
import { useEffect, useState } from 'react';

/** The server's current time, moved on every `tickMs` (the status page's clock ticks every 30 s). */
export function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
