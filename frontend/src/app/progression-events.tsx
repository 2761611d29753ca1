import { useBadgeEvents } from '../features/badges';
import { useProgressionEvents } from '../features/progression';
import { useSocket } from '../features/realtime';

/** Connects the app's socket to the header's counters and the badge toasts (kept here so no feature imports another's socket code). */
export function ProgressionEvents() {
  const socket = useSocket();
  useProgressionEvents(socket);
  useBadgeEvents(socket);
  return null;
}
