/** Messages between the worker pool and its search workers. */
import type { EngineParameters } from './parameters.js';
import type { AlternativesResult, SearchBudget, SearchProgress, SearchResult, SearchStats } from './search.js';

export interface WorkerData {
  /** The whole snapshot, shared with the main thread. */
  buffer: SharedArrayBuffer;
}

interface RequestBase {
  id: number;
  from: number;
  to: number;
  params: EngineParameters;
  progress: boolean;
  sampleSize?: number;
  budget?: SearchBudget;
  /**
   * This request's own Int32 cancellation flag (4 bytes), set by the pool. Per request, because a
   * worker holds several requests: a flag per worker would cancel whichever one it was running.
   */
  cancel: SharedArrayBuffer;
}

export type WorkerRequest = (RequestBase & { kind: 'search' }) | (RequestBase & { kind: 'alternatives'; limit: number });

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  details?: unknown;
}

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'progress'; id: number; progress: SearchProgress }
  | { kind: 'done'; id: number; result: SearchResult | AlternativesResult | null; stats: SearchStats | null }
  | { kind: 'failed'; id: number; error: SerializedError };
