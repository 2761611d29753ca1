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
