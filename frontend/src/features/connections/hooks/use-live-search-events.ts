import { EVENTS, SearchCompletedSchema, SearchFailedSchema, SearchProgressedSchema } from '@cinema-dna/shared-types';
import { useEffect } from 'react';
import type { AppSocket } from '../../realtime';
import { handleSocketDisconnect, receiveCompleted, receiveFailed, receiveProgress } from '../store';

/** Mirrors the live search's socket events into the connections store (validated like every payload). */
export function useLiveSearchEvents(socket: AppSocket | null): void {
  useEffect(() => {
    if (!socket) return;
    const onProgress = (payload: unknown) => {
      const parsed = SearchProgressedSchema.safeParse(payload);
      if (parsed.success) receiveProgress(parsed.data);
    };
    const onCompleted = (payload: unknown) => {
      const parsed = SearchCompletedSchema.safeParse(payload);
      if (parsed.success) receiveCompleted(parsed.data);
    };
    const onFailed = (payload: unknown) => {
      const parsed = SearchFailedSchema.safeParse(payload);
      if (parsed.success) receiveFailed(parsed.data);
    };
    socket.on(EVENTS.searchProgressed, onProgress);
    socket.on(EVENTS.searchCompleted, onCompleted);
    socket.on(EVENTS.searchFailed, onFailed);
    socket.on('disconnect', handleSocketDisconnect);
    return () => {
      socket.off(EVENTS.searchProgressed, onProgress);
      socket.off(EVENTS.searchCompleted, onCompleted);
      socket.off(EVENTS.searchFailed, onFailed);
      socket.off('disconnect', handleSocketDisconnect);
    };
  }, [socket]);
}
