// Development-only entry for search workers when the engine runs from TypeScript sources (vitest,
// tsx): Node 20 does not apply `--import tsx` hooks to a worker's entry module, so the worker
// registers tsx itself and then imports the real (.ts) entry. Production uses dist/graph/search-worker.js.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
