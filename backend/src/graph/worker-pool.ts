/**
 * A pool of search worker threads sharing the graph's SharedArrayBuffer, so a long search never
 * blocks the main event loop. Each worker holds up to `pipelineDepth` searches (it runs them in
 * order), so it starts the next one as soon as it finishes one instead of idling until the busy
 * main thread has handled the reply; a request goes to the worker with the fewest, and queues in
 * the pool when every worker is full. Progress streams back as messages. Cancellation flips the
 * request's own shared flag, which the engine polls (a worker deep in a synchronous search cannot
 * receive messages): a running search stops at its next checkpoint, a waiting one at its start.
 * A worker that dies is replaced, and so is one still on a search past its time budget plus a
 * grace (a loop that never reaches a checkpoint): that search fails (with SEARCH_BUDGET_EXCEEDED
 * when stuck), and the ones waiting behind it go back to the front of the pool's queue.
 * Recommendations (recommend.ts) take the same queue, workers and watchdog as searches.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { GraphError, SearchCancelledError, searchBudgetExceeded } from './errors.js';
import type { EngineParameters } from './parameters.js';
import type { RecommendedMovie, RecommendOptions, RecommendSeed } from './recommend.js';
import type { AlternativesResult, SearchBudget, SearchProgress, SearchResult } from './search.js';
import type { Graph } from './snapshot.js';
import type { SerializedError, WorkerData, WorkerReply, WorkerRequest, WorkerRequestBody } from './worker-protocol.js';

export interface WorkerPoolOptions {
  /** Worker threads (default: cores - 1, at least 1). */
  size?: number;
  /** Limits of every search (see SearchBudget); unset: none, and no watchdog. */
  budget?: SearchBudget;
  /** How long past `budget.timeMs` a busy worker may take before it is terminated and replaced. Default 2000. */
  watchdogGraceMs?: number;
  /** Old-generation heap of each worker, in MiB (default DEFAULT_WORKER_HEAP_MB). */
  workerHeapMb?: number;
  /** Told when a worker is replaced (it exited, crashed, or was stuck). */
  onWorkerLost?: (event: { reason: 'exited' | 'stuck'; error: Error }) => void;
  /** The worker's module (tests substitute one); default: search-worker. */
  workerEntry?: URL;
  /** Searches sent to one worker at a time, the running one included (default DEFAULT_PIPELINE_DEPTH). */
  pipelineDepth?: number;
}

/**
 * Enough that a worker always has its next search waiting while the main thread is slow to read
 * replies; small, so a long search holds few others behind it.
 */
export const DEFAULT_PIPELINE_DEPTH = 4;

/** Default grace past the time budget before the watchdog terminates a busy worker. */
export const DEFAULT_WATCHDOG_GRACE_MS = 2000;
/**
 * A worker's JS heap holds little (the graph and the search buffers are array buffers outside it),
 * so a small cap makes a runaway allocation end the worker (replaced by the pool) before it can
 * end the process; V8 still aborts the process when one huge allocation overshoots a large cap.
 */
export const DEFAULT_WORKER_HEAP_MB = 128;

export interface PoolSearchOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SearchProgress) => void;
  sampleSize?: number;
}

interface Task {
  id: number;
  request: WorkerRequest;
  /** View of request.cancel. */
  cancel: Int32Array;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: SearchProgress) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  settled: boolean;
}

interface Slot {
  worker: Worker;
  /** Sent to the worker and not yet answered, oldest first: the head is the one it is running. */
  inFlight: Task[];
  ready: Promise<void>;
  started: boolean;
  /** Fires when the head task outlives its time budget plus the grace. */
  watchdog: NodeJS.Timeout | null;
}

// From TypeScript sources (vitest, tsx) the worker needs a bootstrap that registers tsx; compiled
// code runs dist/graph/search-worker.js directly.
const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');

function spawnWorker(data: WorkerData, entry: URL | undefined, heapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: heapMb };
  if (RUNNING_FROM_SOURCE) {
    return new Worker(new URL('./ts-worker-bootstrap.mjs', import.meta.url), {
      workerData: { ...data, entry: (entry ?? new URL('./search-worker.ts', import.meta.url)).href },
      // Resolve workspace packages to their TypeScript sources, as vitest does.
      execArgv: ['--conditions=source'],
      resourceLimits,
    });
  }
  return new Worker(entry ?? new URL('./search-worker.js', import.meta.url), { workerData: data, resourceLimits });
}

function reviveError(e: SerializedError): Error {
  if (e.code === 'SEARCH_CANCELLED') return new SearchCancelledError(e.message);
  if (e.name === 'GraphError' && e.code) return new GraphError(e.code as GraphError['code'], e.message, e.details);
  const error = new Error(e.message);
  error.name = e.name;
  return error;
}

/** Worker threads answering searches over one graph. */
export class SearchWorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** Set when a worker died before starting: respawning would fail the same way, forever. */
  private startupError: Error | null = null;
  private readonly watchdogMs: number;
  private readonly depth: number;

  constructor(
    private readonly graph: Graph,
    private readonly options: WorkerPoolOptions = {},
  ) {
    if (!(graph.buffer instanceof SharedArrayBuffer)) {
      throw new TypeError('the worker pool needs a graph loaded into a SharedArrayBuffer (use loadSnapshot)');
    }
    const timeMs = options.budget?.timeMs;
    this.watchdogMs = timeMs === undefined ? Infinity : timeMs + (options.watchdogGraceMs ?? DEFAULT_WATCHDOG_GRACE_MS);
    this.depth = Math.max(1, Math.floor(options.pipelineDepth ?? DEFAULT_PIPELINE_DEPTH));
    const size = Math.max(1, Math.floor(options.size ?? Math.max(1, availableParallelism() - 1)));
    for (let i = 0; i < size; i++) this.slots.push(this.createSlot());
  }

  get size(): number {
    return this.slots.length;
  }

  /** Requests waiting in the pool for room in a worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Resolves once every worker has loaded its code (rejects if one failed to start). */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  /** SearchEngine.search in a worker. */
  search(from: number, to: number, params: EngineParameters, options: PoolSearchOptions = {}): Promise<SearchResult | null> {
    return this.submit({ kind: 'search', ...this.searchFields(from, to, params, options) }, options) as Promise<SearchResult | null>;
  }

  /** SearchEngine.listAlternatives in a worker. */
  listAlternatives(from: number, to: number, params: EngineParameters, limit: number, options: PoolSearchOptions = {}): Promise<AlternativesResult | null> {
    return this.submit({ kind: 'alternatives', limit, ...this.searchFields(from, to, params, options) }, options) as Promise<AlternativesResult | null>;
  }

  /** recommend() (recommend.ts) in a worker; cancellable while it waits, like a search. */
  recommend(seeds: readonly RecommendSeed[], options: RecommendOptions, poolOptions: { signal?: AbortSignal } = {}): Promise<RecommendedMovie[]> {
    return this.submit(
      {
        kind: 'recommend',
        seeds: seeds.map(({ node, weight }) => ({ node, weight })),
        exclude: [...options.exclude],
        limit: options.limit,
        walks: options.walks,
        restart: options.restartProbability,
        rngSeed: options.rngSeed,
      },
      poolOptions,
    ) as Promise<RecommendedMovie[]>;
  }

  /** Stops every worker; pending and queued requests are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new Error('search worker pool closed');
    for (const task of this.queue.splice(0)) this.settle(task, null, error);
    await Promise.all(
      this.slots.map(async (slot) => {
        for (const task of slot.inFlight) this.settle(task, null, error);
        this.clearWatchdog(slot);
        await slot.worker.terminate();
      }),
    );
  }

  /** The fields of a search request (plain arrays: readonly ones may be frozen or proxies). */
  private searchFields(from: number, to: number, params: EngineParameters, options: PoolSearchOptions) {
    return {
      from,
      to,
      params: { ...params, allowedTypes: [...params.allowedTypes], avoid: params.avoid ? [...params.avoid] : [] },
      progress: options.onProgress !== undefined,
      sampleSize: options.sampleSize,
      budget: this.options.budget,
    };
  }

  /** Queues a request of any kind; it resolves with the worker's result. */
  private submit(body: WorkerRequestBody, options: PoolSearchOptions): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('search worker pool closed'));
    if (this.startupError) return Promise.reject(this.startupError);
    if (options.signal?.aborted) return Promise.reject(new SearchCancelledError());
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const cancel = new SharedArrayBuffer(4);
      const request: WorkerRequest = { ...body, id, cancel };
      const task: Task = { id, request, cancel: new Int32Array(cancel), resolve, reject, onProgress: options.onProgress, signal: options.signal, settled: false };
      if (options.signal) {
        task.onAbort = () => this.cancel(task);
        options.signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.pump();
    });
  }

  /** Moves queued tasks to the workers with room, fewest in flight first. */
  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      let best: Slot | null = null;
      for (const slot of this.slots) {
        if (slot.inFlight.length < this.depth && (!best || slot.inFlight.length < best.inFlight.length)) best = slot;
      }
      if (!best) return;
      this.dispatch(best, this.queue.shift()!);
    }
  }

  private createSlot(): Slot {
    const worker = spawnWorker({ buffer: this.graph.buffer as SharedArrayBuffer }, this.options.workerEntry, this.options.workerHeapMb ?? DEFAULT_WORKER_HEAP_MB);
    worker.unref(); // idle workers must not keep the process alive
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    ready.catch(() => undefined); // observed through ready() or the task that hits the failure
    const slot: Slot = { worker, inFlight: [], ready, started: false, watchdog: null };
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply, markReady));
    worker.on('error', (error) => {
      failReady(error);
      this.onWorkerLost(slot, error);
    });
    worker.on('exit', (code) => {
      if (!this.closed) this.onWorkerLost(slot, new Error(`search worker exited with code ${code}`));
    });
    return slot;
  }

  private dispatch(slot: Slot, task: Task): void {
    slot.inFlight.push(task);
    slot.worker.ref();
    slot.worker.postMessage(task.request);
    // A fresh worker's clock starts once it has loaded (see onReply): start-up is not the search's time.
    if (slot.started && slot.inFlight.length === 1) this.armWatchdog(slot);
  }

  /** Watches the head task, the one the worker is running. */
  private armWatchdog(slot: Slot): void {
    this.clearWatchdog(slot);
    const head = slot.inFlight[0];
    if (!head || !Number.isFinite(this.watchdogMs)) return;
    slot.watchdog = setTimeout(() => this.onStuck(slot, head), this.watchdogMs);
    slot.watchdog.unref();
  }

  private clearWatchdog(slot: Slot): void {
    if (slot.watchdog) clearTimeout(slot.watchdog);
    slot.watchdog = null;
  }

  /**
   * The worker is still on `task` well past its time budget: it is not reaching the engine's
   * checkpoints (or cannot reply), so cancelling will not help. Fail the task, replace the worker.
   */
  private onStuck(slot: Slot, task: Task): void {
    slot.watchdog = null;
    if (slot.inFlight[0] !== task || this.closed) return;
    const error = searchBudgetExceeded('timeMs', this.options.budget!.timeMs!);
    this.replace(slot, error, { reason: 'stuck', error: new Error(`search worker stuck on a search for over ${this.watchdogMs} ms; replaced`) });
  }

  private onReply(slot: Slot, reply: WorkerReply, markReady: () => void): void {
    if (reply.kind === 'ready') {
      slot.started = true;
      markReady();
      this.armWatchdog(slot);
      return;
    }
    const index = slot.inFlight.findIndex((t) => t.id === reply.id);
    if (index < 0) return;
    const task = slot.inFlight[index]!;
    if (reply.kind === 'progress') {
      if (!task.settled) task.onProgress?.(reply.progress);
      return;
    }
    slot.inFlight.splice(index, 1);
    if (reply.kind === 'done') this.settle(task, reply.result, null);
    else this.settle(task, null, reviveError(reply.error));
    // The worker has moved on to the next one (it answers in order).
    if (index === 0) this.armWatchdog(slot);
    if (slot.inFlight.length === 0) slot.worker.unref();
    this.pump();
  }

  private onWorkerLost(slot: Slot, error: Error): void {
    if (!this.slots.includes(slot) || this.closed) return;
    if (!slot.started) {
      for (const task of slot.inFlight) this.settle(task, null, error);
      this.retire(slot);
      this.startupError = new Error(`search worker failed to start: ${error.message}`, { cause: error });
      for (const task of this.queue.splice(0)) this.settle(task, null, this.startupError);
      return;
    }
    this.replace(slot, error, { reason: 'exited', error });
  }

  /** Stops a slot's worker for good: no more events from it reach the pool. */
  private retire(slot: Slot): void {
    this.clearWatchdog(slot);
    slot.inFlight = [];
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined); // a late 'error' without a listener would throw
    void slot.worker.terminate();
  }

  /**
   * Fails the search the worker was running with `headError`, retires the worker and puts a fresh
   * one in its place. The searches waiting behind the head had not started: they go back to the
   * front of the queue, in order, so only the search that broke the worker fails.
   */
  private replace(slot: Slot, headError: Error, event: { reason: 'exited' | 'stuck'; error: Error }): void {
    const [head, ...waiting] = slot.inFlight;
    if (head) this.settle(head, null, headError);
    const index = this.slots.indexOf(slot);
    this.retire(slot);
    if (index < 0 || this.closed) return;
    this.queue.unshift(...waiting.filter((t) => !t.settled));
    this.slots[index] = this.createSlot();
    this.options.onWorkerLost?.(event);
    this.pump();
  }

  private cancel(task: Task): void {
    if (task.settled) return;
    const queuedAt = this.queue.indexOf(task);
    if (queuedAt >= 0) this.queue.splice(queuedAt, 1);
    // In a worker, the search stops at its next checkpoint (or at its start if still waiting) and
    // the worker replies "cancelled"; it keeps its place until then, but the caller is answered now.
    else Atomics.store(task.cancel, 0, 1);
    this.settle(task, null, new SearchCancelledError());
  }

  private settle(task: Task, value: unknown, error: Error | null): void {
    if (task.settled) return;
    task.settled = true;
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    if (error) task.reject(error);
    else task.resolve(value);
  }
}
