import { describe, expect, it } from 'vitest';
import { listOf, listWithFallback, type ListQuery } from './list-fallback';

const ok = <T>(data: T[] | undefined): ListQuery<T> => ({ data, isError: false, error: null });
const failed = (error: unknown = new Error('boom')): ListQuery<never> => ({ data: undefined, isError: true, error });
const range = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe('listWithFallback', () => {
  it('shows the first 12 of its own data when it has any', () => {
    expect(listWithFallback(ok(range('own', 20)), ok(range('t', 20)), 12)).toEqual({ status: 'success', items: range('own', 12), source: 'own' });
  });

  it('waits for its own data before deciding', () => {
    expect(listWithFallback(ok<string>(undefined), ok(range('t', 3)), 12)).toEqual({ status: 'pending' });
  });

  it.each([
    ['empty', ok<string>([])],
    ['failed', failed()],
  ])('falls back to the first 12 of trending when its own data is %s', (_, own) => {
    expect(listWithFallback(own, ok(range('t', 15)), 12)).toEqual({ status: 'success', items: range('t', 12), source: 'trending' });
  });

  it('takes the slice of trending from `offset`, or the first films when trending is shorter', () => {
    expect(listWithFallback(ok<string>([]), ok(range('t', 30)), 12, 12)).toEqual({ status: 'success', items: range('t', 24).slice(12), source: 'trending' });
    expect(listWithFallback(ok<string>([]), ok(range('t', 15)), 12, 12)).toEqual({ status: 'success', items: ['t12', 't13', 't14'], source: 'trending' });
    expect(listWithFallback(ok<string>([]), ok(range('t', 10)), 12, 12)).toEqual({ status: 'success', items: range('t', 10), source: 'trending' });
  });

  it('waits for trending once its own data is missing', () => {
    expect(listWithFallback(ok<string>([]), ok<string>(undefined), 12)).toEqual({ status: 'pending' });
  });

  it('fails when both fail, with its own error first', () => {
    const own = new Error('own');
    expect(listWithFallback(failed(own), failed(new Error('trending')), 12)).toEqual({ status: 'error', error: own });
    const trending = new Error('trending');
    expect(listWithFallback(ok<string>([]), failed(trending), 12)).toEqual({ status: 'error', error: trending });
  });

  it('is empty when both are empty, and failed when its own failed and trending is empty', () => {
    expect(listWithFallback(ok<string>([]), ok<string>([]), 12)).toEqual({ status: 'success', items: [], source: 'own' });
    expect(listWithFallback(failed('x'), ok<string>([]), 12)).toEqual({ status: 'error', error: 'x' });
  });
});

describe('listOf', () => {
  it('cuts the list to the limit, and reports loading and failure', () => {
    expect(listOf(ok(range('p', 8)), 6)).toEqual({ status: 'success', items: range('p', 6), source: 'own' });
    expect(listOf(ok<string>(undefined), 6)).toEqual({ status: 'pending' });
    expect(listOf(failed('x'), 6)).toEqual({ status: 'error', error: 'x' });
  });
});
