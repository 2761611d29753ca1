import { ACHIEVEMENTS, PROFILE_TEXTS, type UserProfile } from '@cinema-dna/shared-types';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_REQUIRED_TITLE, resetAuth, setUser } from '../../features/auth';
import { NO_BADGES_YET, NO_RECENT_CONNECTIONS, NO_REVIEWS_YET, WATCHLIST_EMPTY } from '../../features/profiles';
import { routeFetch } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { activityItem, ada, userProfile } from '../../test/social-fixtures';
import { resetToasts } from '../../ui/toast';

const yearStats = {
  year: 2026,
  years: [2026, 2025],
  filmsLogged: 0,
  rewatches: 0,
  filmsByMonth: Array(12).fill(0),
  ratingSpread: Array(10).fill(0),
  averageRating: null,
  topPeople: [],
  topGenres: [],
};

function stubProfiles(profiles: Record<string, UserProfile>) {
  const fetchMock = vi.fn(
    routeFetch({
      ...Object.fromEntries(Object.entries(profiles).map(([name, profile]) => [`/api/users/by-username/${name}`, () => ({ body: profile })])),
      '/api/users/7/year-stats': () => ({ body: yearStats }),
      '/api/users/8/year-stats': () => ({ body: yearStats }),
      '/api/users/7/connections': () => ({ body: { connections: [] } }),
      '/api/users/7/reviews': () => ({ body: { reviews: [] } }),
      '/api/users/7/watchlist': () => ({ body: { items: [] } }),
      '/api/users/8/reviews': () => ({ body: { reviews: [] } }),
      '/api/users/8/activity': () => ({ body: { items: [activityItem('3', { content: { movieTitle: 'Heat', entityKey: 'movie:heat-1995', rating: 4 } })], nextCursor: null } }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const own = userProfile({ user: { id: 7, username: 'ada', displayName: 'Ada Lovelace', points: 240 }, isSelf: true, reviewCount: 4 });

beforeEach(() => {
  resetAuth();
  resetToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe('ProfilePage (/profile)', () => {
  it('asks a signed-out visitor to sign in, with the profile’s own message and the Authentication Required toast', async () => {
    const fetchMock = stubProfiles({});
    setUser(null);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(await screen.findByText(AUTH_REQUIRED_TITLE)).toBeTruthy();
    expect(screen.getAllByText(PROFILE_TEXTS.signInRequired)).toHaveLength(2);
    expect(fetchMock.mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith('/api/users'))).toEqual([]);
  });

  it('shows one’s own profile: header, progress text, four stat cards, achievements and Edit Profile; no follow button', async () => {
    stubProfiles({ ada: own });
    setUser(ada);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('@ada')).toBeTruthy();
    expect(screen.getByText('Joined March 2026')).toBeTruthy();
    expect(screen.getByTestId('next-level-text').textContent).toBe('60 points to Film Buff');
    expect(screen.getAllByTestId('profile-stat-card').map((card) => card.querySelector('dt')?.textContent)).toEqual(['Connections Found', 'Films Logged', 'Reviews', 'Followers']);
    for (const achievement of ACHIEVEMENTS) expect(screen.getByRole('progressbar', { name: achievement.name })).toBeTruthy();
    expect(screen.getByText('240/1,000')).toBeTruthy();
    expect(screen.getByText('4/10')).toBeTruthy();
    expect(await screen.findByText(NO_RECENT_CONNECTIONS)).toBeTruthy();
    expect(await screen.findByText('No films logged in 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull();
  });

  it('shows the empty Badges, Reviews and Lists tabs in the spec’s words', async () => {
    stubProfiles({ ada: own });
    setUser(ada);
    renderApp('/profile?tab=badges');
    expect(await screen.findByText(NO_BADGES_YET)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByText(NO_REVIEWS_YET)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Lists' }));
    expect(await screen.findByText(WATCHLIST_EMPTY)).toBeTruthy();
  });
});

describe('UserProfilePage (/u/:username)', () => {
  it('shows anyone’s profile to a guest, without follow or compare', async () => {
    stubProfiles({ grace: userProfile() });
    setUser(null);
    renderApp('/u/grace');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByText('Compilers by day, noir by night.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compare' })).toBeNull();
    // Saved connections are their owner's: another's profile shows their recent public activity instead.
    expect(screen.queryByText('Recent connections')).toBeNull();
    const recent = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(recent).getByRole('link', { name: 'Heat' })).toBeTruthy();
  });

  it('offers Follow and Compare to a signed-in visitor', async () => {
    stubProfiles({ grace: userProfile({ badges: [] }) });
    setUser(ada);
    renderApp('/u/grace');
    const header = (await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).closest('header')!;
    expect(within(header).getByRole('button', { name: 'Follow Grace Hopper' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Compare' })).toBeTruthy();
  });

  it('says Profile Not Found for an unknown username', async () => {
    stubProfiles({});
    setUser(null);
    renderApp('/u/nobody_here');
    expect(await screen.findByRole('heading', { name: PROFILE_TEXTS.notFound })).toBeTruthy();
  });
});

describe('Edit Profile', () => {
  it('sends the display name and bio with PATCH /api/users/me/profile, then shows the saved profile', async () => {
    let current = own;
    const fetchMock = vi.fn(
      routeFetch({
        '/api/users/by-username/ada': () => ({ body: current }),
        '/api/users/me/profile': (_url, init) => {
          const body = JSON.parse(String(init?.body)) as { displayName: string; bio: string };
          current = { ...own, user: { ...own.user, displayName: body.displayName, bio: body.bio } };
          return { body: current };
        },
        '/api/users/7/year-stats': () => ({ body: yearStats }),
        '/api/users/7/connections': () => ({ body: { connections: [] } }),
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    setUser(ada);
    renderApp('/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    const name = within(dialog).getByLabelText('Display name');
    fireEvent.change(name, { target: { value: '' } });
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: '  Countess Lovelace ' } });
    fireEvent.change(within(dialog).getByLabelText(/Bio/), { target: { value: 'Notes on the engine.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Countess Lovelace' })).toBeTruthy();
    expect(screen.getByText('Notes on the engine.')).toBeTruthy();
    const patch = fetchMock.mock.calls.find(([path]) => String(path) === '/api/users/me/profile')!;
    expect((patch[1] as RequestInit).method).toBe('PATCH');
    expect(JSON.parse(String((patch[1] as RequestInit).body))).toEqual({ displayName: 'Countess Lovelace', bio: 'Notes on the engine.' });
  });
});
