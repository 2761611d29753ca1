import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState, resetAuth, setUser } from '../../features/auth';
import { resetLiveFeed } from '../../features/social';
import { routeFetch } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { ada, socialUser } from '../../test/social-fixtures';
import { resetToasts } from '../../ui/toast';
import { SOCIAL_TEXTS } from './social-page';

function stubCommunity({ discover = [socialUser(8, 'grace', { reason: 'Followed by 2 people you follow' })], following = [] as ReturnType<typeof socialUser>[] } = {}) {
  const fetchMock = vi.fn(
    routeFetch({
      '/api/users/discover': () => ({ body: { users: discover } }),
      '/api/users/following': () => ({ body: { users: following } }),
      '/api/users/search': (url) => ({ body: { users: [socialUser(9, `${url.searchParams.get('q')}_fan`), socialUser(7, 'ada')] } }),
      '/api/activity/feed': () => ({ body: { items: [], nextCursor: null } }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const calledPaths = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.map(([path]) => String(path));

beforeEach(() => {
  resetAuth();
  resetToasts();
  resetLiveFeed();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SocialPage', () => {
  it('shows a guest the dimmed preview behind Full Access Required, reads nothing, and Sign In opens the login dialog', async () => {
    const fetchMock = stubCommunity();
    setUser(null);
    renderApp('/social');
    expect(await screen.findByText(SOCIAL_TEXTS.fullAccess)).toBeTruthy();
    expect(screen.getByRole('heading', { name: SOCIAL_TEXTS.join })).toBeTruthy();
    const preview = screen.getByTestId('community-preview');
    expect(preview.getAttribute('aria-hidden')).toBe('true');
    expect(preview.hasAttribute('inert')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(authState.dialogOpen).toBe(true);
    expect(authState.dialogTab).toBe('login');
    expect(calledPaths(fetchMock).filter((path) => path.includes('/api/users') || path.includes('/api/activity'))).toEqual([]);
  });

  it('signed in: Community, the three tabs and Discover New Users with each reason', async () => {
    stubCommunity();
    setUser(ada);
    renderApp('/social');
    expect(await screen.findByRole('heading', { level: 1, name: SOCIAL_TEXTS.title })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Discover', 'Following', 'Activity']);
    expect(screen.getByRole('heading', { name: SOCIAL_TEXTS.discover })).toBeTruthy();
    const grid = await screen.findByRole('list', { name: SOCIAL_TEXTS.discover });
    expect(within(grid).getByText('Followed by 2 people you follow')).toBeTruthy();
    expect(within(grid).getByRole('button', { name: 'Follow Grace' })).toBeTruthy();
  });

  it('shows the empty states of Discover and Following; Following cards have no follow button', async () => {
    stubCommunity({ discover: [] });
    setUser(ada);
    renderApp('/social');
    expect(await screen.findByText(SOCIAL_TEXTS.noDiscover)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Following' }));
    expect(await screen.findByText(SOCIAL_TEXTS.noFollowing)).toBeTruthy();
  });

  it('lists Users You Follow without follow buttons', async () => {
    stubCommunity({ following: [socialUser(8, 'grace', { isFollowing: true })] });
    setUser(ada);
    renderApp('/social?tab=following');
    const grid = await screen.findByRole('list', { name: SOCIAL_TEXTS.following });
    expect(within(grid).getByText('@grace')).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: /follow/i })).toBeNull();
  });

  it('searches only once the query is longer than 2 characters, after typing pauses; no follow button on one’s own card', async () => {
    const fetchMock = stubCommunity();
    setUser(ada);
    renderApp('/social');
    const box = await screen.findByRole('searchbox', { name: 'Search users' });
    fireEvent.change(box, { target: { value: 'gr' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    expect(calledPaths(fetchMock).some((path) => path.startsWith('/api/users/search'))).toBe(false);
    expect(screen.queryByRole('heading', { name: SOCIAL_TEXTS.searchResults })).toBeNull();
    fireEvent.change(box, { target: { value: 'gra' } });
    const results = await screen.findByRole('list', { name: SOCIAL_TEXTS.searchResults });
    expect(calledPaths(fetchMock).filter((path) => path.startsWith('/api/users/search'))).toEqual(['/api/users/search?q=gra']);
    expect(within(results).getByText('@gra_fan')).toBeTruthy();
    const own = within(results).getByRole('article', { name: 'Ada' });
    expect(within(own).queryByRole('button')).toBeNull();
  });

  it('shows No Recent Activity on the Activity tab', async () => {
    stubCommunity();
    setUser(ada);
    renderApp('/social?tab=activity');
    expect(await screen.findByRole('heading', { name: SOCIAL_TEXTS.activity })).toBeTruthy();
    expect(await screen.findByText('No Recent Activity')).toBeTruthy();
  });
});
