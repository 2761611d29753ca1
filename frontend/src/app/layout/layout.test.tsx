import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuth, setUser } from '../../features/auth';
import { realtimeState, resetRealtime } from '../../features/realtime';
import { renderApp } from '../../test/render-app';

const signedIn = { id: 7, username: 'noir_fan', displayName: 'noir_fan', email: 'noir@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 3, points: 1240, role: 'user' as const };

function mainNavLabels() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

beforeEach(() => {
  resetAuth();
  resetRealtime();
});

describe('Layout navigation', () => {
  it('shows Home, Discovery, Rankings and a Login button when signed out', async () => {
    setUser(null);
    renderApp('/');
    expect(mainNavLabels()).toEqual(['Home', 'Discovery', 'Rankings']);
    expect(screen.getAllByRole('button', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Logout/ })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Rankings' }).getAttribute('href')).toBe('/leaderboards');
  });

  it('shows the full navigation, level, points and Logout when signed in', () => {
    setUser(signedIn);
    renderApp('/');
    expect(mainNavLabels()).toEqual(['Home', 'Discovery', 'Challenges', 'Community', 'Diary', 'Badges', 'Rankings', 'Profile']);
    expect(screen.getAllByText('Level 3').length).toBeGreaterThan(0);
    expect(screen.getAllByText('1,240 pts').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: /Logout/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('opens the login dialog with the spec texts from the Login button', async () => {
    setUser(null);
    renderApp('/');
    fireEvent.click(screen.getAllByRole('button', { name: 'Login' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Welcome to Cinema DNA')).toBeTruthy();
    expect(within(dialog).getByText('Discover the hidden connections in cinema')).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Login' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'Register' })).toBeTruthy();
  });

  it('lights the nav item of the current page, and none on a not-found path below one (/discovery/no-such-list)', async () => {
    setUser(null);
    const { router } = renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await act(() => router.navigate('/discovery/no-such-list'));
    await screen.findByText('404 Page Not Found');
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page' || link.className.includes('bg-ink-800'));
    expect(current).toEqual([]);
  });

  it.each([
    ['admin', true],
    ['moderator', true],
    ['user', false],
  ] as const)('offers the Admin dashboard shortcut to a signed-in %s: %s', (role, shown) => {
    setUser({ ...signedIn, role });
    renderApp('/');
    const link = screen.getByRole('banner').querySelector('a[href="/secure-admin-access-panel"]');
    expect(link !== null).toBe(shown);
    if (shown) expect(link!.getAttribute('aria-label')).toBe('Admin');
  });

  it('links System Status from the footer', () => {
    setUser(null);
    renderApp('/');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'System Status' }).getAttribute('href')).toBe('/status');
  });

  it('toggles the mobile menu', () => {
    setUser(null);
    renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('has the four footer groups and both data credits', () => {
    setUser(null);
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    for (const heading of ['Platform', 'Community', 'Support', 'Legal']) {
      expect(within(footer).getByRole('heading', { name: heading })).toBeTruthy();
    }
    for (const link of ['Discovery', 'Rankings', 'Badges', 'Social Feed', 'Film Diary', 'API Documentation', 'About', 'Help and FAQ', 'Contact', 'Terms', 'Privacy']) {
      expect(within(footer).getByRole('link', { name: link })).toBeTruthy();
    }
    expect(within(footer).getByText('This product uses the TMDB API but is not endorsed or certified by TMDB.')).toBeTruthy();
    expect(footer.textContent).toContain('Information courtesy of IMDb (https://www.imdb.com). Used with permission.');
  });

  it('shows the online count only once the server has sent it', async () => {
    setUser(null);
    renderApp('/');
    expect(screen.queryByTestId('presence-count')).toBeNull();
    await act(async () => {
      realtimeState.online = 12;
    });
    expect((await screen.findByTestId('presence-count')).textContent).toContain('12 online');
  });
});

describe('Routes', () => {
  it.each(['/no-such-page', '/discovery/no-such-list'])('shows the not-found page for %s', async (path) => {
    setUser(null);
    renderApp(path);
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to home/ }).getAttribute('href')).toBe('/');
  });

  it('reaches the Rankings and Badges pages from the navigation and the footer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ code: 'NOT_FOUND', message: 'Not found', details: {} }, { status: 404 })));
    setUser(signedIn);
    const { router } = renderApp('/');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Rankings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboards' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/leaderboards');
    fireEvent.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Badges' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Badges' })).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('renders the home hero', async () => {
    setUser(null);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cinema DNA' })).toBeTruthy();
  });

  it('opens a help section', async () => {
    setUser(null);
    renderApp('/help');
    const trigger = await screen.findByRole('button', { name: 'Points and Achievements' });
    for (const title of ['Getting Started', 'Understanding Connections', 'Social Features', 'Account Management', 'Technical Issues']) {
      expect(screen.getByRole('button', { name: title })).toBeTruthy();
    }
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Connection discovery')).toBeTruthy();
  });
});
