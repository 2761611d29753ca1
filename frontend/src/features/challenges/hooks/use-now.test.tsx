import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './use-now';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
  });
  afterEach(() => {
    setVisibility('visible');
    vi.useRealTimers();
  });

  it('ticks every interval while the tab is shown, stops in a background tab and catches up when shown again', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useNow(1000);
    });
    act(() => void vi.advanceTimersByTime(3000));
    expect(result.current).toBe(Date.parse('2026-11-29T10:00:03Z'));

    act(() => setVisibility('hidden'));
    const rendersWhileHidden = renders;
    act(() => void vi.advanceTimersByTime(60_000));
    expect(renders).toBe(rendersWhileHidden);

    act(() => setVisibility('visible'));
    expect(result.current).toBe(Date.parse('2026-11-29T10:01:03Z'));
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current).toBe(Date.parse('2026-11-29T10:01:04Z'));
  });
});
