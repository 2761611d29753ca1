/**
 * Test-only search worker with faults on demand, standing in for engine bugs: a request from
 * entity -1 spins forever without reaching a checkpoint, one from entity -2 kills the worker thread,
 * and one from entity -3 blocks until its own cancellation flag is set (then the real worker
 * answers it, cancelled), so only the per-request flag can end it.
 * Every other request reaches the real worker, whose message listener is wrapped here (one listener,
 * so no message is delivered before the real worker listens).
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerRequest } from '../worker-protocol.js';

const SPIN_FROM = -1;
const CRASH_FROM = -2;
const WAIT_FOR_CANCEL_FROM = -3;

const port = parentPort!;
const on = port.on.bind(port);
port.on = ((event: string, listener: (request: WorkerRequest) => void) =>
  on(event, (request: WorkerRequest) => {
    const from = request.kind === 'recommend' ? null : request.from;
    if (from === SPIN_FROM) {
      const never = new Int32Array(1);
      while (Atomics.load(never, 0) === 0) {
        // never reaches a cancellation checkpoint
      }
    }
    if (from === CRASH_FROM) process.exit(3);
    if (from === WAIT_FOR_CANCEL_FROM) {
      const flag = new Int32Array(request.cancel);
      while (Atomics.load(flag, 0) === 0) Atomics.wait(flag, 0, 0, 5);
    }
    listener(request);
  })) as typeof port.on;
await import('../search-worker.js');
