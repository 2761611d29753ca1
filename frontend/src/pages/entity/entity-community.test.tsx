import { REVIEW_DUPLICATE, type Review, type WatchlistItem } from '@cinema-dna/shared-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, resetAuth, setUser } from '../../features/auth';
import { WATCHLIST_TEXTS } from '../../features/watchlist';
import { apollo13, entityDetail, kevinBacon } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetToasts } from '../../ui/toast';

const user = { id: 7, username: 'ada', displayName: 'Ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 20, role: 'user' as const };

const review = (id: number, authorId: number, patch: Partial<Review> = {}): Review => ({
  id,
  entityId: apollo13.id,
  entityType: 'movie',
  rating: 4,
  title: `Review ${id}`,
  content: `Thoughts ${id}`,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
  author: { id: authorId, username: `user${authorId}`, displayName: `User ${authorId}` },
  ...patch,
});

interface Options {
  reviews?: Review[];
  watchlist?: WatchlistItem[];
  failAdd?: boolean;
  duplicateReview?: boolean;
}

function stubServer({ reviews = [], watchlist = [], failAdd = false, duplicateReview = false }: Options = {}) {
  let items = [...watchlist];
  let list = [...reviews];
  const writes: { method: string; path: string; body: unknown }[] = [];
  const json = (status: number, body?: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const item = (body: { movieId: string; movieTitle: string; posterPath?: string | null }, watched: boolean): WatchlistItem => ({
    id: items.length + 1,
    movieId: body.movieId,
    movieTitle: body.movieTitle,
    posterPath: body.posterPath ?? null,
    addedAt: '2026-02-01T10:00:00.000Z',
    watched,
    watchedAt: watched ? '2026-02-01T10:00:00.000Z' : null,
    rating: null,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (method !== 'GET') writes.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/entity/movie/apollo-13-1995') return json(200, entityDetail(apollo13));
      if (url.pathname === '/api/entity/person/kevin-bacon') {
        return json(200, entityDetail(kevinBacon, { filmography: [{ id: apollo13.id, key: apollo13.key, title: 'Apollo 13', poster_path: null, year: 1995, character: 'Jack Swigert', job: null }] }));
      }
      if (url.pathname === '/api/entity/movie/apollo-13-1995/reviews') {
        const average = list.length ? list.reduce((sum, r) => sum + r.rating, 0) / list.length : null;
        return json(200, { reviews: list, count: list.length, averageRating: average });
      }
      if (url.pathname === '/api/entity/person/kevin-bacon/reviews') return json(200, { reviews: [], count: 0, averageRating: null });
      if (url.pathname === '/api/watchlist' && method === 'GET') return json(200, { items });
      if (url.pathname === '/api/watchlist' && method === 'POST') {
        if (failAdd) return json(500, { code: 'INTERNAL', message: 'boom' });
        items = [item(body, false), ...items];
        return json(201, items[0]);
      }
      if (url.pathname.startsWith('/api/watchlist/') && method === 'DELETE') {
        items = items.filter((i) => i.movieId !== decodeURIComponent(url.pathname.split('/').pop()!));
        return json(204);
      }
      if (url.pathname === '/api/watched') {
        items = [item(body, true), ...items.filter((i) => i.movieId !== body.movieId)];
        return json(200, items[0]);
      }
      if (url.pathname === '/api/reviews' && method === 'POST') {
        if (duplicateReview) return json(409, { code: 'CONFLICT', message: 'Conflict' });
        const created = review(99, user.id, { ...body });
        list = [created, ...list];
        return json(201, created);
      }
      const reviewMatch = /^\/api\/reviews\/(\d+)$/.exec(url.pathname);
      if (reviewMatch && method === 'PATCH') {
        list = list.map((r) => (r.id === Number(reviewMatch[1]) ? { ...r, ...body, updatedAt: '2026-02-02T10:00:00.000Z' } : r));
        return json(200, list.find((r) => r.id === Number(reviewMatch[1])));
      }
      if (reviewMatch && method === 'DELETE') {
        list = list.filter((r) => r.id !== Number(reviewMatch[1]));
        return json(204);
      }
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return { writes };
}

beforeEach(() => {
  resetAuth();
  resetToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe('Entity page: watchlist', () => {
  /** A watchlist button once it can act: it waits for the signed-in user's list. */
  async function readyButton(name: string): Promise<HTMLButtonElement> {
    const button = (await screen.findByRole('button', { name })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    return button;
  }

  it('toggles Add to Watchlist / Remove from Watchlist and marks watched, with the spec’s toasts', async () => {
    const { writes } = stubServer();
    setUser(user);
    renderApp('/entity/movie/apollo-13-1995');
    fireEvent.click(await readyButton(WATCHLIST_TEXTS.add));
    expect(await screen.findByText('Added to Watchlist')).toBeTruthy();
    expect(writes[0]).toEqual({ method: 'POST', path: '/api/watchlist', body: { movieId: 'apollo-13-1995', movieTitle: 'Apollo 13', posterPath: null } });
    fireEvent.click(await readyButton(WATCHLIST_TEXTS.remove));
    expect(await screen.findByText('Removed from Watchlist')).toBeTruthy();
    expect(writes[1]).toMatchObject({ method: 'DELETE', path: '/api/watchlist/apollo-13-1995' });
    fireEvent.click(await readyButton(WATCHLIST_TEXTS.markWatched));
    expect(await screen.findByText('Marked as Watched')).toBeTruthy();
    expect(writes[2]).toMatchObject({ method: 'POST', path: '/api/watched' });
    await waitFor(() => expect((screen.getByRole('button', { name: WATCHLIST_TEXTS.watched }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('says Failed to add movie to watchlist. when the add fails', async () => {
    stubServer({ failAdd: true });
    setUser(user);
    renderApp('/entity/movie/apollo-13-1995');
    fireEvent.click(await readyButton(WATCHLIST_TEXTS.add));
    expect(await screen.findByText('Failed to add movie to watchlist.')).toBeTruthy();
  });

  it('opens the login dialog for a signed-out visitor, and offers the buttons on known-for movie cards', async () => {
    const { writes } = stubServer();
    setUser(null);
    renderApp('/entity/person/kevin-bacon');
    const card = (await screen.findAllByTestId('movie-card'))[0]!;
    fireEvent.click(within(card).getByRole('button', { name: 'Add to Watchlist: Apollo 13' }));
    await waitFor(() => expect(authState.dialogOpen).toBe(true));
    expect(writes).toEqual([]);
  });
});

describe('Entity page: reviews', () => {
  it('says No Reviews Yet and lets a signed-in user write one', async () => {
    const { writes } = stubServer();
    setUser(user);
    renderApp('/entity/movie/apollo-13-1995');
    expect(await screen.findByText('No Reviews Yet')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Write a Review' });
    fireEvent.click(within(form).getByRole('button', { name: 'Post Review' }));
    expect(within(form).getByText('Choose a rating from 1 to 5 stars.')).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: '  Houston  ' } });
    fireEvent.change(within(form).getByLabelText('Review'), { target: { value: 'Gripping.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText('Review Posted')).toBeTruthy();
    expect(writes[0]).toEqual({ method: 'POST', path: '/api/reviews', body: { entityId: 'apollo-13-1995', entityType: 'movie', rating: 5, title: 'Houston', content: 'Gripping.' } });
    expect(await screen.findByRole('article', { name: 'Review: Houston' })).toBeTruthy();
    expect(screen.getByTestId('reviews-summary').textContent).toContain('5.0 average');
    expect(screen.queryByRole('form', { name: 'Write a Review' })).toBeNull();
  });

  it('shows count and average, edits and deletes your own review', async () => {
    stubServer({ reviews: [review(1, 3, { rating: 3 }), review(2, user.id, { rating: 4, title: 'Mine' })] });
    setUser(user);
    renderApp('/entity/movie/apollo-13-1995');
    const summary = await screen.findByTestId('reviews-summary');
    expect(summary.textContent).toContain('3.5 average');
    expect(summary.textContent).toContain('2 reviews');
    expect(within(screen.getByRole('article', { name: 'Review: Review 1' })).queryByRole('button', { name: 'Edit your review' })).toBeNull();
    fireEvent.click(within(screen.getByRole('article', { name: 'Review: Mine' })).getByRole('button', { name: 'Edit your review' }));
    const form = screen.getByRole('form', { name: 'Edit Your Review' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Mine, revised' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Review Updated')).toBeTruthy();
    const mine = await screen.findByRole('article', { name: 'Review: Mine, revised' });
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete your review' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete review' }));
    expect(await screen.findByText('Review Deleted')).toBeTruthy();
  });

  it('explains the 409 duplicate in the form and keeps what was typed', async () => {
    stubServer({ duplicateReview: true });
    setUser(user);
    renderApp('/entity/movie/apollo-13-1995');
    const form = await screen.findByRole('form', { name: 'Write a Review' });
    fireEvent.click(within(form).getByRole('radio', { name: '2 stars' }));
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Again' } });
    fireEvent.change(within(form).getByLabelText('Review'), { target: { value: 'Second try.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post Review' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(REVIEW_DUPLICATE);
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Again');
  });

  it('asks a signed-out visitor to sign in to write one', async () => {
    stubServer({ reviews: [review(1, 3)] });
    setUser(null);
    renderApp('/entity/movie/apollo-13-1995');
    expect(await screen.findByRole('article', { name: 'Review: Review 1' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Write a Review' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(authState.dialogOpen).toBe(true));
  });
});
