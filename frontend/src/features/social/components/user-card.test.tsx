import { FOLLOW_TEXTS } from '@cinema-dna/shared-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { socialUser } from '../../../test/social-fixtures';
import { Toaster, resetToasts } from '../../../ui/toast';
import { UserCard } from './user-card';

function renderCard(node: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const badges = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `b${index}`, name: `Badge ${index + 1}`, isRare: index === 0 }));

beforeEach(() => resetToasts());
afterEach(() => vi.unstubAllGlobals());

describe('UserCard', () => {
  it('shows who they are, their numbers and a link to /u/:username', () => {
    renderCard(<UserCard user={socialUser(8, 'grace', { points: 1234, connectionsFound: 9, reviewCount: 4, followersCount: 17 })} viewerId={7} />);
    const card = screen.getByRole('article', { name: 'Grace' });
    expect(within(card).getByText('@grace')).toBeTruthy();
    expect(within(card).getByText('Level 2 · Popcorn Regular')).toBeTruthy();
    expect(within(card).getByText('1,234')).toBeTruthy();
    expect(within(card).getByText('17')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Grace' }).getAttribute('href')).toBe('/u/grace');
  });

  it('shows 3 badges, then +N more', () => {
    renderCard(<UserCard user={socialUser(8, 'grace', { badges: badges(5) })} viewerId={7} />);
    const list = screen.getByRole('list', { name: 'Badges' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Badge 1', 'Badge 2', 'Badge 3', '+2 more']);
  });

  it('shows exactly 3 badges with no +N more when there are 3', () => {
    renderCard(<UserCard user={socialUser(8, 'grace', { badges: badges(3) })} viewerId={7} />);
    expect(screen.queryByText(/more$/)).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Badges' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('has no follow button on one’s own card, nor in the Following tab', () => {
    const { unmount } = renderCard(<UserCard user={socialUser(7, 'ada')} viewerId={7} />);
    expect(screen.queryByRole('button', { name: /follow/i })).toBeNull();
    unmount();
    renderCard(<UserCard user={socialUser(8, 'grace', { isFollowing: true })} viewerId={7} showFollow={false} />);
    expect(screen.queryByRole('button', { name: /follow/i })).toBeNull();
  });

  it('follows: the button is disabled while the request is pending, then the Following User toast', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderCard(<UserCard user={socialUser(8, 'grace')} viewerId={7} />);
    const button = screen.getByRole('button', { name: 'Follow Grace' });
    fireEvent.click(button);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/users/follow');
    expect(JSON.parse(String(init.body))).toEqual({ userId: 8 });
    answer(Response.json({ userId: 8, isFollowing: true, followersCount: 4, followingCount: 1 }));
    expect(await screen.findByText(FOLLOW_TEXTS.followedTitle)).toBeTruthy();
    expect(screen.getByText(FOLLOW_TEXTS.followed)).toBeTruthy();
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  });

  it('unfollows someone followed, and says so when it fails', async () => {
    const fetchMock = vi.fn(async () => Response.json({ code: 'INTERNAL', message: 'boom' }, { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    renderCard(<UserCard user={socialUser(8, 'grace', { isFollowing: true })} viewerId={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unfollow Grace' }));
    expect(await screen.findByText(FOLLOW_TEXTS.unfollowFailed)).toBeTruthy();
    expect(screen.getByText(FOLLOW_TEXTS.errorTitle)).toBeTruthy();
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[0]).toBe('/api/users/unfollow/8');
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('DELETE');
  });
});
