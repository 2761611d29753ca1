// Development-only entry for the upload worker when the app runs from TypeScript sources (vitest,
// tsx): Node 20 does not apply `--import tsx` hooks to a worker's entry module, so the worker
// registers tsx itself and then imports the real (.ts) entry. Compiled code runs
// dist/features/diary/upload-worker.js. (The same shim as graph/ts-worker-bootstrap.mjs, kept here so
// the feature does not reach into the engine's files.)
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
