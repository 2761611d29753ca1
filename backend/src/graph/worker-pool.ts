/**
 * A pool of search worker threads sharing the graph's SharedArrayBuffer, so a long search never
 * blocks the main event loop. Requests queue when every worker is busy; progress streams back as
 * messages; cancellation flips a shared flag the busy worker polls (a worker deep in a synchronous
 * search cannot receive messages). A worker that dies is replaced, and so is one still busy past
 * its search's time budget plus a grace (a loop that never reaches a checkpoint): its search fails
 * with SEARCH_BUDGET_EXCEEDED while the other workers go on.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { GraphError, SearchCancelledError, searchBudgetExceeded } from './errors.js';
import type { EngineParameters } from './parameters.js';
import type { AlternativesResult, SearchBudget, SearchProgress, SearchResult } from './search.js';
import type { Graph } from './snapshot.js';
import type { SerializedError, WorkerData, WorkerReply, WorkerRequest } from './worker-protocol.js';

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
}

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

type RequestBody = { kind: 'search' } | { kind: 'alternatives'; limit: number };

interface Task {
  id: number;
  request: WorkerRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: SearchProgress) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
  settled: boolean;
}

interface Slot {
  worker: Worker;
  cancel: Int32Array;
  task: Task | null;
  ready: Promise<void>;
  started: boolean;
  /** Fires when the current task outlives its time budget plus the grace. */
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

  constructor(
    private readonly graph: Graph,
    private readonly options: WorkerPoolOptions = {},
  ) {
    if (!(graph.buffer instanceof SharedArrayBuffer)) {
      throw new TypeError('the worker pool needs a graph loaded into a SharedArrayBuffer (use loadSnapshot)');
    }
    const timeMs = options.budget?.timeMs;
    this.watchdogMs = timeMs === undefined ? Infinity : timeMs + (options.watchdogGraceMs ?? DEFAULT_WATCHDOG_GRACE_MS);
    const size = Math.max(1, Math.floor(options.size ?? Math.max(1, availableParallelism() - 1)));
    for (let i = 0; i < size; i++) this.slots.push(this.createSlot());
  }

  get size(): number {
    return this.slots.length;
  }

  /** Requests waiting for a free worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** Resolves once every worker has loaded its code (rejects if one failed to start). */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  /** SearchEngine.search in a worker. */
  search(from: number, to: number, params: EngineParameters, options: PoolSearchOptions = {}): Promise<SearchResult | null> {
    return this.submit({ kind: 'search' }, from, to, params, options) as Promise<SearchResult | null>;
  }

  /** SearchEngine.listAlternatives in a worker. */
  listAlternatives(from: number, to: number, params: EngineParameters, limit: number, options: PoolSearchOptions = {}): Promise<AlternativesResult | null> {
    return this.submit({ kind: 'alternatives', limit }, from, to, params, options) as Promise<AlternativesResult | null>;
  }

  /** Stops every worker; pending and queued requests are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new Error('search worker pool closed');
    for (const task of this.queue.splice(0)) this.settle(task, null, error);
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.task) this.settle(slot.task, null, error);
        this.clearWatchdog(slot);
        await slot.worker.terminate();
      }),
    );
  }

  private submit(body: RequestBody, from: number, to: number, params: EngineParameters, options: PoolSearchOptions): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('search worker pool closed'));
    if (this.startupError) return Promise.reject(this.startupError);
    if (options.signal?.aborted) return Promise.reject(new SearchCancelledError());
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const request: WorkerRequest = {
        ...body,
        id,
        from,
        to,
        params: { ...params, allowedTypes: [...params.allowedTypes], avoid: params.avoid ? [...params.avoid] : [] },
        progress: options.onProgress !== undefined,
        sampleSize: options.sampleSize,
        budget: this.options.budget,
      };
      const task: Task = { id, request, resolve, reject, onProgress: options.onProgress, signal: options.signal, settled: false };
      if (options.signal) {
        task.onAbort = () => this.cancel(task);
        options.signal.addEventListener('abort', task.onAbort, { once: true });
      }
      const idle = this.slots.find((s) => s.task === null);
      if (idle) this.dispatch(idle, task);
      else this.queue.push(task);
    });
  }

  private createSlot(): Slot {
    const cancel = new SharedArrayBuffer(4);
    const worker = spawnWorker({ buffer: this.graph.buffer as SharedArrayBuffer, cancel }, this.options.workerEntry, this.options.workerHeapMb ?? DEFAULT_WORKER_HEAP_MB);
    worker.unref(); // idle workers must not keep the process alive
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    ready.catch(() => undefined); // observed through ready() or the task that hits the failure
    const slot: Slot = { worker, cancel: new Int32Array(cancel), task: null, ready, started: false, watchdog: null };
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
    slot.task = task;
    Atomics.store(slot.cancel, 0, 0);
    slot.worker.ref();
    slot.worker.postMessage(task.request);
    // A fresh worker's clock starts once it has loaded (see onReply): start-up is not the search's time.
    if (slot.started) this.armWatchdog(slot, task);
  }

  private armWatchdog(slot: Slot, task: Task): void {
    if (!Number.isFinite(this.watchdogMs)) return;
    slot.watchdog = setTimeout(() => this.onStuck(slot, task), this.watchdogMs);
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
    if (slot.task !== task || this.closed) return;
    const error = searchBudgetExceeded('timeMs', this.options.budget!.timeMs!);
    this.settle(task, null, error);
    this.replace(slot, { reason: 'stuck', error: new Error(`search worker stuck on a search for over ${this.watchdogMs} ms; replaced`) });
  }

  private onReply(slot: Slot, reply: WorkerReply, markReady: () => void): void {
    if (reply.kind === 'ready') {
      slot.started = true;
      markReady();
      if (slot.task) this.armWatchdog(slot, slot.task);
      return;
    }
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    if (reply.kind === 'progress') {
      if (!task.settled) task.onProgress?.(reply.progress);
      return;
    }
    if (reply.kind === 'done') this.settle(task, reply.result, null);
    else this.settle(task, null, reviveError(reply.error));
    this.release(slot);
  }

  /** The worker finished (or gave up on) its task: hand it the next one or let it idle. */
  private release(slot: Slot): void {
    this.clearWatchdog(slot);
    slot.task = null;
    const next = this.queue.shift();
    if (next && !this.closed) this.dispatch(slot, next);
    else slot.worker.unref();
  }

  private onWorkerLost(slot: Slot, error: Error): void {
    if (!this.slots.includes(slot) || this.closed) return;
    if (slot.task) this.settle(slot.task, null, error);
    if (!slot.started) {
      this.retire(slot);
      this.startupError = new Error(`search worker failed to start: ${error.message}`, { cause: error });
      for (const task of this.queue.splice(0)) this.settle(task, null, this.startupError);
      return;
    }
    this.replace(slot, { reason: 'exited', error });
  }

  /** Stops a slot's worker for good: no more events from it reach the pool. */
  private retire(slot: Slot): void {
    this.clearWatchdog(slot);
    slot.task = null;
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => undefined); // a late 'error' without a listener would throw
    void slot.worker.terminate();
  }

  /** Retires a slot's worker, puts a fresh one in its place and hands it the next queued task. */
  private replace(slot: Slot, event: { reason: 'exited' | 'stuck'; error: Error }): void {
    const index = this.slots.indexOf(slot);
    this.retire(slot);
    if (index < 0 || this.closed) return;
    const replacement = this.createSlot();
    this.slots[index] = replacement;
    this.options.onWorkerLost?.(event);
    const next = this.queue.shift();
    if (next) this.dispatch(replacement, next);
  }

  private cancel(task: Task): void {
    if (task.settled) return;
    const queuedAt = this.queue.indexOf(task);
    if (queuedAt >= 0) this.queue.splice(queuedAt, 1);
    const slot = this.slots.find((s) => s.task === task);
    // The worker notices within a few thousand edges and replies "cancelled"; the slot stays busy
    // until then, but the caller is answered now.
    if (slot) Atomics.store(slot.cancel, 0, 1);
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
