import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { apollo13, routeFetch } from '../../../test/fixtures';
import { FacetedFilterPanel } from './faceted-filter-panel';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(
    routeFetch({
      '/api/genres': () => ({ body: { items: [{ id: 'drama', name: 'Drama', count: 387 }] } }),
      '/api/search/faceted': () => ({ body: { results: [{ ...apollo13, vote_average: 7.6 }], total: 1 } }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const facetedCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/search/faceted'));

function renderPanel() {
  const onPick = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <FacetedFilterPanel onPick={onPick} picked={{ from: null, to: null }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onPick };
}

describe('FacetedFilterPanel', () => {
  it('runs only from 2 characters, with the chosen filters, and sends a result to the finder', async () => {
    const { onPick } = renderPanel();
    const input = screen.getByLabelText('Search the catalog');
    fireEvent.change(input, { target: { value: 'a' } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(facetedCalls()).toEqual([]);
    expect(screen.getByText('Type at least 2 characters to search, then narrow the results with the filters.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Genres/ }));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Drama/ }));
    fireEvent.change(input, { target: { value: 'apollo' } });
    expect(await screen.findByRole('link', { name: 'Apollo 13' })).toBeTruthy();
    const url = new URL(facetedCalls().at(-1)!, 'http://x');
    expect(url.searchParams.get('query')).toBe('apollo');
    expect(url.searchParams.get('genres')).toBe('Drama');
    expect(url.searchParams.get('entityTypes')).toBe('movie,person');
    expect(screen.getByText('1 result')).toBeTruthy();
    expect(screen.getByText('7.6')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use Apollo 13 as To' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ key: 'movie:apollo-13-1995' }), 'to');
  });

  it('changes the sort', async () => {
    renderPanel();
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'vote_average' } });
    fireEvent.change(screen.getByLabelText('Order'), { target: { value: 'asc' } });
    fireEvent.change(screen.getByLabelText('Search the catalog'), { target: { value: 'apollo' } });
    await waitFor(() => expect(facetedCalls()).toHaveLength(1));
    const url = new URL(facetedCalls()[0]!, 'http://x');
    expect(url.searchParams.get('sortBy')).toBe('vote_average');
    expect(url.searchParams.get('sortOrder')).toBe('asc');
  });
});
