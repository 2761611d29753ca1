/**
 * Search worker thread: owns one SearchEngine over the graph's SharedArrayBuffer (no copy) and
 * answers the pool's requests one at a time, in the order they arrive (the pool matches replies to
 * that order), streaming progress messages while it searches.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { GraphError, SearchCancelledError } from './errors.js';
import { SearchEngine, type SearchProgress } from './search.js';
import { Graph } from './snapshot.js';
import type { WorkerData, WorkerReply, WorkerRequest } from './worker-protocol.js';

const data = workerData as WorkerData;
const port = parentPort!;
const engine = new SearchEngine(Graph.fromBuffer(data.buffer));

port.on('message', (request: WorkerRequest) => {
  const onProgress = request.progress
    ? (progress: SearchProgress) => port.postMessage({ kind: 'progress', id: request.id, progress } satisfies WorkerReply)
    : undefined;
  // The engine checks the flag first, so a request cancelled while it waited here ends at once.
  const options = { cancelFlag: new Int32Array(request.cancel), onProgress, sampleSize: request.sampleSize, budget: request.budget };
  try {
    const result =
      request.kind === 'search'
        ? engine.search(request.from, request.to, request.params, options)
        : engine.listAlternatives(request.from, request.to, request.params, request.limit, options);
    port.postMessage({ kind: 'done', id: request.id, result, stats: engine.lastStats } satisfies WorkerReply);
  } catch (error) {
    const e = error as Error;
    port.postMessage({
      kind: 'failed',
      id: request.id,
      error: {
        name: e.name,
        message: e.message,
        code: error instanceof GraphError || error instanceof SearchCancelledError ? error.code : undefined,
        details: error instanceof GraphError ? error.details : undefined,
      },
    } satisfies WorkerReply);
  }
});
port.postMessage({ kind: 'ready' } satisfies WorkerReply);
