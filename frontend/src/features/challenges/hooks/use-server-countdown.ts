import { useEffect, useRef } from 'react';
import { msUntil } from '../lib/server-clock';
import { useNow } from './use-now';

/**
 * Milliseconds left until `deadline` (server epoch ms), by the local clock corrected with the server
 * offset; ticks 4 times a second so a second never shows late. `onEnd` runs once when it reaches 0.
 */
export function useServerCountdown(deadline: number | null, offset: number, { running = true, onEnd }: { running?: boolean; onEnd?: () => void } = {}): number | null {
  const now = useNow(250, running && deadline !== null);
  const left = deadline === null ? null : msUntil(deadline, offset, now);
  const ended = left === 0;
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  useEffect(() => {
    if (ended && running) onEndRef.current?.();
  }, [ended, running]);
  return left;
}
