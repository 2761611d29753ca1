/**
 * Test-only search worker that holds every request for DELAY_MS before the real worker runs it, so
 * a test can cancel (or replace) a live search that is certainly still running, whatever the
 * machine's speed. The real engine then sees the cancellation at the start of the search.
 */
import { parentPort } from 'node:worker_threads';

export const DELAY_MS = 400;

const port = parentPort!;
const pause = new Int32Array(new SharedArrayBuffer(4));
const on = port.on.bind(port);
port.on = ((event: string, listener: (request: unknown) => void) =>
  on(event, (request: unknown) => {
    // Blocks this thread as a long search does: messages sent meanwhile wait, cancel flags do not.
    Atomics.wait(pause, 0, 0, DELAY_MS);
    listener(request);
  })) as typeof port.on;
await import('../search-worker.js');
