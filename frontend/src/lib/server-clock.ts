/**
 * The server's clock, as this page estimates it. Times the server writes (a feed item's timestamp, a
 * check's time) are compared with the server's now, never the device's: a device clock running a
 * minute slow would otherwise show a fresh item "in 1 minute". Every API answer carries the server's
 * `Date` header (whole seconds); the offset is taken from the answer with the shortest round trip
 * seen, against the middle of that round trip.
 */

/** Server time = device time + offset, in ms. 0 until the server has answered once. */
let offsetMs = 0;
/** The round trip of the sample the offset came from (a shorter one is a better estimate). */
let bestRoundTripMs = Number.POSITIVE_INFINITY;
/** A sample older than this is replaced by any newer one (the device clock may have been set since). */
const SAMPLE_TTL_MS = 10 * 60_000;
let sampledAt = 0;

/**
 * Notes the server's time from an answer's `Date` header, for a request sent at `sentAt` and answered
 * at `receivedAt` (device ms). The header is truncated to the second, so its middle (+500 ms) is used.
 */
export function noteServerDate(dateHeader: string | null | undefined, sentAt: number, receivedAt: number): void {
  if (!dateHeader) return;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return;
  const roundTrip = Math.max(0, receivedAt - sentAt);
  if (roundTrip > bestRoundTripMs && receivedAt - sampledAt < SAMPLE_TTL_MS) return;
  bestRoundTripMs = roundTrip;
  sampledAt = receivedAt;
  offsetMs = serverMs + 500 - (sentAt + roundTrip / 2);
}

/** The server's now, in epoch ms. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Forgets what was learnt (tests). */
export function resetServerClock(): void {
  offsetMs = 0;
  bestRoundTripMs = Number.POSITIVE_INFINITY;
  sampledAt = 0;
}
