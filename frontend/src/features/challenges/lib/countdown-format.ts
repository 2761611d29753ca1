/**
 * Clocks and durations as the challenge screens show them. Countdowns round up (a clock reads 0:01
 * until the very end, then 0:00), durations round to the nearest second.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** A clock: "4:05", "0:09", "1:02:03" past an hour. */
function clock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** Time left on a countdown, from milliseconds: whole seconds rounded up. */
export function formatCountdown(ms: number): string {
  return clock(Math.max(0, Math.ceil(ms / 1000)));
}

/** The seconds a big countdown shows (5, 4, 3, 2, 1, then 0). */
export function countdownSeconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** A duration in seconds ("1:23", as in the share text). */
export function formatDuration(seconds: number): string {
  return clock(Math.max(0, Math.round(seconds)));
}

/** Spec §4: time remaining as hours and minutes ("5h 07m", "42m", "0m"); minutes rounded down. */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${pad(minutes % 60)}m` : `${minutes}m`;
}

/** A time limit in whole minutes or as a clock ("5 min", "1:30 min"). */
export function formatTimeLimit(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} min` : `${formatDuration(seconds)} min`;
}
