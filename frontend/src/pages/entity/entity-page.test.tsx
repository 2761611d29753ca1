import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUser } from '../../features/auth';
import { resetConnections } from '../../features/connections';
import { apollo13, entity, entityDetail, foundResult, kevinBacon, routeFetch, tomHanks } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetToasts } from '../../ui/toast';

function stubApi(routes: Parameters<typeof routeFetch>[0]) {
  const fetchMock = vi.fn(routeFetch({ '/api/auth/session': () => ({ body: { user: null } }), ...routes }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  resetConnections();
  resetToasts();
  resetAuth();
  setUser(null);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} }) as unknown as MediaQueryList);
});
afterEach(() => vi.unstubAllGlobals());

describe('Entity page', () => {
  it('shows a person: department, birthday, birthplace, subtype, biography and up to 8 known-for films', async () => {
    const filmography = Array.from({ length: 11 }, (_, i) => ({ id: `film-${i}`, key: `movie:film-${i}`, title: `Film ${i}`, poster_path: null, year: 1990 + i, character: `Role ${i}`, job: null }));
    stubApi({
      '/api/entity/person/kevin-bacon': () => ({
        body: entityDetail(kevinBacon, { known_for_department: 'Acting', birthday: '1958-07-08', place_of_birth: 'Philadelphia, Pennsylvania, USA', biography: 'American actor.', filmography }),
      }),
    });
    renderApp('/entity/person/kevin-bacon');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kevin Bacon' })).toBeTruthy();
    expect(screen.getByText('Actor')).toBeTruthy();
    expect(screen.getByText('Known for Acting')).toBeTruthy();
    expect(screen.getByText('July 8, 1958')).toBeTruthy();
    expect(screen.getByText('Philadelphia, Pennsylvania, USA')).toBeTruthy();
    expect(screen.getByText('American actor.')).toBeTruthy();
    const knownFor = screen.getByRole('heading', { name: 'Known For' }).closest('section')!;
    expect(within(knownFor).getAllByRole('link')).toHaveLength(8);
    expect(within(knownFor).getByRole('link', { name: /Film 0/ }).getAttribute('href')).toBe('/entity/movie/film-0');
    expect(screen.getByRole('button', { name: 'Back to Search' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Connect to' })).toBeTruthy();
  });

  it('shows a movie: runtime in hours and minutes, rating out of 10, genres, 12 cast and the key crew only', async () => {
    const cast = Array.from({ length: 15 }, (_, i) => ({ id: `actor-${i}`, key: `person:actor-${i}`, name: `Actor ${i}`, character: `Character ${i}`, profile_path: null }));
    const crew = [
      { id: 'ron-howard', key: 'person:ron-howard', name: 'Ron Howard', job: 'Director' },
      { id: 'editor', key: 'person:editor', name: 'Some Editor', job: 'Editor' },
      { id: 'james-horner', key: 'person:james-horner', name: 'James Horner', job: 'Composer' },
    ];
    stubApi({
      '/api/entity/movie/apollo-13-1995': () => ({
        body: entityDetail(apollo13, { runtime: 140, vote_average: 7.6, vote_count: 4321, genres: [{ id: 'drama', name: 'Drama' }], overview: 'Houston, we have a problem.', cast, crew }),
      }),
    });
    renderApp('/entity/movie/apollo-13-1995');
    expect(await screen.findByRole('heading', { level: 1, name: 'Apollo 13' })).toBeTruthy();
    expect(screen.getByText('2h 20m')).toBeTruthy();
    expect(screen.getByText('7.6/10 · 4,321 votes')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Drama' }).getAttribute('href')).toBe('/entity/genre/drama');
    const castSection = screen.getByRole('heading', { name: 'Cast' }).closest('section')!;
    expect(within(castSection).getAllByRole('link')).toHaveLength(12);
    expect(within(castSection).getByText('Character 0')).toBeTruthy();
    expect(screen.getByText('Ron Howard')).toBeTruthy();
    expect(screen.getByText('James Horner')).toBeTruthy();
    expect(screen.queryByText('Some Editor')).toBeNull();
  });

  it('shows a genre with its icon and type badge, lists its best-known films and pages through all of them, and offers no review', async () => {
    setUser({ id: 7, username: 'ada', displayName: 'Ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 20, role: 'user' });
    const films = Array.from({ length: 30 }, (_, i) => ({ id: `drama-${i}`, key: `movie:drama-${i}`, title: `Drama ${i}`, poster_path: null, year: 2000 + i, vote_average: 7 }));
    const fetchMock = stubApi({
      '/api/entity/genre/drama': () => ({ body: entityDetail(entity('genre', 'drama', 'Drama'), { connectionCount: 30 }) }),
      '/api/entity/genre/drama/films': (url) => {
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('limit'));
        return { body: { films: films.slice((page - 1) * size, page * size), total: films.length, page, pageSize: size } };
      },
      '/api/watchlist': () => ({ body: { items: [] } }),
    });
    renderApp('/entity/genre/drama');
    expect(await screen.findByRole('heading', { level: 1, name: 'Drama' })).toBeTruthy();
    expect(screen.getByText('Genre')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Films of Drama' });
    expect(within(list).getAllByRole('link')).toHaveLength(24);
    expect(within(list).getByRole('link', { name: /Drama 0/ }).getAttribute('href')).toBe('/entity/movie/drama-0');
    expect(screen.getByText('24 of 30 films, best known first')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more films' }));
    expect(await screen.findByText('30 of 30 films, best known first')).toBeTruthy();
    expect(within(list).getAllByRole('link')).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Show more films' })).toBeNull();
    // A genre is not reviewed: no form, and its reviews are never asked for.
    expect(screen.queryByRole('form', { name: 'Write a Review' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Reviews/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/reviews'))).toBe(false);
  });

  it("says 'Entity Not Found' with the spec's line and Return Home", async () => {
    stubApi({ '/api/entity/person/nobody': () => ({ status: 404, body: { code: 'NOT_FOUND', message: 'The requested person could not be found.' } }) });
    renderApp('/entity/person/nobody');
    expect(await screen.findByRole('heading', { name: 'Entity Not Found' })).toBeTruthy();
    expect(screen.getByText('The requested person could not be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');
  });

  it('treats an unknown type as not found without asking the server', async () => {
    const fetchMock = stubApi({});
    renderApp('/entity/wizard/merlin');
    expect(await screen.findByRole('heading', { name: 'Entity Not Found' })).toBeTruthy();
    expect(screen.getByText('The requested wizard could not be found.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/entity'))).toBe(false);
  });

  it('runs a search from this entity with the Connect to picker, and names failures for this page', async () => {
    stubApi({
      '/api/entity/person/kevin-bacon': () => ({ body: entityDetail(kevinBacon) }),
      '/api/search': () => ({ body: { results: [tomHanks, kevinBacon] } }),
      '/api/find-connection': () => ({ body: foundResult() }),
    });
    renderApp('/entity/person/kevin-bacon');
    const input = await screen.findByRole('combobox', { name: 'Connect to' });
    fireEvent.change(input, { target: { value: 'to' } });
    fireEvent.click(await screen.findByRole('option', { name: /Tom Hanks/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Find Connection' }));
    // The result shows once the search's pacing has run: seconds in jsdom on a busy 2-core machine (a hang guard, not a speed check).
    expect(await screen.findByRole('heading', { name: 'Connection Found!' }, { timeout: 15_000 })).toBeTruthy();

    fireEvent.change(input, { target: { value: 'kev' } });
    fireEvent.click(await screen.findByRole('option', { name: /Kevin Bacon/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Find Connection' }));
    expect(await screen.findByText('Same Entity Selected')).toBeTruthy();
    expect(screen.getByText('Please select two different entities to find a connection.')).toBeTruthy();
  });

  it("says 'Connection Search Failed' when the entity page's search fails", async () => {
    stubApi({
      '/api/entity/person/kevin-bacon': () => ({ body: entityDetail(kevinBacon) }),
      '/api/search': () => ({ body: { results: [tomHanks] } }),
      '/api/find-connection': () => ({ status: 429, body: { code: 'RATE_LIMITED', message: 'Too many searches, slow down.' } }),
    });
    renderApp('/entity/person/kevin-bacon');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Connect to' }), { target: { value: 'to' } });
    fireEvent.click(await screen.findByRole('option', { name: /Tom Hanks/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Find Connection' }));
    expect((await screen.findAllByText('Connection Search Failed')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Too many searches, slow down.').length).toBeGreaterThan(0);
  });
});

describe('Shared links and passed results', () => {
  it('resolves both ends of /connection?from=&to= and runs the search', async () => {
    const fetchMock = stubApi({
      '/api/entity/person/kevin-bacon': () => ({ body: entityDetail(kevinBacon) }),
      '/api/entity/person/tom-hanks': () => ({ body: entityDetail(tomHanks) }),
      '/api/find-connection': () => ({ body: foundResult() }),
    });
    renderApp('/connection?from=person:kevin-bacon&to=person:tom-hanks');
    expect(await screen.findByRole('heading', { name: 'Connection Found!' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kevin Bacon ↔ Tom Hanks');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/find-connection')).toHaveLength(1);
  });

  it('explains an incomplete link', async () => {
    stubApi({});
    renderApp('/connection?from=person:kevin-bacon');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
  });

  it('shows a result handed to /connection-result at once, with the pair put into its URL', async () => {
    const fetchMock = stubApi({});
    const { router } = renderApp('/');
    await router.navigate('/connection-result', { state: { result: foundResult(), fromEntity: kevinBacon, toEntity: tomHanks } });
    expect(await screen.findByRole('heading', { name: 'Connection Found!' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('TARGET')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/connection-result?from=person:kevin-bacon&to=person:tom-hanks');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/find-connection')).toHaveLength(0);
  });

  it('runs the search of /connection-result?from=&to=&parameters opened cold (a reload, a bookmark)', async () => {
    const fetchMock = stubApi({
      '/api/entity/person/kevin-bacon': () => ({ body: entityDetail(kevinBacon) }),
      '/api/entity/person/tom-hanks': () => ({ body: entityDetail(tomHanks) }),
      '/api/find-connection': () => ({ body: foundResult() }),
    });
    const { router } = renderApp('/connection-result?from=person:kevin-bacon&to=person:tom-hanks&maxDegrees=3&obscure=1');
    expect(await screen.findByRole('heading', { name: 'Connection Found!' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kevin Bacon ↔ Tom Hanks');
    const searches = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/find-connection');
    expect(searches).toHaveLength(1);
    expect(JSON.parse(searches[0]![1]!.body as string)).toMatchObject({ parameters: { maxDegrees: 3, includeObscureConnections: true, weightByPopularity: true } });
    expect(router.state.location.pathname).toBe('/connection-result');
  });

  it.each([
    ['/connection-result', 'It does not name both ends of the connection.'],
    ['/connection-result?from=person:kevin-bacon&to=tom-hanks', 'The "to" entity is not of the form type:id, like person:tom-hanks.'],
    ['/connection-result?from=person:kevin-bacon&to=person:tom-hanks&maxDegrees=40', /Its "maxDegrees" setting is not valid/],
  ])('explains a bad result link (%s) and offers a way back instead of jumping home', async (path, problem) => {
    stubApi({ '/api/trending': () => ({ body: { connections: [] } }) });
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'This result link is not valid' })).toBeTruthy();
    expect(screen.getByText(problem)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/connection-result');
    fireEvent.click(screen.getByRole('link', { name: 'Find a connection' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says Entity Not Found when an end of the result link does not exist', async () => {
    stubApi({ '/api/entity/person/tom-hanks': () => ({ body: entityDetail(tomHanks) }) });
    renderApp('/connection-result?from=person:nobody&to=person:tom-hanks');
    expect(await screen.findByRole('heading', { name: 'Entity Not Found' })).toBeTruthy();
  });
});
