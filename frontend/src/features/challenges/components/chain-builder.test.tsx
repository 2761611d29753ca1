import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ChainStep } from '@cinema-dna/shared-types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ANNOUNCE_GAP_MS } from '../../../ui/live-region';
import { entity, kevinBacon, tomHanks } from '../../../test/fixtures';
import { ChainBuilder, type ChainBuilderProps } from './chain-builder';

const diner = entity('movie', 'diner-1982', 'Diner');
const client = createQueryClient();

function props(overrides: Partial<ChainBuilderProps>): ChainBuilderProps {
  return {
    from: kevinBacon,
    to: tomHanks,
    par: 2,
    chain: [{ entity: kevinBacon, via: null }] as unknown as ChainStep[],
    timeLeftMs: 60_000,
    moves: 0,
    moveLimit: 8,
    pendingPick: null,
    busy: false,
    refusal: null,
    error: null,
    onPick: () => undefined,
    onUndo: () => undefined,
    onGiveUp: () => undefined,
    ...overrides,
  };
}

const region = () => screen.getByTestId('live-region');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ChainBuilder announcements', () => {
  it('says the last seconds at 10 and 5..1 only, one polite region, the newest text winning a burst', () => {
    const view = render(
      <QueryClientProvider client={client}>
        <ChainBuilder {...props({})} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('status').filter((element) => element.getAttribute('aria-live') === 'polite')).toHaveLength(1);
    const heard: string[] = [];
    for (let seconds = 12; seconds >= 1; seconds--) {
      view.rerender(
        <QueryClientProvider client={client}>
          <ChainBuilder {...props({ timeLeftMs: seconds * 1000 - 400 })} />
        </QueryClientProvider>,
      );
      act(() => vi.advanceTimersByTime(1000));
      if (heard.at(-1) !== region().textContent) heard.push(region().textContent ?? '');
    }
    expect(heard).toEqual(['', '10 seconds left.', '5 seconds left.', '4 seconds left.', '3 seconds left.', '2 seconds left.', '1 second left.']);

    // A refusal and an accepted pick within one gap: only the newest is said.
    view.rerender(
      <QueryClientProvider client={client}>
        <ChainBuilder {...props({ timeLeftMs: 50_000, refusal: 'Not linked to Kevin Bacon' })} />
      </QueryClientProvider>,
    );
    view.rerender(
      <QueryClientProvider client={client}>
        <ChainBuilder {...props({ timeLeftMs: 50_000, refusal: 'Not linked to Kevin Bacon', chain: [{ entity: kevinBacon, via: null }, { entity: diner, via: null }] as unknown as ChainStep[] })} />
      </QueryClientProvider>,
    );
    act(() => vi.advanceTimersByTime(ANNOUNCE_GAP_MS));
    expect(region().textContent).toBe('Diner accepted. 1 link so far.');
    // A hang guard, not a speed check: a dozen renders of the whole builder on a busy 2-core machine.
  }, 20_000);
});
