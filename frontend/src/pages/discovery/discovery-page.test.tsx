import { DISCOVERY_TEXTS, type MovieCard, type PopularSocial, type Recommendation } from '@cinema-dna/shared-types';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, resetAuth, setUser } from '../../features/auth';
import { SURPRISE_TITLE } from '../../features/discovery';
import { movieCard, movieCards, personCard } from '../../test/discovery-fixtures';
import { routeFetch } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { ada } from '../../test/social-fixtures';
import { resetToasts } from '../../ui/toast';

type Answer = { status?: number; body: unknown };
type Routes = Record<string, (url: URL) => Answer>;

const UPDATED_AT = '2026-11-27T14:05:00.000Z';
const failed = (status = 500): Answer => ({ status, body: { code: 'INTERNAL', message: 'boom' } });
const dated = (movies: MovieCard[]): Answer => ({ body: { movies, referenceDate: '2026-11-27' } });

/** The discovery API with full lists (more than the page shows); `routes` replaces some answers. */
function stubDiscovery(routes: Routes = {}) {
  const fetchMock = vi.fn(
    routeFetch({
      '/api/movies/trending': () => ({ body: { movies: movieCards('trending', 15), timeWindow: 'week', updatedAt: UPDATED_AT, nextUpdateAt: null } }),
      '/api/people/popular': () => ({ body: { people: Array.from({ length: 8 }, (_, i) => personCard(`person-${i}`, `Person ${i}`)) } }),
      '/api/movies/top-rated': () => ({ body: { movies: movieCards('rated', 14).map((movie) => ({ ...movie, weightedRating: 8 })), meanRating: 6.9, minimumVotes: 300, formula: 'WR = v/(v+m)·R + m/(v+m)·C' } }),
      '/api/movies/recent': () => dated(movieCards('recent', 13)),
      '/api/movies/upcoming': () => dated(movieCards('upcoming', 13, { releaseDate: '2026-12-15', year: 2026 })),
      '/api/movies/award-winners': () => ({ body: { movies: movieCards('winner', 13).map((movie) => ({ ...movie, awards: [{ key: 'award:oscar', name: 'Academy Awards', label: 'Best Picture' }, { key: 'award:bafta', name: 'BAFTA', label: null }] })) } }),
      '/api/movies/surprise': () => ({ body: { movie: movieCard('heat-1995', 'Heat'), reason: 'Rated 8.3 by 2,100 viewers' } }),
      '/api/movies/mood-selector': () => ({
        body: {
          moods: { Cozy: [], Thrilling: movieCards('thrill', 14) },
          about: {
            Cozy: { name: 'Cozy', description: 'Warm films for a quiet night', genres: ['Family'], keywords: [] },
            Thrilling: { name: 'Thrilling', description: 'Edge-of-your-seat suspense', genres: ['Thriller'], keywords: ['heist'] },
          },
        },
      }),
      '/api/movies/popular-social': () => failed(401),
      '/api/recommendations': () => ({ body: { recommendations: [], coldStart: true } }),
      '/api/watchlist': () => ({ body: { items: [] } }),
      ...routes,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const calledPaths = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.map(([path]) => new URL(String(path), 'http://localhost').pathname);

const list = (name: string) => screen.findByRole('list', { name });
const cards = (element: HTMLElement) => within(element).getAllByRole('article');
/** The toast whose title is `title`, and its variant. */
async function toastVariant(title: string): Promise<string | null> {
  const titleNode = await screen.findByText(title);
  return titleNode.closest('[data-variant]')!.getAttribute('data-variant');
}
const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }));

beforeEach(() => {
  resetAuth();
  resetToasts();
  setUser(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DiscoveryPage lists', () => {
  it('shows the heading, the four tabs and Trending: 12 movie cards (2 genres each) updated hourly, and 6 people (2 known-for each)', async () => {
    stubDiscovery();
    renderApp('/discovery');
    expect(await screen.findByRole('heading', { level: 1, name: DISCOVERY_TEXTS.heading })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Trending', 'Popular', 'Recent', 'Awards']);
    expect(screen.getByRole('tab', { name: 'Trending' }).getAttribute('aria-selected')).toBe('true');

    const trending = await list(DISCOVERY_TEXTS.trending);
    expect(cards(trending)).toHaveLength(12);
    const first = within(trending).getByRole('article', { name: 'Trending Film 0' });
    expect(within(first).getByRole('link', { name: 'Trending Film 0' }).getAttribute('href')).toBe('/entity/movie/trending-0');
    expect(within(first).getByText('2015')).toBeTruthy();
    expect(within(first).getByText('7.5')).toBeTruthy();
    expect(within(within(first).getByRole('list', { name: 'Genres' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Action', 'Adventure']);
    expect(within(first).getByText('The story of Trending Film 0.')).toBeTruthy();
    // The poster tile beside the written title is decoration: hidden from screen readers, like <img alt="">.
    expect(first.querySelector('[data-placeholder="true"][aria-hidden="true"]')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Add to Watchlist: Trending Film 0' })).toBeTruthy();
    expect(screen.getByText(DISCOVERY_TEXTS.updatedHourly)).toBeTruthy();
    expect(screen.getByTestId('trending-updated-at').querySelector('time')!.getAttribute('dateTime')).toBe(UPDATED_AT);

    const people = await list(DISCOVERY_TEXTS.popularPeople);
    expect(cards(people)).toHaveLength(6);
    const person = within(people).getByRole('article', { name: 'Person 0' });
    expect(within(person).getByRole('link', { name: 'Person 0' }).getAttribute('href')).toBe('/entity/person/person-0');
    expect(within(person).getByText('Acting')).toBeTruthy();
    const knownFor = within(person).getByRole('list', { name: 'Person 0 is known for' });
    expect(within(knownFor).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Person 0 Film 0', '/entity/movie/person-0-film-0'],
      ['Person 0 Film 1', '/entity/movie/person-0-film-1'],
    ]);
  });

  it('shows skeletons while a list loads', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderApp('/discovery');
    expect(await screen.findByRole('list', { name: `Loading ${DISCOVERY_TEXTS.trending}` })).toBeTruthy();
    expect(screen.getByRole('list', { name: `Loading ${DISCOVERY_TEXTS.popularPeople}` }).children).toHaveLength(6);
    expect(screen.getByRole('list', { name: `Loading ${DISCOVERY_TEXTS.trending}` }).children).toHaveLength(12);
  });

  it('Add to Watchlist on a card asks a guest to sign in', async () => {
    stubDiscovery();
    renderApp('/discovery');
    fireEvent.click(within(await list(DISCOVERY_TEXTS.trending)).getByRole('button', { name: 'Add to Watchlist: Trending Film 3' }));
    expect(authState.dialogOpen).toBe(true);
  });

  it('Popular shows Highest Rated (12); with none of its own, the first 12 of trending', async () => {
    stubDiscovery();
    const { unmount } = renderApp('/discovery?tab=popular');
    const rated = await list(DISCOVERY_TEXTS.highestRated);
    expect(cards(rated)).toHaveLength(12);
    expect(within(rated).getByRole('article', { name: 'Rated Film 0' })).toBeTruthy();
    unmount();

    stubDiscovery({ '/api/movies/top-rated': () => ({ body: { movies: [], meanRating: null, minimumVotes: null, formula: '' } }) });
    renderApp('/discovery?tab=popular');
    const fallback = await list(DISCOVERY_TEXTS.highestRated);
    expect(cards(fallback).map((card) => card.getAttribute('aria-label'))).toEqual(movieCards('trending', 12).map((movie) => movie.title));
    expect(screen.getByText(/come from Trending Movies/)).toBeTruthy();
  });

  it('Recent shows Recent Releases; an empty Coming Soon falls back to a slice of trending', async () => {
    const trending = movieCards('trending', 30);
    stubDiscovery({ '/api/movies/upcoming': () => dated([]), '/api/movies/trending': () => ({ body: { movies: trending, timeWindow: 'week', updatedAt: UPDATED_AT, nextUpdateAt: null } }) });
    renderApp('/discovery');
    await list(DISCOVERY_TEXTS.trending);
    openTab('Recent');
    const recent = await list(DISCOVERY_TEXTS.recent);
    expect(cards(recent)).toHaveLength(12);
    expect(within(recent).getByRole('article', { name: 'Recent Film 0' })).toBeTruthy();
    // The twelve after the Trending tab's twelve.
    const upcoming = await list(DISCOVERY_TEXTS.upcoming);
    expect(cards(upcoming).map((card) => card.getAttribute('aria-label'))).toEqual(trending.slice(12, 24).map((movie) => movie.title));
    expect(within(upcoming.parentElement!).getByText(/come from Trending Movies/)).toBeTruthy();
    // Trending films standing in for Coming Soon show their year, not a release day that has passed.
    expect(within(upcoming).queryByText('May 13, 2015')).toBeNull();
    expect(within(upcoming).getAllByText('2015')).toHaveLength(12);
  });

  it('Recent Releases and Coming Soon both without data stand in with different trending films', async () => {
    stubDiscovery({ '/api/movies/recent': () => dated([]), '/api/movies/upcoming': () => failed() });
    renderApp('/discovery?tab=recent');
    const recent = await list(DISCOVERY_TEXTS.recent);
    const upcoming = await list(DISCOVERY_TEXTS.upcoming);
    // Trending has 15 films: Recent takes the first 12, Coming Soon the 3 after.
    expect(cards(recent)).toHaveLength(12);
    expect(cards(upcoming).map((card) => card.getAttribute('aria-label'))).toEqual(['Trending Film 12', 'Trending Film 13', 'Trending Film 14']);
  });

  it('Coming Soon shows the release day of each film', async () => {
    stubDiscovery();
    renderApp('/discovery?tab=recent');
    const upcoming = await list(DISCOVERY_TEXTS.upcoming);
    expect(within(upcoming).getAllByText('Dec 15, 2026')).toHaveLength(12);
  });

  it('Awards shows Award Winners with their awards; a failed list falls back to trending', async () => {
    stubDiscovery();
    const { unmount } = renderApp('/discovery?tab=awards');
    const winners = await list(DISCOVERY_TEXTS.awards);
    expect(cards(winners)).toHaveLength(12);
    expect(within(winners).getAllByText('Best Picture · Academy Awards +1 more')).toHaveLength(12);
    unmount();

    stubDiscovery({ '/api/movies/award-winners': () => failed() });
    renderApp('/discovery?tab=awards');
    expect(within(await list(DISCOVERY_TEXTS.awards)).getByRole('article', { name: 'Trending Film 11' })).toBeTruthy();
  });

  it('says a list could not be loaded when it and trending both fail, and Try again reads them again', async () => {
    const fetchMock = stubDiscovery({ '/api/movies/recent': () => failed(), '/api/movies/trending': () => failed(503) });
    renderApp('/discovery?tab=recent');
    expect(await screen.findByText(`Unable to load ${DISCOVERY_TEXTS.recent} at the moment.`)).toBeTruthy();
    const before = calledPaths(fetchMock).filter((path) => path === '/api/movies/recent').length;
    fireEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]!);
    await waitFor(() => expect(calledPaths(fetchMock).filter((path) => path === '/api/movies/recent').length).toBe(before + 1));
  });
});

describe('DiscoveryPage special picks', () => {
  it("Surprise Me shows the server's pick and why in the panel; the close button clears it", async () => {
    stubDiscovery();
    renderApp('/discovery');
    fireEvent.click(await screen.findByRole('button', { name: DISCOVERY_TEXTS.surpriseMe }));
    const panel = await screen.findByRole('region', { name: SURPRISE_TITLE });
    expect(within(panel).getByText('Rated 8.3 by 2,100 viewers')).toBeTruthy();
    expect(cards(panel).map((card) => card.getAttribute('aria-label'))).toEqual(['Heat']);
    expect(within(panel).getByRole('link', { name: 'Heat' }).getAttribute('href')).toBe('/entity/movie/heat-1995');
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: SURPRISE_TITLE })).toBeNull());
  });

  it('when Surprise Me fails, picks a random trending film with the spec’s description', async () => {
    stubDiscovery({ '/api/movies/surprise': () => failed() });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    renderApp('/discovery');
    fireEvent.click(await screen.findByRole('button', { name: DISCOVERY_TEXTS.surpriseMe }));
    const panel = await screen.findByRole('region', { name: SURPRISE_TITLE });
    expect(within(panel).getByText(DISCOVERY_TEXTS.surpriseFallback)).toBeTruthy();
    // Trending holds 15 films: the middle one.
    expect(cards(panel).map((card) => card.getAttribute('aria-label'))).toEqual(['Trending Film 7']);
  });

  it('when Surprise Me fails and trending is empty, says No movies available (destructive)', async () => {
    stubDiscovery({ '/api/movies/surprise': () => failed(), '/api/movies/trending': () => ({ body: { movies: [], timeWindow: 'week', updatedAt: null, nextUpdateAt: null } }) });
    renderApp('/discovery');
    fireEvent.click(await screen.findByRole('button', { name: DISCOVERY_TEXTS.surpriseMe }));
    expect(await toastVariant(DISCOVERY_TEXTS.noMoviesTitle)).toBe('destructive');
    expect(screen.getByText(DISCOVERY_TEXTS.noMoviesDescription)).toBeTruthy();
    expect(screen.queryByRole('region', { name: SURPRISE_TITLE })).toBeNull();
  });

  it("Based on Mood picks a mood with films at random and shows its name, description and films; the panel can be dismissed", async () => {
    stubDiscovery();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderApp('/discovery');
    fireEvent.click(await screen.findByRole('button', { name: DISCOVERY_TEXTS.basedOnMood }));
    // 'Cozy' comes first but has no films: never picked.
    const panel = await screen.findByRole('region', { name: 'Thrilling' });
    expect(within(panel).getByText(DISCOVERY_TEXTS.basedOnMood)).toBeTruthy();
    expect(within(panel).getByText('Edge-of-your-seat suspense')).toBeTruthy();
    expect(cards(panel)).toHaveLength(12);
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Thrilling' })).toBeNull());
  });

  it('when the mood selector fails, shows the Mood Selector info toast', async () => {
    stubDiscovery({ '/api/movies/mood-selector': () => failed() });
    renderApp('/discovery');
    fireEvent.click(await screen.findByRole('button', { name: DISCOVERY_TEXTS.basedOnMood }));
    expect(await toastVariant(DISCOVERY_TEXTS.moodFailedTitle)).toBe('info');
    expect(screen.getByText(DISCOVERY_TEXTS.moodFailedDescription)).toBeTruthy();
  });

  it('Popular with Friends signed out (401) shows the Social Recommendations info toast', async () => {
    const fetchMock = stubDiscovery();
    renderApp('/discovery');
    fireEvent.click(await screen.findByRole('button', { name: DISCOVERY_TEXTS.popularWithFriends }));
    expect(await toastVariant(DISCOVERY_TEXTS.friendsFailedTitle)).toBe('info');
    expect(screen.getByText(DISCOVERY_TEXTS.friendsFailedDescription)).toBeTruthy();
    expect(calledPaths(fetchMock)).toContain('/api/movies/popular-social');
    expect(screen.queryByRole('region', { name: DISCOVERY_TEXTS.popularWithFriends })).toBeNull();
  });

  it('Popular with Friends signed in shows the films with who logged them', async () => {
    const grace = { id: 8, username: 'grace', displayName: 'Grace' };
    const linus = { id: 9, username: 'linus', displayName: 'Linus' };
    const social: PopularSocial = {
      movies: [{ ...movieCard('heat-1995', 'Heat'), friends: [grace, linus], logs: 2, watchlists: 1 }],
      friendsWatching: [grace, linus],
    };
    stubDiscovery({ '/api/movies/popular-social': () => ({ body: social }) });
    setUser(ada);
    renderApp('/discovery');
    fireEvent.click(await screen.findByRole('button', { name: DISCOVERY_TEXTS.popularWithFriends }));
    const panel = await screen.findByRole('region', { name: DISCOVERY_TEXTS.popularWithFriends });
    expect(within(panel).getByText('What Grace and Linus logged or listed in the last 30 days.')).toBeTruthy();
    expect(within(within(panel).getByRole('article', { name: 'Heat' })).getByText('Grace and Linus · 2 logs, 1 watchlist')).toBeTruthy();
  });
});

describe('DiscoveryPage recommendations', () => {
  const recommendations: Recommendation[] = movieCards('rec', 8).map((movie, i) => ({ movie, reason: `Because you liked Heat (${i})`, basis: null }));

  it('shows a signed-in user Recommended For You: 6 cards, each with its reason', async () => {
    stubDiscovery({ '/api/recommendations': () => ({ body: { recommendations, coldStart: false } }) });
    setUser(ada);
    renderApp('/discovery');
    const recommended = await list(DISCOVERY_TEXTS.recommended);
    expect(screen.getByRole('heading', { name: DISCOVERY_TEXTS.recommended })).toBeTruthy();
    expect(cards(recommended)).toHaveLength(6);
    expect(within(recommended).getAllByTestId('recommendation-reason').map((reason) => reason.textContent)).toEqual(recommendations.slice(0, 6).map((r) => r.reason));
    expect(within(recommended).getByRole('link', { name: 'Rec Film 0' }).getAttribute('href')).toBe('/entity/movie/rec-0');
  });

  it('never asks for recommendations signed out, and shows no section', async () => {
    const fetchMock = stubDiscovery({ '/api/recommendations': () => ({ body: { recommendations, coldStart: false } }) });
    renderApp('/discovery');
    await list(DISCOVERY_TEXTS.trending);
    expect(calledPaths(fetchMock)).not.toContain('/api/recommendations');
    expect(screen.queryByRole('heading', { name: DISCOVERY_TEXTS.recommended })).toBeNull();
  });

  it('shows no section to a signed-in user without recommendations', async () => {
    const fetchMock = stubDiscovery();
    setUser(ada);
    renderApp('/discovery');
    await list(DISCOVERY_TEXTS.trending);
    await waitFor(() => expect(calledPaths(fetchMock)).toContain('/api/recommendations'));
    expect(screen.queryByRole('heading', { name: DISCOVERY_TEXTS.recommended })).toBeNull();
  });
});
