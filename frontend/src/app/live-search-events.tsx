import { useLiveSearchEvents } from '../features/connections';
import { useSocket } from '../features/realtime';

/** Connects the app's socket to the live search store (kept here so no feature imports another's socket code). */
export function LiveSearchEvents() {
  useLiveSearchEvents(useSocket());
  return null;
}
