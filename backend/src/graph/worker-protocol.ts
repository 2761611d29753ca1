/** Messages between the worker pool and its search workers. */
import type { EngineParameters } from './parameters.js';
import type { RecommendedMovie, RecommendSeed } from './recommend.js';
import type { AlternativesResult, SearchBudget, SearchProgress, SearchResult, SearchStats } from './search.js';

export interface WorkerData {
  /** The whole snapshot, shared with the main thread. */
  buffer: SharedArrayBuffer;
}

/** Fields of a connection search (search and alternatives). */
interface SearchFields {
  from: number;
  to: number;
  params: EngineParameters;
  progress: boolean;
  sampleSize?: number;
  budget?: SearchBudget;
}

/** Fields of a recommendation request (recommend.ts; the option names shortened). */
interface RecommendFields {
  seeds: RecommendSeed[];
  exclude: number[];
  limit: number;
  walks?: number;
  restart?: number;
  rngSeed?: number;
}

/** A request as the pool builds it, before it is given an id and a cancellation flag. */
export type WorkerRequestBody =
  | (SearchFields & { kind: 'search' })
  | (SearchFields & { kind: 'alternatives'; limit: number })
  | (RecommendFields & { kind: 'recommend' });

export type WorkerRequest = WorkerRequestBody & {
  id: number;
  /**
   * This request's own Int32 cancellation flag (4 bytes), set by the pool. Per request, because a
   * worker holds several requests: a flag per worker would cancel whichever one it was running.
   */
  cancel: SharedArrayBuffer;
};

export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  details?: unknown;
}

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'progress'; id: number; progress: SearchProgress }
  | { kind: 'done'; id: number; result: SearchResult | AlternativesResult | RecommendedMovie[] | null; stats: SearchStats | null }
  | { kind: 'failed'; id: number; error: SerializedError };
