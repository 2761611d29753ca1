import { findPlayer, settle, type Room } from './room.js';

/** The room statuses of an unfinished race (a pair drawn, the race not over): what the query looks for. */
export const UNFINISHED_RACE_STATUSES: ReadonlyArray<Room['status']> = ['countdown', 'racing'];

/**
 * The pair a user races in `room` (a room document as the store keeps it), or null when the race
 * has no pair yet, has finished (by the clock or every player being done, as settle decides at
 * `now`), or the user is not (or no longer) one of its players. Read-only: nothing is written back.
 */
export function racedPair(roomJson: string, userId: number, now: number): readonly [from: string, to: string] | null {
  const room = settle(JSON.parse(roomJson) as Room, now);
  if (!room.pair || !UNFINISHED_RACE_STATUSES.includes(room.status)) return null;
  return findPlayer(room, userId) ? [room.pair.from, room.pair.to] : null;
}
