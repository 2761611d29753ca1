/**
 * The last few seconds of a process's traffic, in one ring of per-second buckets: counts, and a
 * bounded sample of durations per second (reservoir sampling past SAMPLES_PER_SECOND, so a burst
 * costs constant memory). Percentiles are computed over the samples of the whole window.
 */
export const WINDOW_SECONDS = 10;
const SAMPLES_PER_SECOND = 2_000;

interface Bucket {
  second: number;
  requests: number;
  errors: number;
  latencies: number[];
  latencySeen: number;
  searches: number;
  cacheHits: number;
  cacheMisses: number;
  engine: number[];
  engineSeen: number;
}

const empty = (second: number): Bucket => ({ second, requests: 0, errors: 0, latencies: [], latencySeen: 0, searches: 0, cacheHits: 0, cacheMisses: 0, engine: [], engineSeen: 0 });

function sample(into: number[], seen: number, value: number): void {
  if (into.length < SAMPLES_PER_SECOND) into.push(value);
  else {
    const at = Math.floor(Math.random() * seen);
    if (at < SAMPLES_PER_SECOND) into[at] = value;
  }
}

/** Nearest-rank percentile of ascending values; null when there are none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export interface WindowSummary {
  /** Seconds the summary covers (the window, or less since the process started). */
  seconds: number;
  requests: number;
  errors: number;
  latencyMs: { p50: number | null; p95: number | null; p99: number | null };
  searches: number;
  cacheHits: number;
  cacheMisses: number;
  engineP99Ms: number | null;
}

export class RollingWindow {
  private readonly buckets: Bucket[];
  private readonly startedSecond: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly seconds = WINDOW_SECONDS,
  ) {
    this.buckets = Array.from({ length: seconds }, () => empty(-1));
    this.startedSecond = Math.floor(now() / 1000);
  }

  private bucket(): Bucket {
    const second = Math.floor(this.now() / 1000);
    const index = second % this.seconds;
    let bucket = this.buckets[index]!;
    if (bucket.second !== second) this.buckets[index] = bucket = empty(second);
    return bucket;
  }

  request(durationMs: number, status: number): void {
    const bucket = this.bucket();
    bucket.requests += 1;
    if (status >= 500) bucket.errors += 1;
    bucket.latencySeen += 1;
    sample(bucket.latencies, bucket.latencySeen, durationMs);
  }

  /** A connection search answered from the cache (hit) or by the engine (miss, with its duration). */
  search(cached: boolean, engineMs?: number): void {
    const bucket = this.bucket();
    bucket.searches += 1;
    if (cached) bucket.cacheHits += 1;
    else {
      bucket.cacheMisses += 1;
      if (engineMs !== undefined) {
        bucket.engineSeen += 1;
        sample(bucket.engine, bucket.engineSeen, engineMs);
      }
    }
  }

  /** The buckets of the last `seconds` whole seconds plus the current one. */
  summary(): WindowSummary {
    const second = Math.floor(this.now() / 1000);
    const live = this.buckets.filter((bucket) => bucket.second > second - this.seconds && bucket.second <= second);
    const latencies = live.flatMap((bucket) => bucket.latencies).sort((a, b) => a - b);
    const engine = live.flatMap((bucket) => bucket.engine).sort((a, b) => a - b);
    const sum = (pick: (bucket: Bucket) => number) => live.reduce((total, bucket) => total + pick(bucket), 0);
    // The current second counts partly: rates are per elapsed time, at least one second.
    const elapsed = Math.max(1, Math.min(this.seconds, (this.now() - this.startedSecond * 1000) / 1000));
    return {
      seconds: elapsed,
      requests: sum((bucket) => bucket.requests),
      errors: sum((bucket) => bucket.errors),
      latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
      searches: sum((bucket) => bucket.searches),
      cacheHits: sum((bucket) => bucket.cacheHits),
      cacheMisses: sum((bucket) => bucket.cacheMisses),
      engineP99Ms: percentile(engine, 99),
    };
  }
}
