import { AdminMetricsSchema, EVENTS, type AdminMetrics } from '@cinema-dna/shared-types';
import { useEffect, useState } from 'react';
import { useSocket } from '../../realtime';

export interface LiveMetrics {
  /** The latest numbers: the REST answer's until the socket's first ack, then each broadcast. */
  metrics: AdminMetrics | null;
  /** True once the socket watches (the numbers move by themselves). */
  live: boolean;
  /** Why the server refused to watch (the numbers then stay as the page read them). */
  refused: string | null;
}

/**
 * Watches the live metrics while the System tab is open: `admin:watch` on mount and after every
 * reconnect (its ack carries the numbers now), each `admin:metrics` replaces them, and `admin:unwatch`
 * when the tab closes. `initial` is what GET /api/admin/system answered, shown until the ack lands.
 */
export function useAdminMetrics(initial: AdminMetrics | undefined): LiveMetrics {
  const socket = useSocket();
  const [pushed, setPushed] = useState<AdminMetrics | null>(null);
  const [live, setLive] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  useEffect(() => {
    if (!socket) return;
    const accept = (payload: unknown) => {
      const parsed = AdminMetricsSchema.safeParse(payload);
      if (parsed.success) setPushed(parsed.data);
    };
    const watch = () => {
      socket.emit(EVENTS.adminWatch, {}, (answer) => {
        if (answer.ok) {
          accept(answer.data);
          setLive(true);
          setRefused(null);
        } else {
          setRefused(answer.error.message);
        }
      });
    };
    const onDisconnect = () => setLive(false);
    socket.on(EVENTS.adminMetrics, accept);
    socket.on('connect', watch);
    socket.on('disconnect', onDisconnect);
    if (socket.connected) watch();
    return () => {
      socket.off(EVENTS.adminMetrics, accept);
      socket.off('connect', watch);
      socket.off('disconnect', onDisconnect);
      if (socket.connected) socket.emit(EVENTS.adminUnwatch, {}, () => undefined);
    };
  }, [socket]);

  return { metrics: pushed ?? initial ?? null, live, refused };
}
