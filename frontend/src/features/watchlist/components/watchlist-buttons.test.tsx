import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { routeFetch } from '../../../test/fixtures';
import { Toaster, resetToasts } from '../../../ui/toast';
import { authState, resetAuth, setUser } from '../../auth';
import { WatchlistButtons } from './watchlist-buttons';

const user = { id: 3, username: 'ada', displayName: 'Ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' as const };
const movie = { movieId: 'apollo-13-1995', movieTitle: 'Apollo 13', posterPath: null };

function renderButtons() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WatchlistButtons movie={movie} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const addButton = () => screen.getByRole('button', { name: 'Add to Watchlist' });

beforeEach(() => {
  resetAuth();
  resetToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe('WatchlistButtons', () => {
  it('waits for the session check: a click right after the page loads never asks a signed-in user to sign in', async () => {
    const posted = vi.fn(() => ({ status: 201, body: { movieId: movie.movieId, movieTitle: movie.movieTitle, posterPath: null, addedAt: '2026-11-30T00:00:00.000Z', watched: false } }));
    vi.stubGlobal('fetch', vi.fn(routeFetch({ '/api/watchlist': (_url, init) => (init?.method === 'POST' ? posted() : { body: { items: [] } }) })));
    renderButtons();

    // The session check is still out: the buttons wait, and a click does nothing.
    expect(addButton()).toHaveProperty('disabled', true);
    fireEvent.click(addButton());
    expect(authState.dialogOpen).toBe(false);

    // Signed in, once the list has come: the same click adds the movie.
    await act(async () => setUser(user));
    await vi.waitFor(() => expect(addButton()).toHaveProperty('disabled', false));
    fireEvent.click(addButton());
    expect(await screen.findByText('Apollo 13 is on your watchlist.')).toBeTruthy();
    expect(posted).toHaveBeenCalledTimes(1);
    expect(authState.dialogOpen).toBe(false);
  });

  it('asks someone signed out to sign in', async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({})));
    setUser(null);
    renderButtons();
    fireEvent.click(addButton());
    expect(authState.dialogOpen).toBe(true);
    expect(authState.dialogTab).toBe('login');
  });
});
