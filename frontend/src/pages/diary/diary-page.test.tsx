import { DIARY_TEXTS, type DiaryEntry } from '@cinema-dna/shared-types';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUser } from '../../features/auth';
import { resetDiaryDialog } from '../../features/diary';
import { diaryEntry } from '../../test/diary-fixtures';
import { entity } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetToasts } from '../../ui/toast';

const user = { id: 7, username: 'ada', displayName: 'Ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 20, role: 'user' as const };

/** Ten movies whose names hold "the": more than the dialog may show. */
const MOVIES = Array.from({ length: 10 }, (_, i) => entity('movie', `the-film-${i}-199${i}`, `The Film ${i}`, { year: 1990 + i, poster_path: i === 0 ? '/film0.jpg' : null }));

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** An in-memory diary API (and the search it uses), with switches to make writes fail. */
function stubDiaryServer(initial: DiaryEntry[] = [], { fail = {} as Partial<Record<'create' | 'update' | 'delete' | 'list', boolean>>, hold = false } = {}) {
  let entries = [...initial];
  let nextId = 500;
  const calls: Call[] = [];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const json = (status: number, body?: unknown) => new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, search: url.searchParams, body });
    if (url.pathname === '/api/search') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return json(200, { results: MOVIES.filter((movie) => movie.name.toLowerCase().includes(q)) });
    }
    if (url.pathname === '/api/diary' && method === 'GET') {
      if (hold) await held;
      return fail.list ? json(500, { code: 'INTERNAL', message: 'boom' }) : json(200, { entries });
    }
    if (url.pathname === '/api/diary' && method === 'POST') {
      if (fail.create) return json(500, { code: 'INTERNAL', message: 'boom' });
      const now = new Date().toISOString();
      const created: DiaryEntry = { id: nextId++, posterPath: null, rating: null, notes: null, location: null, rewatch: false, isPrivate: false, createdAt: now, updatedAt: now, ...body };
      entries = [created, ...entries];
      return json(201, created);
    }
    const match = /^\/api\/diary\/(\d+)$/.exec(url.pathname);
    if (match) {
      const id = Number(match[1]);
      if (method === 'PATCH') {
        if (fail.update) return json(500, { code: 'INTERNAL', message: 'boom' });
        entries = entries.map((e) => (e.id === id ? { ...e, ...body } : e));
        return json(200, entries.find((e) => e.id === id));
      }
      if (method === 'DELETE') {
        if (fail.delete) return json(500, { code: 'INTERNAL', message: 'boom' });
        entries = entries.filter((e) => e.id !== id);
        return json(204);
      }
    }
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, release, writes: () => calls.filter((call) => call.method !== 'GET') };
}

const dialog = () => screen.getByRole('dialog');

async function openLogDialog() {
  fireEvent.click(await screen.findByRole('button', { name: DIARY_TEXTS.logButton }));
  return screen.findByRole('dialog', { name: DIARY_TEXTS.newTitle });
}

async function pickMovie(name: string, query = 'the film') {
  fireEvent.change(within(dialog()).getByRole('combobox'), { target: { value: query } });
  fireEvent.click(await within(dialog()).findByRole('option', { name: new RegExp(`^${name}`) }));
}

beforeEach(() => {
  resetAuth();
  resetToasts();
  resetDiaryDialog();
});
afterEach(() => vi.unstubAllGlobals());

describe('DiaryPage', () => {
  it('asks a signed-out visitor to sign in with the diary’s message and reads nothing', async () => {
    const server = stubDiaryServer();
    setUser(null);
    renderApp('/diary');
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getAllByText(DIARY_TEXTS.signInRequired)).toHaveLength(2);
    expect(server.calls.filter((call) => call.path.startsWith('/api/diary'))).toEqual([]);
  });

  it('shows 5 loading placeholders, then No Entries Yet whose button opens the dialog', async () => {
    const server = stubDiaryServer([], { hold: true });
    setUser(user);
    renderApp('/diary');
    expect(await screen.findAllByTestId('diary-skeleton-row')).toHaveLength(5);
    act(() => server.release());
    expect(await screen.findByRole('heading', { name: DIARY_TEXTS.emptyTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: DIARY_TEXTS.emptyAction }));
    expect(await screen.findByRole('dialog', { name: 'Log a Movie' })).toBeTruthy();
  });

  it('groups entries by year, newest first, and filters by the typed year until Clear', async () => {
    stubDiaryServer([diaryEntry('Alien', '2023-05-01'), diaryEntry('Heat', '2025-01-10', { rating: 4.5, rewatch: true }), diaryEntry('Ran', '2024-12-31'), diaryEntry('Jaws', '2025-03-02')]);
    setUser(user);
    renderApp('/diary');
    await screen.findAllByTestId('diary-entry');
    const years = screen.getAllByTestId('diary-year');
    expect(years.map((year) => within(year).getByRole('heading').textContent)).toEqual(['2025', '2024', '2023']);
    expect(within(years[0]!).getAllByRole('link', { name: /^(Jaws|Heat)$/ }).map((link) => link.textContent)).toEqual(['Jaws', 'Heat']);
    expect(within(years[0]!).getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy();
    expect(within(years[0]!).getByRole('button', { name: 'Edit Heat' })).toBeTruthy();
    expect(within(years[0]!).getByRole('button', { name: 'Delete Heat' })).toBeTruthy();

    const filter = screen.getByLabelText('Filter by year');
    fireEvent.change(filter, { target: { value: '2024' } });
    expect(screen.getAllByTestId('diary-year').map((year) => within(year).getByRole('heading').textContent)).toEqual(['2024']);
    fireEvent.change(filter, { target: { value: '1999' } });
    expect(screen.getByTestId('diary-filter-empty').textContent).toContain('No entries match 1999');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getAllByTestId('diary-year')).toHaveLength(3);
  });

  it('searches movies only past 2 characters, shows at most 8, and logs the entry: trimmed text, no empty fields, date-only', async () => {
    const server = stubDiaryServer();
    setUser(user);
    renderApp('/diary');
    await screen.findByTestId('diary-empty');
    await openLogDialog();

    // 'Movie Required' without a movie, and nothing is sent.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText(DIARY_TEXTS.movieRequiredTitle)).toBeTruthy();
    expect(screen.getByText(DIARY_TEXTS.movieRequired)).toBeTruthy();

    const search = within(dialog()).getByRole('combobox');
    fireEvent.change(search, { target: { value: 'th' } });
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(server.calls.filter((call) => call.path === '/api/search')).toEqual([]);
    expect(within(dialog()).getByText('Type at least 3 characters to search.')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'the' } });
    await waitFor(() => expect(within(dialog()).getAllByRole('option')).toHaveLength(8));
    const searched = server.calls.find((call) => call.path === '/api/search')!;
    expect(Object.fromEntries(searched.search)).toEqual({ q: 'the', type: 'movie', limit: '8' });

    fireEvent.click(within(dialog()).getByRole('option', { name: 'The Film 0 (1990)' }));
    const selected = within(dialog()).getByTestId('diary-selected-movie');
    expect(within(selected).getByRole('img', { name: 'Poster of The Film 0' }).getAttribute('src')).toBe('https://image.tmdb.org/t/p/w154/film0.jpg');

    fireEvent.click(within(dialog()).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(within(dialog()).getByLabelText(/^Notes/), { target: { value: '  Loved it.  ' } });
    fireEvent.change(within(dialog()).getByLabelText(/^Location/), { target: { value: '   ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Entry' }));

    expect(await screen.findByText(DIARY_TEXTS.loggedTitle)).toBeTruthy();
    expect(screen.getByText(DIARY_TEXTS.logged)).toBeTruthy();
    const post = server.writes()[0]!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({ movieId: 'the-film-0-1990', movieTitle: 'The Film 0', posterPath: '/film0.jpg', watchedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), rating: 4, notes: 'Loved it.', rewatch: false, isPrivate: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('link', { name: 'The Film 0' })).toBeTruthy();

    // Reopened: the form is reset (no movie, no rating, today).
    await openLogDialog();
    expect(within(dialog()).queryByTestId('diary-selected-movie')).toBeNull();
    expect(within(dialog()).getByText('No rating')).toBeTruthy();
    expect((within(dialog()).getByLabelText(/^Notes/) as HTMLTextAreaElement).value).toBe('');
  });

  it('leaves out a rating of 0 (a star picked twice) and keeps what was typed when the save fails', async () => {
    const server = stubDiaryServer([], { fail: { create: true } });
    setUser(user);
    renderApp('/diary');
    await screen.findByTestId('diary-empty');
    await openLogDialog();
    await pickMovie('The Film 3');
    const three = within(dialog()).getByRole('radio', { name: '3 stars' });
    fireEvent.click(three);
    fireEvent.click(three);
    expect(within(dialog()).getByText('No rating')).toBeTruthy();
    fireEvent.change(within(dialog()).getByLabelText(/^Notes/), { target: { value: 'Keep me' } });
    fireEvent.click(within(dialog()).getByRole('switch', { name: 'Private' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Entry' }));
    expect(await screen.findByText(DIARY_TEXTS.logFailed)).toBeTruthy();
    expect(server.writes()[0]!.body).not.toHaveProperty('rating');
    expect(server.writes()[0]!.body).toMatchObject({ isPrivate: true, notes: 'Keep me' });
    expect(screen.getByRole('dialog', { name: DIARY_TEXTS.newTitle })).toBeTruthy();
    expect((within(dialog()).getByLabelText(/^Notes/) as HTMLTextAreaElement).value).toBe('Keep me');
    expect(within(dialog()).getByTestId('diary-selected-movie').textContent).toContain('The Film 3');
  });

  it('edits an entry (Edit Diary Entry, Entry Updated); Cancel forgets the entry being edited', async () => {
    const heat = diaryEntry('Heat', '2024-11-02', { rating: 3.5, notes: 'Diner scene.', location: 'Prince Charles' });
    const server = stubDiaryServer([heat]);
    setUser(user);
    renderApp('/diary');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Heat' }));
    expect(await screen.findByRole('dialog', { name: DIARY_TEXTS.editTitle })).toBeTruthy();
    expect(within(dialog()).getByText('3.5 out of 5 stars')).toBeTruthy();
    expect((within(dialog()).getByLabelText(/^Notes/) as HTMLTextAreaElement).value).toBe('Diner scene.');

    // Cancel: reset and no longer editing.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openLogDialog();
    expect(within(dialog()).queryByTestId('diary-selected-movie')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit Heat' }));
    await screen.findByRole('dialog', { name: DIARY_TEXTS.editTitle });
    fireEvent.change(within(dialog()).getByLabelText(/^Location/), { target: { value: '' } });
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Rewatch' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(DIARY_TEXTS.updatedTitle)).toBeTruthy();
    const patch = server.writes()[0]!;
    expect(patch).toMatchObject({ method: 'PATCH', path: `/api/diary/${heat.id}` });
    expect(patch.body).toMatchObject({ rating: 3.5, notes: 'Diner scene.', location: null, rewatch: true, watchedDate: '2024-11-02' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes the watched date from the date field, never a day after today', async () => {
    const server = stubDiaryServer();
    setUser(user);
    renderApp('/diary');
    await screen.findByTestId('diary-empty');
    await openLogDialog();
    await pickMovie('The Film 1');
    const field = within(dialog()).getByLabelText<HTMLInputElement>('Watched on');
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(field.type).toBe('date');
    expect(field.value).toBe(today);
    expect(field.max).toBe(today);
    expect(field.min).toBe('1870-01-01');
    fireEvent.change(field, { target: { value: '2024-03-01' } });
    // Clearing the field keeps the last date: an entry always has one.
    fireEvent.change(field, { target: { value: '' } });
    expect(field.value).toBe('2024-03-01');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Entry' }));
    await screen.findByText(DIARY_TEXTS.loggedTitle);
    expect((server.writes()[0]!.body as { watchedDate: string }).watchedDate).toBe('2024-03-01');
  });

  it('deletes an entry only after confirmation (Entry Deleted)', async () => {
    const server = stubDiaryServer([diaryEntry('Heat', '2024-11-02'), diaryEntry('Ran', '2024-10-02')]);
    setUser(user);
    renderApp('/diary');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Heat' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this diary entry?' });
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete entry' }));
    expect(await screen.findByText(DIARY_TEXTS.deletedTitle)).toBeTruthy();
    expect(server.writes()[0]).toMatchObject({ method: 'DELETE' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Heat' })).toBeNull());
  });

  it('keeps the entry and shows the failure text when a delete fails', async () => {
    stubDiaryServer([diaryEntry('Heat', '2024-11-02')], { fail: { delete: true } });
    setUser(user);
    renderApp('/diary');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Heat' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete entry' }));
    expect(await screen.findByText(DIARY_TEXTS.deleteFailed)).toBeTruthy();
    // The question stays open for another try; the entry is still listed behind it.
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getAllByTestId('diary-entry')).toHaveLength(1);
  });
});
