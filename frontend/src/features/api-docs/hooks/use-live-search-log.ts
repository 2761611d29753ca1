import {
  EVENTS,
  SearchCompletedSchema,
  SearchFailedSchema,
  SearchProgressedSchema,
  type ClientToServerEvents,
  type FindConnectionRequest,
  type ServerToClientEvents,
} from '@cinema-dna/shared-types';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { describeSearchEvent } from '../lib/live-search-events';

/** The app's typed socket, as the page hands it over. */
export type LiveSearchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One line of the log: an event as it arrived. */
export interface LiveSearchLogEntry {
  seq: number;
  /** Milliseconds since Start, measured by the browser. */
  atMs: number;
  event: string;
  summary: string;
  payload: unknown;
}

export type LiveSearchPhase = 'idle' | 'starting' | 'running' | 'completed' | 'failed' | 'cancelled';

/** How long the server has to acknowledge `search:start`. */
const ACK_TIMEOUT_MS = 10_000;

interface Run {
  startedAt: number;
  requestId: string | null;
  /** Events that arrived before the acknowledgement named the request (a cached answer can beat it). */
  early: Array<{ event: string; payload: { requestId: string } }>;
  settled: boolean;
}

/**
 * Runs live searches over the app's socket and logs every event of the current one as it streams:
 * the acknowledgement, each `search:progressed` layer, then `search:completed` or `search:failed`.
 */
export function useLiveSearchLog(socket: LiveSearchSocket | null) {
  const [entries, setEntries] = useState<LiveSearchLogEntry[]>([]);
  const [phase, setPhase] = useState<LiveSearchPhase>('idle');
  const run = useRef<Run | null>(null);
  const seq = useRef(0);

  const log = useCallback((event: string, payload: unknown) => {
    const current = run.current;
    if (!current) return;
    const entry: LiveSearchLogEntry = { seq: ++seq.current, atMs: performance.now() - current.startedAt, event, summary: describeSearchEvent(event, payload), payload };
    setEntries((previous) => [...previous, entry]);
  }, []);

  const receive = useCallback(
    (event: string, payload: { requestId: string }) => {
      const current = run.current;
      if (!current || current.settled) return;
      if (current.requestId === null) {
        if (current.early.length < 500) current.early.push({ event, payload });
        return;
      }
      if (payload.requestId !== current.requestId) return;
      log(event, payload);
      if (event === EVENTS.searchCompleted || event === EVENTS.searchFailed) {
        current.settled = true;
        setPhase(event === EVENTS.searchCompleted ? 'completed' : 'failed');
      }
    },
    [log],
  );

  useEffect(() => {
    if (!socket) return;
    const onDisconnect = (reason: string) => {
      const current = run.current;
      if (current && !current.settled) {
        log('disconnect', { reason });
        current.settled = true;
        setPhase('failed');
      }
    };
    // Validated like every payload; one that does not match the contract is not shown as if it did.
    const onProgress = (payload: unknown) => {
      const parsed = SearchProgressedSchema.safeParse(payload);
      if (parsed.success) receive(EVENTS.searchProgressed, parsed.data);
    };
    const onCompleted = (payload: unknown) => {
      const parsed = SearchCompletedSchema.safeParse(payload);
      if (parsed.success) receive(EVENTS.searchCompleted, parsed.data);
    };
    const onFailed = (payload: unknown) => {
      const parsed = SearchFailedSchema.safeParse(payload);
      if (parsed.success) receive(EVENTS.searchFailed, parsed.data);
    };
    socket.on('disconnect', onDisconnect);
    socket.on(EVENTS.searchProgressed, onProgress);
    socket.on(EVENTS.searchCompleted, onCompleted);
    socket.on(EVENTS.searchFailed, onFailed);
    return () => {
      socket.off('disconnect', onDisconnect);
      socket.off(EVENTS.searchProgressed, onProgress);
      socket.off(EVENTS.searchCompleted, onCompleted);
      socket.off(EVENTS.searchFailed, onFailed);
    };
  }, [socket, receive, log]);

  const start = useCallback(
    (request: FindConnectionRequest) => {
      if (!socket) return;
      const current: Run = { startedAt: performance.now(), requestId: null, early: [], settled: false };
      run.current = current;
      seq.current = 0;
      setEntries([]);
      setPhase('starting');
      log(`${EVENTS.searchStart} →`, request);
      socket.timeout(ACK_TIMEOUT_MS).emit(EVENTS.searchStart, request, (timeoutError, ack) => {
        if (run.current !== current) return;
        if (timeoutError) {
          log('ack', { ok: false, error: { message: 'The server did not acknowledge the search.' } });
          current.settled = true;
          setPhase('failed');
          return;
        }
        log('ack', ack);
        if (!ack.ok) {
          current.settled = true;
          setPhase('failed');
          return;
        }
        current.requestId = ack.data.requestId;
        setPhase('running');
        for (const early of current.early.splice(0)) receive(early.event, early.payload);
      });
    },
    [socket, log, receive],
  );

  const cancel = useCallback(() => {
    const current = run.current;
    if (!socket || !current || current.settled || !current.requestId) return;
    const requestId = current.requestId;
    socket.emit(EVENTS.searchCancel, { requestId }, (ack) => {
      if (run.current !== current) return;
      log(`${EVENTS.searchCancel} ack`, ack);
      if (ack.ok && ack.data.cancelled && !current.settled) {
        current.settled = true;
        setPhase('cancelled');
      }
    });
  }, [socket, log]);

  // Leaving the page stops the search this console started.
  useEffect(
    () => () => {
      const current = run.current;
      if (socket && current && !current.settled && current.requestId) socket.emit(EVENTS.searchCancel, { requestId: current.requestId }, () => {});
      run.current = null;
    },
    [socket],
  );

  return { entries, phase, start, cancel };
}
