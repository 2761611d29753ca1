import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RevealPacer } from './reveal-pacer';

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

function pacer(options: Partial<ConstructorParameters<typeof RevealPacer>[1]> = {}) {
  const applied: Array<{ item: string; at: number }> = [];
  const instance = new RevealPacer<string>((item) => applied.push({ item, at: Date.now() }), { leadMs: 300, budgetMs: 3000, ...options });
  return { instance, applied };
}

describe('RevealPacer', () => {
  it('waits the lead time, then holds each item its minimum time even when all arrive at once', () => {
    const { instance, applied } = pacer();
    for (const item of ['layer 1', 'layer 2', 'layer 3']) instance.push(item, 250);
    expect(applied).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(applied.map((a) => a.item)).toEqual(['layer 1']);
    vi.advanceTimersByTime(249);
    expect(applied).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(applied.map((a) => a.item)).toEqual(['layer 1', 'layer 2']);
    vi.runAllTimers();
    expect(applied.map((a) => a.at)).toEqual([300, 550, 800]);
  });

  it('applies an item at once when it arrives after the previous hold is over (slow searches are not slowed)', () => {
    const { instance, applied } = pacer({ leadMs: 0 });
    instance.push('a', 250);
    expect(applied.map((a) => a.at)).toEqual([0]);
    vi.advanceTimersByTime(1000);
    instance.push('b', 250);
    expect(applied.map((a) => a.at)).toEqual([0, 1000]);
  });

  it('never runs past the budget: holds shrink to share what is left, and late items come at once', () => {
    const { instance, applied } = pacer({ budgetMs: 1000 });
    for (let i = 0; i < 20; i++) instance.push(`step ${i}`, 200);
    vi.runAllTimers();
    expect(applied).toHaveLength(20);
    expect(Math.max(...applied.map((a) => a.at))).toBeLessThanOrEqual(1000);
    // Still in order.
    expect(applied.map((a) => a.item)).toEqual(Array.from({ length: 20 }, (_, i) => `step ${i}`));
    vi.setSystemTime(5000);
    instance.push('late', 200);
    expect(applied.at(-1)).toEqual({ item: 'late', at: 5000 });
  });

  it.each([1, 8, 40])('never holds an answer back past the cap set when it arrives, with %i steps after it', (steps) => {
    // A slow search: layers trickle in, each after its hold is over; the budget is far away.
    const { instance, applied } = pacer({ leadMs: 0, budgetMs: 60_000 });
    for (let layer = 1; layer <= 6; layer++) {
      instance.push(`layer ${layer}`, 250);
      vi.advanceTimersByTime(400);
    }
    expect(applied).toHaveLength(6);
    const arrivedAt = Date.now();
    instance.push('result', 200);
    for (let i = 0; i < steps; i++) instance.push(`step ${i}`, 200);
    instance.push('done', 0);
    instance.finishWithin(1000);
    vi.runAllTimers();
    expect(applied.map((a) => a.item)).toEqual([...Array.from({ length: 6 }, (_, i) => `layer ${i + 1}`), 'result', ...Array.from({ length: steps }, (_, i) => `step ${i}`), 'done']);
    expect(applied.at(-1)!.at - arrivedAt).toBeLessThanOrEqual(1000);
  });

  it('caps a burst that arrives all at once (a cached replay): every layer still gets a share, in proportion to its hold', () => {
    const { instance, applied } = pacer({ leadMs: 200, budgetMs: 60_000 });
    for (let layer = 1; layer <= 6; layer++) instance.push(`layer ${layer}`, 300);
    instance.push('result', 100);
    for (let i = 0; i < 6; i++) instance.push(`step ${i}`, 100);
    instance.push('done', 0);
    instance.finishWithin(1200);
    vi.runAllTimers();
    const at = Object.fromEntries(applied.map((a) => [a.item, a.at]));
    expect(at['layer 1']).toBe(200);
    expect(at.done).toBeLessThanOrEqual(1200);
    // 1,000 ms left for 2,500 ms of holds: each keeps 40% of its own, so a layer stays on screen longer than a step.
    expect(at['layer 2']! - at['layer 1']!).toBe(120);
    expect(at['step 1']! - at['step 0']!).toBe(40);
  });

  it('keeps the earlier deadline: a cap later than the budget does not extend the reveal', () => {
    const { instance, applied } = pacer({ leadMs: 0, budgetMs: 500 });
    vi.advanceTimersByTime(400);
    for (let i = 0; i < 5; i++) instance.push(`step ${i}`, 200);
    instance.finishWithin(1500);
    vi.runAllTimers();
    expect(Math.max(...applied.map((a) => a.at))).toBeLessThanOrEqual(500);
  });

  it('shows everything immediately in immediate mode (reduced motion) and on flush', () => {
    const immediate = pacer({ immediate: true });
    immediate.instance.push('a', 250);
    immediate.instance.push('b', 250);
    expect(immediate.applied.map((a) => a.item)).toEqual(['a', 'b']);

    const flushed = pacer();
    flushed.instance.push('a', 250);
    flushed.instance.push('b', 250);
    flushed.instance.flush();
    expect(flushed.applied.map((a) => a.item)).toEqual(['a', 'b']);
    // After Skip, what arrives later is shown at once too.
    flushed.instance.push('c', 250);
    expect(flushed.applied.map((a) => a.item)).toEqual(['a', 'b', 'c']);
  });

  it('drops the queue on cancel and ignores later pushes', () => {
    const { instance, applied } = pacer();
    instance.push('a', 250);
    instance.cancel();
    instance.push('b', 250);
    vi.runAllTimers();
    expect(applied).toEqual([]);
    expect(instance.pending).toBe(0);
  });
});
