/**
 * Search worker thread: owns one SearchEngine over the graph's SharedArrayBuffer (no copy) and
 * answers the pool's requests one at a time, in the order they arrive (the pool matches replies to
 * that order), streaming progress messages while it searches. It also answers recommendations
 * (recommend.ts), whose buffers it keeps between requests as the engine does.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { GraphError, SearchCancelledError } from './errors.js';
import { recommend } from './recommend.js';
import { SearchEngine, type SearchProgress } from './search.js';
import { Graph } from './snapshot.js';
import type { WorkerData, WorkerReply, WorkerRequest } from './worker-protocol.js';

const data = workerData as WorkerData;
const port = parentPort!;
const graph = Graph.fromBuffer(data.buffer);
const engine = new SearchEngine(graph);

/** The request's answer, and the search stats when it is a search. */
function answer(request: WorkerRequest): Extract<WorkerReply, { kind: 'done' }> {
  const cancelFlag = new Int32Array(request.cancel);
  if (request.kind === 'recommend') {
    // Short and without checkpoints: only a request cancelled while it waited here is stopped.
    if (Atomics.load(cancelFlag, 0) !== 0) throw new SearchCancelledError();
    const { seeds, exclude, limit, walks, restart, rngSeed } = request;
    return { kind: 'done', id: request.id, result: recommend(graph, seeds, { limit, exclude, walks, restartProbability: restart, rngSeed }), stats: null };
  }
  const onProgress = request.progress
    ? (progress: SearchProgress) => port.postMessage({ kind: 'progress', id: request.id, progress } satisfies WorkerReply)
    : undefined;
  // The engine checks the flag first, so a request cancelled while it waited here ends at once.
  const options = { cancelFlag, onProgress, sampleSize: request.sampleSize, budget: request.budget };
  const result =
    request.kind === 'search'
      ? engine.search(request.from, request.to, request.params, options)
      : engine.listAlternatives(request.from, request.to, request.params, request.limit, options);
  return { kind: 'done', id: request.id, result, stats: engine.lastStats };
}

port.on('message', (request: WorkerRequest) => {
  try {
    port.postMessage(answer(request) satisfies WorkerReply);
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
