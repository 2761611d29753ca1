import { describe, expect, it } from 'vitest';
import { percentile, RollingWindow } from './window.js';

describe('the rolling window of live metrics', () => {
  it('computes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([], 99)).toBeNull();
  });

  it('counts requests, 5xx answers and searches over the last 10 seconds only', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const window = new RollingWindow(() => now);
    for (let i = 0; i < 20; i++) window.request(10 + i, i < 5 ? 500 : 200);
    window.search(false, 42);
    window.search(true);
    window.search(true);
    now += 5_000;
    window.request(100, 404);
    let summary = window.summary();
    expect(summary).toMatchObject({ seconds: 5, requests: 21, errors: 5, searches: 3, cacheHits: 2, cacheMisses: 1, engineP99Ms: 42 });
    expect(summary.latencyMs.p50).toBe(20);
    expect(summary.latencyMs.p99).toBe(100);
    // Eleven seconds after the burst it has left the window; the later request is still in it.
    now += 6_000;
    summary = window.summary();
    expect(summary).toMatchObject({ seconds: 10, requests: 1, errors: 0, searches: 0, engineP99Ms: null });
    now += 10_000;
    expect(window.summary()).toMatchObject({ requests: 0, latencyMs: { p50: null, p95: null, p99: null } });
  });

  it('keeps a bounded sample of durations however many requests a second sees', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const window = new RollingWindow(() => now);
    for (let i = 0; i < 50_000; i++) window.request(i % 100, 200);
    const summary = window.summary();
    expect(summary.requests).toBe(50_000);
    expect(summary.latencyMs.p50).toBeGreaterThan(30);
    expect(summary.latencyMs.p50).toBeLessThan(70);
  });
});
