import { useBadgeEvents } from '../features/badges';
import { useProgressionEvents } from '../features/progression';
import { useSocket } from '../features/realtime';
import { useActivityEvents } from '../features/social';

/**
 * Connects the app's socket to the header's counters, the badge toasts and the community's live
 * feed (kept here so no feature imports another's socket code).
 */
export function ProgressionEvents() {
  const socket = useSocket();
  useProgressionEvents(socket);
  useBadgeEvents(socket);
  useActivityEvents(socket);
  return null;
}
