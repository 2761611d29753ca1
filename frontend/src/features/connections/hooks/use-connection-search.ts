import type { EntitySummary, SearchParameters } from '@cinema-dna/shared-types';
import { useCallback } from 'react';
import { useSocket } from '../../realtime';
import { cancelSearch, clearFinder, startSearch } from '../store';

export interface RunSearchOptions {
  parameters?: SearchParameters;
  failureTitle?: string;
}

/** How long a search started at page load waits for the socket before going over REST. */
const CONNECT_GRACE_MS = 1500;

/** Starts and stops live searches over the app's socket (REST when it is not connected). */
export function useConnectionSearch(origin: string) {
  const socket = useSocket();
  const run = useCallback(
    (from: EntitySummary, to: EntitySummary, options: RunSearchOptions = {}) => startSearch({ from, to, origin, socket, ...options }),
    [origin, socket],
  );
  /**
   * Like `run`, but when the socket is still connecting (a shared link opened cold) it waits for it
   * briefly, so the search streams live instead of falling back at once.
   */
  const runWhenConnected = useCallback(
    (from: EntitySummary, to: EntitySummary, options: RunSearchOptions = {}) => {
      if (!socket || socket.connected || !socket.active) {
        run(from, to, options);
        return;
      }
      let started = false;
      const go = () => {
        if (started) return;
        started = true;
        clearTimeout(timer);
        socket.off('connect', go);
        run(from, to, options);
      };
      const timer = setTimeout(go, CONNECT_GRACE_MS);
      socket.once('connect', go);
    },
    [run, socket],
  );
  const cancel = useCallback(() => cancelSearch(socket), [socket]);
  const clear = useCallback(() => clearFinder(socket), [socket]);
  return { run, runWhenConnected, cancel, clear };
}
