import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnections } from '../../features/connections';
import { authState, resetAuth, setUser } from '../../features/auth';
import { entity, foundResult, kevinBacon, notFoundResult, routeFetch, tomHanks } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetToasts } from '../../ui/toast';

const merylStreep = entity('person', 'meryl-streep', 'Meryl Streep');
const keanuReeves = entity('person', 'keanu-reeves', 'Keanu Reeves');
const catalog = [kevinBacon, tomHanks, merylStreep, keanuReeves];

const stats = {
  entities: 5255,
  links: 11301,
  byType: { person: 3026, movie: 561, genre: 18, keyword: 1241, company: 249, collection: 47, award: 48, location: 65 },
  people: { actor: 1812, director: 298 },
};

type Routes = Parameters<typeof routeFetch>[0];

function stubApi(overrides: Routes = {}) {
  const fetchMock = vi.fn(
    routeFetch({
      '/api/auth/session': () => ({ body: { user: null } }),
      '/api/stats': () => ({ body: stats }),
      '/api/trending': () => ({ body: { connections: [] } }),
      '/api/genres': () => ({ body: { items: [] } }),
      '/api/search': (url) => {
        const q = url.searchParams.get('q')!.toLowerCase();
        return { body: { results: catalog.filter((e) => e.name.toLowerCase().includes(q)) } };
      },
      '/api/find-connection': () => ({ body: foundResult() }),
      ...overrides,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Final states at once, as the OS setting asks (the pacing has its own tests). */
function preferReducedMotion() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
}

/** The hero finder's button (the advanced panel has one too). */
const findButton = () => within(screen.getByRole('form', { name: 'Find a connection' })).getByRole('button', { name: 'Find Connection' });

async function pick(label: 'From' | 'To', text: string, name: RegExp) {
  const finder = screen.getByRole('form', { name: 'Find a connection' });
  fireEvent.change(within(finder).getByRole('combobox', { name: label }), { target: { value: text } });
  fireEvent.click(await within(finder).findByRole('option', { name }));
}

beforeEach(() => {
  resetConnections();
  resetToasts();
  resetAuth();
  setUser(null);
  preferReducedMotion();
});
afterEach(() => vi.unstubAllGlobals());

describe('Home page', () => {
  it('shows the counted catalog numbers, honestly formatted', async () => {
    stubApi();
    renderApp('/');
    const figures = await screen.findByTestId('hero-stats');
    // Each figure is a term ("films") with its count.
    expect(figures.textContent).toContain('films561');
    expect(figures.textContent).toContain('people3,026');
    expect(figures.textContent).toContain('links11,301');
    expect(figures.textContent).toContain('1,812 actors');
    expect(figures.textContent).toContain('18 genres');
  });

  it('offers only the example pairs whose two names exist', async () => {
    stubApi();
    renderApp('/');
    expect(await screen.findByRole('button', { name: /Kevin Bacon.*and.*Tom Hanks/ })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Meryl Streep.*and.*Keanu Reeves/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Shah Rukh Khan/ })).toBeNull();
  });

  it('keeps Find Connection disabled until both ends are chosen, and refuses the same entity twice', async () => {
    stubApi();
    renderApp('/');
    const find = findButton();
    expect((find as HTMLButtonElement).disabled).toBe(true);
    await pick('From', 'kevin', /Kevin Bacon/);
    expect((find as HTMLButtonElement).disabled).toBe(true);
    await pick('To', 'kevin', /Kevin Bacon/);
    fireEvent.click(find);
    expect(await screen.findByText('Same Entity')).toBeTruthy();
    expect(screen.getByText('Please select different entities to find connections')).toBeTruthy();
  });

  it('finds a connection and shows the step cards, the relationship badges and the actions', async () => {
    const fetchMock = stubApi();
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());

    expect(await screen.findByRole('heading', { name: 'Connection Found!' })).toBeTruthy();
    const request = fetchMock.mock.calls.find(([url]) => String(url) === '/api/find-connection')!;
    expect(JSON.parse(request[1]!.body as string)).toMatchObject({ fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } });

    const path = screen.getByRole('list', { name: 'Connection path' });
    expect(within(path).getByText('START')).toBeTruthy();
    expect(within(path).getByText('STEP 1')).toBeTruthy();
    expect(within(path).getByText('TARGET')).toBeTruthy();
    expect(within(path).getByText('acted in as Jack Swigert')).toBeTruthy();
    expect(within(path).getByText('starring as Jim Lovell')).toBeTruthy();
    expect(within(path).getByRole('link', { name: 'Apollo 13' }).getAttribute('href')).toBe('/entity/movie/apollo-13-1995');
    expect(screen.getByText('Found a 2-degree connection...')).toBeTruthy();
    expect(screen.queryByText('Cached Result')).toBeNull();

    // The advanced panel's stats describe the same result.
    const stats = screen.getByText('Cached or Fresh').closest('dl')!;
    expect(stats.textContent).toContain('Degrees2');
    expect(stats.textContent).toContain('Steps3');
    expect(stats.textContent).toContain('Fresh');
    expect(stats.textContent).toContain('Excellent');

    // Signed out: Save Path asks to log in.
    fireEvent.click(screen.getByRole('button', { name: 'Save Path' }));
    expect(await screen.findByText('Login Required')).toBeTruthy();
    expect(screen.getByText('Please log in to save connections to your collection')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Welcome to Cinema DNA' })).toBeTruthy();
  });

  it('moves the focus to the answer when a search ends while watched', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = stubApi();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/find-connection') await held;
      return answer(input, init);
    });
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());
    // The stage is on screen while the search runs; then the answer comes.
    await screen.findByTestId('search-stage');
    release();
    expect(await screen.findByRole('heading', { name: 'Connection Found!' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Search result' })));
  });

  it('saves the path with the spec payload when signed in', async () => {
    const fetchMock = stubApi({ '/api/connections/save': () => ({ status: 201, body: { id: 1 } }) });
    setUser({ id: 7, username: 'noir_fan', displayName: 'noir_fan', email: 'noir@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' });
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Save Path' }));
    expect(await screen.findByText('Connection Saved')).toBeTruthy();
    expect(screen.getByText('Added to your discovered connections')).toBeTruthy();
    const save = fetchMock.mock.calls.find(([url]) => String(url) === '/api/connections/save')!;
    expect(JSON.parse(save[1]!.body as string)).toMatchObject({
      fromEntityId: 'kevin-bacon',
      fromEntityName: 'Kevin Bacon',
      fromEntityType: 'person',
      toEntityId: 'tom-hanks',
      toEntityName: 'Tom Hanks',
      toEntityType: 'person',
      degrees: 2,
    });
  });

  it('asks to log in when the server answers Save Path with 401 (the session ended)', async () => {
    stubApi({ '/api/connections/save': () => ({ status: 401, body: { code: 'UNAUTHORIZED', message: 'Sign in required' } }) });
    setUser({ id: 7, username: 'noir_fan', displayName: 'noir_fan', email: 'noir@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' });
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Save Path' }));
    expect(await screen.findByText('Login Required')).toBeTruthy();
    expect(screen.getByText('Please log in to save connections to your collection')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Welcome to Cinema DNA' })).toBeTruthy();
    expect(authState.user).toBeNull();
  });

  it('says Save Failed with the server message', async () => {
    stubApi({ '/api/connections/save': () => ({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'Database is down' } }) });
    setUser({ id: 7, username: 'noir_fan', displayName: 'noir_fan', email: 'noir@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' });
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Save Path' }));
    expect(await screen.findByText('Save Failed')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
  });

  it('shares: the dialog, the copied link and the copy feedback', async () => {
    stubApi();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Share Connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Your Discovery' });
    for (const name of ['Twitter', 'Facebook', 'Copy Text', 'Copy Link', 'Download as Image']) expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    expect(within(dialog).getByText('Challenge Your Friends')).toBeTruthy();

    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Twitter' }));
    expect(String(open.mock.calls[0]![0])).toContain('twitter.com/intent/tweet');
    expect(open.mock.calls[0]![1]).toBe('_blank');

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    });
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/connection?from=person:kevin-bacon&to=person:tom-hanks`);
    expect(await screen.findByText('Link copied!')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Text' }));
    });
    expect(writeText).toHaveBeenLastCalledWith(expect.stringMatching(/^Found a 2-degree connection between Kevin Bacon and Tom Hanks!\n.*\/connection\?from=person:kevin-bacon&to=person:tom-hanks\n\n#CinemaDNA #SixDegrees #Movies$/));
    expect(await screen.findByText('Copied to clipboard!')).toBeTruthy();
    expect(screen.getByText('Share this discovery with your friends.')).toBeTruthy();
  });

  it('shows No Connection Found with the real limit, and Try Different Entities starts over', async () => {
    stubApi({ '/api/find-connection': () => ({ body: notFoundResult(1) }) });
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());
    expect(await screen.findByRole('heading', { name: 'No Connection Found' })).toBeTruthy();
    // Limited to 1 degree: the text says nothing exists within the limit set, and offers the default limit.
    expect(screen.getByText('No chain exists between these entities within 1 degree, the limit you set. A longer one may: search again with up to 6 degrees.')).toBeTruthy();
    expect(screen.queryByText(/rare but can happen/)).toBeNull();
    expect(screen.getByText("Couldn't find a connection within 1 degree. Try expanding your search parameters.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Different Entities' }));
    await waitFor(() => expect(screen.queryByTestId('search-stage')).toBeNull());
  });

  it('offers to search again within 6 degrees after a limited search found nothing, and keeps the spec text at 6', async () => {
    const asked: number[] = [];
    stubApi({
      '/api/find-connection': (_url, init) => {
        const maxDegrees = (JSON.parse(String(init?.body)) as { parameters: { maxDegrees: number } }).parameters.maxDegrees;
        asked.push(maxDegrees);
        // The first search ran with the limit set to 1 (as the Settings panel would send it).
        return { body: notFoundResult(asked.length === 1 ? 1 : maxDegrees) };
      },
    });
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());
    await screen.findByText(/No chain exists between these entities within 1 degree/);
    fireEvent.click(screen.getByRole('button', { name: 'Search within 6 degrees' }));
    await waitFor(() => expect(asked.length, JSON.stringify(asked)).toBe(2));
    expect(await screen.findByText("We couldn't find a connection between these entities within 6 degrees. This is rare but can happen with very specialized or recent content.", undefined, { timeout: 4000 })).toBeTruthy();
    expect(asked[1]).toBe(6);
    expect(screen.queryByRole('button', { name: 'Search within 6 degrees' })).toBeNull();
  }, 20_000);

  it('shows Search Failed with the spec text when the request fails', async () => {
    stubApi({ '/api/find-connection': () => ({ status: 500, body: '' }) });
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());
    expect((await screen.findAllByText('Search Failed')).length).toBeGreaterThan(0);
  });

  it('marks cached results and browses the other shortest paths', async () => {
    const other = foundResult().path.map((step, i) => (i === 1 ? { ...step, entity: entity('movie', 'footloose-1984', 'Footloose') } : step));
    stubApi({
      '/api/find-connection': () => ({ body: foundResult({ cached: true, shortestPathCount: 2 }) }),
      '/api/connections/alternatives': () => ({ body: { degrees: 2, shortestPathCount: 2, paths: [{ path: foundResult().path, totalWeight: 2 }, { path: other, totalWeight: 3 }] } }),
    });
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());
    expect(await screen.findByText('Cached Result')).toBeTruthy();
    expect(await screen.findByText('Path 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next path' }));
    expect(screen.getByText('Path 2 of 2')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Connection path' })).getByRole('link', { name: 'Footloose' })).toBeTruthy();
  });

  it('avoids an entity and searches again without it', async () => {
    const fetchMock = stubApi();
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    fireEvent.click(findButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Avoid Apollo 13 and search again' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/find-connection')).toHaveLength(2));
    const second = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/find-connection')[1]!;
    expect(JSON.parse(second[1]!.body as string).parameters.avoid).toEqual(['movie:apollo-13-1995']);
  });
});

describe('Advanced Connection Discovery', () => {
  it('shares the picks with the finder, swaps them, and shows the five parameters behind Settings', async () => {
    stubApi();
    renderApp('/');
    await pick('From', 'kevin', /Kevin Bacon/);
    await pick('To', 'tom', /Tom Hanks/);
    const advanced = screen.getByRole('region', { name: 'Advanced Connection Discovery' });
    const from = within(advanced).getByRole('combobox', { name: 'From' }) as HTMLInputElement;
    const to = within(advanced).getByRole('combobox', { name: 'To' }) as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['Kevin Bacon', 'Tom Hanks']);
    fireEvent.click(within(advanced).getByRole('button', { name: 'Swap' }));
    await waitFor(() => expect([from.value, to.value]).toEqual(['Tom Hanks', 'Kevin Bacon']));
    const finder = screen.getByRole('form', { name: 'Find a connection' });
    expect((within(finder).getByRole('combobox', { name: 'From' }) as HTMLInputElement).value).toBe('Tom Hanks');

    expect(within(advanced).getByText('Degrees')).toBeTruthy();
    expect(within(advanced).getByText('Steps')).toBeTruthy();
    expect(within(advanced).getByText('Cached or Fresh')).toBeTruthy();
    expect(within(advanced).getByText('Quality')).toBeTruthy();
    expect((within(advanced).getByRole('button', { name: 'Share Discovery' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(advanced).getByRole('button', { name: 'Settings' }));
    const slider = within(advanced).getByRole('slider', { name: 'Maximum degrees' });
    expect([slider.getAttribute('aria-valuemin'), slider.getAttribute('aria-valuemax'), slider.getAttribute('aria-valuenow')]).toEqual(['1', '8', '6']);
    const types = within(advanced).getAllByRole('checkbox');
    expect(types).toHaveLength(8);
    expect(within(advanced).getByRole('checkbox', { name: /Locations/ })).toHaveProperty('checked', false);
    for (const name of ['Prioritize direct connections', 'Include obscure connections', 'Weight by popularity']) {
      expect(within(advanced).getByRole('switch', { name })).toBeTruthy();
    }
    expect(within(advanced).getByRole('switch', { name: 'Include obscure connections' }).getAttribute('aria-checked')).toBe('false');

    fireEvent.keyDown(slider, { key: 'Home' });
    fireEvent.click(within(advanced).getByRole('checkbox', { name: /Locations/ }));
    fireEvent.click(within(advanced).getByRole('switch', { name: 'Include obscure connections' }));
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('1'));
    const fetchMock = vi.mocked(globalThis.fetch);
    fireEvent.click(within(advanced).getByRole('button', { name: 'Find Connection' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/find-connection')).toBe(true));
    const request = fetchMock.mock.calls.find(([url]) => String(url) === '/api/find-connection')!;
    expect(JSON.parse(request[1]!.body as string).parameters).toMatchObject({
      maxDegrees: 1,
      includeObscureConnections: true,
      allowedTypes: ['person', 'movie', 'genre', 'keyword', 'company', 'collection', 'location'],
    });
    // The result plays out inside the panel that started it.
    expect(await within(advanced).findByRole('heading', { name: 'Connection Found!' })).toBeTruthy();
    expect((within(advanced).getByRole('button', { name: 'Share Discovery' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('Trending Connections', () => {
  it('shows 6 placeholders while loading, then the empty text', async () => {
    let answer: (value: Response) => void = () => {};
    stubApi();
    const base = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => (String(input) === '/api/trending' ? new Promise<Response>((resolve) => (answer = resolve)) : base(input, init)));
    renderApp('/');
    expect(screen.getAllByTestId('trending-placeholder')).toHaveLength(6);
    await act(async () => answer(new Response(JSON.stringify({ connections: [] }))));
    expect(await screen.findByText('No trending connections available.')).toBeTruthy();
  });

  it('shows the error text when trending cannot load', async () => {
    stubApi({ '/api/trending': () => ({ status: 500, body: { code: 'INTERNAL_ERROR', message: 'boom' } }) });
    renderApp('/');
    expect(await screen.findByText('Unable to load trending data at the moment.')).toBeTruthy();
  });

  it('runs a trending pair when its card is clicked', async () => {
    stubApi({ '/api/trending': () => ({ body: { connections: [{ id: 't1', degrees: 2, searchCount: 14, fromEntity: kevinBacon, toEntity: tomHanks, path: foundResult().path }] } }) });
    renderApp('/');
    const card = await screen.findByRole('button', { name: 'Find the connection between Kevin Bacon and Tom Hanks' });
    expect(card.textContent).toContain('2 degrees');
    expect(card.textContent).toContain('14 searches');
    fireEvent.click(card);
    expect(await screen.findByRole('heading', { name: 'Connection Found!' })).toBeTruthy();
  });
});
