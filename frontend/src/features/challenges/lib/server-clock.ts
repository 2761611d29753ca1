/**
 * The server keeps every challenge clock (absolute end times). The browser's own clock may be off by
 * seconds, so each answer that carries the server's time gives an offset: server time = Date.now() + offset.
 */

/** One reading of the server's clock, taken over a request whose round trip is known. */
export interface ClockSample {
  /** serverNow − the local time halfway through the round trip (ms). */
  offset: number;
  /** How long the request took (ms); the offset is uncertain by half of it. */
  roundTrip: number;
}

/**
 * The offset from one answer. NTP-style: the server read its clock about halfway between sending the
 * request (`sentAt`) and receiving the answer (`receivedAt`). Without `sentAt` (a broadcast), the
 * answer is taken as read on arrival.
 */
export function clockSample(serverNow: number, receivedAt: number, sentAt: number = receivedAt): ClockSample {
  const roundTrip = Math.max(0, receivedAt - sentAt);
  return { offset: Math.round(serverNow - (sentAt + roundTrip / 2)), roundTrip };
}

/** The best estimate from several samples: the one with the shortest round trip (the least doubt). */
export function bestOffset(samples: readonly ClockSample[]): number | null {
  let best: ClockSample | null = null;
  for (const sample of samples) if (!best || sample.roundTrip < best.roundTrip) best = sample;
  return best ? best.offset : null;
}

/** The server's time now, by the local clock corrected with `offset`. */
export function serverTime(offset: number, now: number = Date.now()): number {
  return now + offset;
}

/** Milliseconds until `deadline` (server epoch ms), never below 0. */
export function msUntil(deadline: number, offset: number, now: number = Date.now()): number {
  return Math.max(0, deadline - serverTime(offset, now));
}
