/** Percentile summaries of latency samples (milliseconds) for the benchmark tables. */
export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of `samples`. */
export function summarize(samples: ArrayLike<number>): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  const n = sorted.length;
  const at = (q: number): number => (n === 0 ? NaN : sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))]!);
  let sum = 0;
  for (const x of sorted) sum += x;
  return { count: n, mean: n ? sum / n : NaN, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: n ? sorted[n - 1]! : NaN };
}

/** Rounds for display/JSON: 3 significant decimals below 10, 1 above. */
export function round(x: number): number {
  if (!Number.isFinite(x)) return x;
  return Math.abs(x) < 10 ? Math.round(x * 1000) / 1000 : Math.round(x * 10) / 10;
}

export function roundSummary(s: LatencySummary): LatencySummary {
  return { count: s.count, mean: round(s.mean), p50: round(s.p50), p90: round(s.p90), p99: round(s.p99), max: round(s.max) };
}
