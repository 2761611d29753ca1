import type { IncomingMessage, ServerResponse } from 'node:http';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ShortTurnsOptions {
  /** Target length of one event-loop turn while requests are queued (default 2 ms). */
  turnMs?: number;
}

/** Bounds of the requests answered per turn: at least a few, so a slow turn never starves the queue. */
const MIN_PER_TURN = 2;
const MAX_PER_TURN = 256;

/**
 * Wraps an HTTP request listener so that a saturated server keeps its event-loop turns short.
 *
 * Why: Node 20's libuv accepts ONE new connection per turn of the event loop (libuv PR #3696,
 * "don't accept() connections in a loop"), and a turn answers every request that is ready on the
 * open connections. Under load a turn grows with the number of busy connections, so a burst of N
 * new connections waits N long turns in the kernel's accept queue: in bench:http's soak, 200 new
 * connections waited up to 3–7 s to be accepted while every request the server had seen took < 1 s.
 *
 * How: requests are answered first come, first served from a queue, a slice per turn (from
 * `setImmediate`, the turn's check phase); the slice's size adapts so a whole turn (the slice with
 * its promise continuations, plus timers and I/O) lasts about `turnMs`. An idle server answers a
 * request in the same turn it arrived, as before. The order is kept; only requests whose connection
 * closed while they waited are dropped.
 */
export function shortTurns(listener: RequestListener, options: ShortTurnsOptions = {}): RequestListener {
  const turnMs = options.turnMs ?? 2;
  let queue: Array<[IncomingMessage, ServerResponse] | undefined> = [];
  let head = 0;
  let perTurn = 16;
  let scheduled = false;
  /** When the last slice started and how many requests it answered; measured at the next turn. */
  let previous: { at: number; answered: number } | null = null;

  const drain = () => {
    const now = performance.now();
    if (previous) {
      // The last turn took now - previous.at for previous.answered requests: aim the next at turnMs.
      // Measured after every slice, also one that emptied the queue, or a slice size learnt while
      // turns were cheap would stay and let one turn answer every connection again.
      const aimed = (previous.answered * turnMs) / Math.max(now - previous.at, 0.05);
      perTurn = Math.min(MAX_PER_TURN, Math.max(MIN_PER_TURN, Math.round((perTurn + aimed) / 2)));
      previous = null;
    }
    if (head >= queue.length) {
      queue = [];
      head = 0;
      scheduled = false;
      return;
    }
    const start = head;
    const end = Math.min(head + perTurn, queue.length);
    try {
      while (head < end) {
        const [req, res] = queue[head]!;
        queue[head] = undefined; // let answered requests be collected
        head += 1;
        // A client that went away while its request waited (gave up, or a shutdown cut it) gets no answer.
        if (!req.socket.destroyed) listener(req, res);
      }
    } finally {
      previous = { at: now, answered: head - start };
      // Under sustained load the queue never empties: drop the answered front now and then.
      if (head >= 4096) {
        queue = queue.slice(head);
        head = 0;
      }
      setImmediate(drain);
    }
  };

  return (req, res) => {
    queue.push([req, res]);
    if (!scheduled) {
      scheduled = true;
      setImmediate(drain);
    }
  };
}
