import type { EntitySummary } from '@cinema-dna/shared-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { entity, kevinBacon, routeFetch } from '../../../test/fixtures';
import { EntitySearchBox, TYPEAHEAD_DEBOUNCE_MS, placeSuggestions } from './entity-search-box';

const kevinCostner = entity('person', 'kevin-costner', 'Kevin Costner', { subtype: 'director' });
const kevinSpacey = entity('person', 'kevin-spacey', 'Kevin Spacey');
const kelly = entity('movie', 'kellys-heroes-1970', "Kelly's Heroes", { year: 1970 });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(
    routeFetch({
      '/api/search': (url) => {
        const q = url.searchParams.get('q')!.toLowerCase();
        return { body: { results: [kevinBacon, kevinCostner, kevinSpacey, kelly].filter((e) => e.name.toLowerCase().includes(q)) } };
      },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The box with its value held by a parent, as the finder holds it. */
function Harness({ onChange, initial = null }: { onChange: (value: EntitySummary | null) => void; initial?: EntitySummary | null }) {
  const [value, setValue] = useState<EntitySummary | null>(initial);
  return (
    <>
      <EntitySearchBox
        label="From"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button" onClick={() => setValue(null)}>
        external clear
      </button>
      <p>outside</p>
    </>
  );
}

function renderBox(initial: EntitySummary | null = null) {
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness onChange={onChange} initial={initial} />
    </QueryClientProvider>,
  );
  return { onChange, input: screen.getByRole('combobox', { name: 'From' }) as HTMLInputElement };
}

const searchCalls = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams.get('q'));

describe('EntitySearchBox', () => {
  it('waits 300 ms after the last keystroke and needs 2 characters', async () => {
    // The fake clock moves only when told: a busy machine's real time must not fire the debounce early.
    vi.useFakeTimers();
    try {
      const { input } = renderBox();
      fireEvent.change(input, { target: { value: 'k' } });
      await act(() => vi.advanceTimersByTimeAsync(TYPEAHEAD_DEBOUNCE_MS + 50));
      expect(searchCalls()).toEqual([]);

      fireEvent.change(input, { target: { value: 'ke' } });
      await act(() => vi.advanceTimersByTimeAsync(100));
      fireEvent.change(input, { target: { value: 'kev' } });
      await act(() => vi.advanceTimersByTimeAsync(TYPEAHEAD_DEBOUNCE_MS - 10));
      expect(searchCalls()).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(20));
      await vi.waitFor(() => expect(searchCalls()).toEqual(['kev']));
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByRole('option', { name: /Kevin Bacon/ })).toBeTruthy();
  });

  it('shows type, image and description on each row, in a list about 15rem tall', async () => {
    const { input } = renderBox();
    fireEvent.change(input, { target: { value: 'kel' } });
    const option = await screen.findByRole('option', { name: /Kelly's Heroes/ });
    expect(option.textContent).toContain('Movie · 1970');
    // The image beside the written name is decoration: hidden from screen readers, like <img alt="">.
    expect(option.querySelector('[data-placeholder="true"][aria-hidden="true"]')).toBeTruthy();
    expect(screen.getByRole('listbox').className).toContain('max-h-60');
  });

  it('moves with up/down, picks with Enter and closes with Escape', async () => {
    const { input, onChange } = renderBox();
    fireEvent.change(input, { target: { value: 'kevin' } });
    await screen.findByRole('option', { name: /Kevin Spacey/ });
    expect(input.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    const active = screen.getByRole('option', { selected: true });
    expect(active.textContent).toContain('Kevin Costner');
    expect(input.getAttribute('aria-activedescendant')).toBe(active.id);
    fireEvent.keyDown(input, { key: 'Enter' });

    expect(onChange).toHaveBeenLastCalledWith(kevinCostner);
    expect(input.value).toBe('Kevin Costner');
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.change(input, { target: { value: 'kevin' } });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('clears the pick when the text is edited away from the chosen name, keeping what was typed', async () => {
    const { input, onChange } = renderBox(kevinBacon);
    expect(input.value).toBe('Kevin Bacon');
    fireEvent.change(input, { target: { value: 'Kevin Baco' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input.value).toBe('Kevin Baco');
  });

  it('follows the parent when it clears the pick', () => {
    const { input } = renderBox(kevinBacon);
    fireEvent.click(screen.getByRole('button', { name: 'external clear' }));
    expect(input.value).toBe('');
  });

  it('closes on a click outside and on a pick with the mouse', async () => {
    const { input, onChange } = renderBox();
    fireEvent.change(input, { target: { value: 'kevin' } });
    await screen.findByRole('option', { name: /Kevin Bacon/ });
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(input.getAttribute('aria-expanded')).toBe('false');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: /Kevin Bacon/ }));
    expect(onChange).toHaveBeenLastCalledWith(kevinBacon);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('serves a repeated query from the cache', async () => {
    const { input } = renderBox();
    fireEvent.change(input, { target: { value: 'kevin' } });
    await screen.findByRole('option', { name: /Kevin Bacon/ });
    fireEvent.change(input, { target: { value: 'kevi' } });
    await waitFor(() => expect(searchCalls()).toEqual(['kevin', 'kevi']));
    // The typeahead's pause on a fake clock: it ends (and a search would start) without waiting for it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(input, { target: { value: 'kevin' } });
      await act(() => vi.advanceTimersByTimeAsync(TYPEAHEAD_DEBOUNCE_MS + 50));
    } finally {
      vi.useRealTimers();
    }
    expect(searchCalls()).toEqual(['kevin', 'kevi']);
  });
});

describe('the suggestion list stays on screen', () => {
  // 1280×800, the hero's input near the bottom of the window (as on the home page at load).
  const input = { top: 674, bottom: 726 };
  it('fits: stays where it is', () => {
    expect(placeSuggestions({ top: 300, bottom: 352 }, 240, { height: 800, scrollRoom: 2000 })).toBeNull();
  });
  it('would end below the window: scrolls the page up just enough (the input stays below the header)', () => {
    expect(placeSuggestions(input, 240, { height: 800, scrollRoom: 2000 })).toEqual({ scrollBy: 178 });
  });
  it('the page cannot scroll that far: opens upward when there is more room above', () => {
    expect(placeSuggestions(input, 240, { height: 800, scrollRoom: 50 })).toBe('above');
    expect(placeSuggestions({ top: 100, bottom: 152 }, 900, { height: 800, scrollRoom: 0 })).toBeNull();
  });

  describe('in the component', () => {
    // The input near the bottom of the window; the list under it, 8 px lower, 240 px tall.
    const geometry = (element: HTMLElement) =>
      element.getAttribute('role') === 'combobox' ? ({ top: 674, bottom: 726 } as DOMRect) : element.querySelector('[role="listbox"]') ? ({ top: 734, bottom: 974 } as DOMRect) : ({ top: 0, bottom: 0 } as DOMRect);
    beforeEach(() => {
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        return geometry(this);
      });
      Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    });
    afterEach(() => vi.restoreAllMocks());

    it('scrolls the page so the open list is visible', async () => {
      Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 4000 });
      const scrollBy = vi.fn();
      vi.stubGlobal('scrollBy', scrollBy);
      const { input } = renderBox();
      fireEvent.change(input, { target: { value: 'kev' } });
      await screen.findByRole('option', { name: /Kevin Bacon/ });
      await waitFor(() => expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ top: 186 })));
      expect(screen.getByRole('listbox').parentElement!.dataset.placement).toBe('below');
    });

    it('opens upward at the bottom of the page', async () => {
      Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 800 });
      const { input } = renderBox();
      fireEvent.change(input, { target: { value: 'kev' } });
      await screen.findByRole('option', { name: /Kevin Bacon/ });
      await waitFor(() => expect(screen.getByRole('listbox').parentElement!.dataset.placement).toBe('above'));
      // Closed and opened again: measured afresh.
      fireEvent.keyDown(input, { key: 'Escape' });
      expect(screen.getByRole('listbox').parentElement!.dataset.placement).toBe('below');
    });
  });
});
