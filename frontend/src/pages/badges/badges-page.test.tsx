import { POINT_RULES, type Badge, type BadgeProgress, type EarnedBadge } from '@cinema-dna/shared-types';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AUTH_MESSAGE, resetAuth, setUser } from '../../features/auth';
import { NO_BADGES_IN_PROGRESS } from '../../features/badges';
import { routeFetch } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { resetToasts } from '../../ui/toast';

const user = { id: 7, username: 'ada', displayName: 'Ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 20, role: 'user' as const };

const badge = (id: string, name: string, patch: Partial<Badge> = {}): Badge => ({
  id,
  name,
  description: `${name}, described`,
  category: 'discovery',
  icon: 'search',
  isRare: false,
  pointsReward: 10,
  requirement: 1,
  unit: { one: 'connection', other: 'connections' },
  ...patch,
});

const CATALOG: Badge[] = [
  badge('first-connection', 'First Connection', { icon: 'target', pointsReward: 10 }),
  badge('connections-10', 'Connection Explorer', { requirement: 10, pointsReward: 50 }),
  badge('six-degrees', 'Six Degrees', { isRare: true, icon: 'sparkles', pointsReward: 100 }),
  badge('first-review', 'First Review', { category: 'social', icon: 'message' }),
  badge('followers-10', 'Popular', { category: 'social', icon: 'users', requirement: 10 }),
  badge('streak-7', 'Week Streak', { category: 'milestone', icon: 'clock', requirement: 7 }),
  badge('cinema-legend', 'Cinema Legend', { category: 'milestone', icon: 'trophy', isRare: true, requirement: 10_000, unit: { one: 'point', other: 'points' } }),
  badge('mystery', 'Mystery', { category: 'special', icon: 'question' as Badge['icon'], isRare: true }),
];

function stubBadgesServer({ earned = [], progress = {} }: { earned?: EarnedBadge[]; progress?: BadgeProgress }) {
  const fetchMock = vi.fn(
    routeFetch({
      '/api/badges/available': () => ({ body: CATALOG }),
      '/api/users/me/badges': () => ({ body: earned }),
      '/api/users/me/badge-progress': () => ({ body: progress }),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const summaryValue = (label: string) => {
  const card = screen.getAllByTestId('badge-summary-card').find((element) => element.textContent?.includes(label));
  return card?.querySelector('dd span')?.textContent;
};

beforeEach(() => {
  resetAuth();
  resetToasts();
});
afterEach(() => vi.unstubAllGlobals());

describe('BadgesPage', () => {
  it('asks a visitor who is not signed in to sign in, with the Authentication Required toast, and reads nothing', async () => {
    const fetchMock = stubBadgesServer({});
    setUser(null);
    renderApp('/badges');
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(await screen.findByText('Authentication Required')).toBeTruthy();
    expect(screen.getAllByText(DEFAULT_AUTH_MESSAGE)).toHaveLength(2);
    expect(fetchMock.mock.calls.map(([path]) => String(path)).filter((path) => path.includes('badge'))).toEqual([]);
  });

  it('before the first badge: zero cards, No Badges Yet, and the empty Badge Progress text', async () => {
    stubBadgesServer({});
    setUser(user);
    renderApp('/badges');
    expect(await screen.findByText('No Badges Yet')).toBeTruthy();
    expect(summaryValue('Badges Earned')).toBe('0');
    expect(summaryValue('Badge Points')).toBe('0');
    expect(summaryValue('Rare Badges')).toBe('0');
    expect(summaryValue('Collection')).toBe('0%');
    expect(screen.getByText(NO_BADGES_IN_PROGRESS)).toBeTruthy();
    expect(NO_BADGES_IN_PROGRESS).toBe('No badges in progress. Keep exploring to start earning new badges!');
  });

  it('shows earned badges with their date, progress as count / requirement capped at 100, tabs with counts and rare marks', async () => {
    const earned: EarnedBadge[] = [
      { id: 1, badgeId: 'first-connection', earnedAt: '2026-11-20T09:30:00.000Z', badge: CATALOG[0]! },
      { id: 2, badgeId: 'six-degrees', earnedAt: '2026-11-22T18:00:00.000Z', badge: CATALOG[2]! },
    ];
    stubBadgesServer({ earned, progress: { 'first-connection': 1, 'connections-10': 3, 'followers-10': 25, 'streak-7': 0, 'cinema-legend': 357 } });
    setUser(user);
    renderApp('/badges');

    const recent = await screen.findByRole('list', { name: 'Recently earned badges' });
    // Newest first.
    expect(within(recent).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Six DegreesNov 22, 2026', 'First ConnectionNov 20, 2026']);
    expect(summaryValue('Badges Earned')).toBe('2');
    expect(summaryValue('Badge Points')).toBe('110');
    expect(summaryValue('Rare Badges')).toBe('1');
    expect(summaryValue('Collection')).toBe('25%'); // 2 of 8

    // The progress card: unearned with progress above 0, closest first; 25 of 10 shows as 100%.
    const progressCard = screen.getByRole('region', { name: 'Badge Progress' });
    expect(within(progressCard).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Popular', 'Connection Explorer', 'Cinema Legend']);
    expect(within(progressCard).getByRole('progressbar', { name: 'Connection Explorer progress' }).getAttribute('aria-valuenow')).toBe('30');
    expect(within(progressCard).getByRole('progressbar', { name: 'Popular progress' }).getAttribute('aria-valuenow')).toBe('100');
    // A points badge counts points, in its own unit: 357 of 10,000 points is 3%, never levels.
    expect(within(progressCard).getByRole('listitem', { name: 'Cinema Legend' }).textContent).toContain('357 / 10,000 points · 3%');
    expect(within(progressCard).getByRole('listitem', { name: 'Connection Explorer' }).textContent).toContain('3 / 10 connections · 30%');

    const tabs = screen.getByRole('tablist', { name: 'Badge categories' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All Badges8', 'Discovery3', 'Social2', 'Expertise0', 'Milestone2', 'Special1']);
    const all = screen.getByRole('list', { name: 'All Badges' });
    const firstConnection = within(all).getByRole('listitem', { name: 'First Connection' });
    expect(firstConnection.textContent).toContain('Earned Nov 20, 2026');
    expect(within(all).getByRole('listitem', { name: 'Connection Explorer' }).textContent).toContain('3 / 10 connections');
    expect(within(all).getByRole('listitem', { name: 'Cinema Legend' }).textContent).toContain('357 / 10,000 points3%');
    expect(within(all).getByRole('listitem', { name: 'Six Degrees' }).textContent).toContain('Rare');
    // An icon name outside the spec's list draws the star.
    expect(within(all).getByRole('listitem', { name: 'Mystery' }).querySelector('svg')?.getAttribute('class')).toContain('lucide-star');

    fireEvent.mouseDown(within(tabs).getByRole('tab', { name: /Social/ }));
    const social = await screen.findByRole('list', { name: 'Social badges' });
    expect(within(social).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Popular', 'First Review']);
  });

  it('explains how points work: what pays, how often, and what never pays, with the numbers the server enforces', async () => {
    stubBadgesServer({});
    setUser(user);
    renderApp('/badges');
    const section = await screen.findByRole('region', { name: 'How points work' });
    const table = within(section).getByRole('table');
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Connection discovery', 'Review', 'Watchlist add', 'Daily login', 'Challenge', 'Badge']);
    expect(table.textContent).toContain(`Review${POINT_RULES.review.points}`);
    expect(table.textContent).toContain(`at least ${POINT_RULES.review.minTextLength} characters of text; up to ${POINT_RULES.review.perDay} a day`);
    for (const title of ['Challenges', 'The search engine will not play for you', 'Races', 'What never pays', 'Badges count different things', 'Past awards']) expect(within(section).getByRole('heading', { name: title })).toBeTruthy();
    expect(section.textContent).toContain('Races are for bragging rights: they pay no points.');
    expect(section.textContent).toContain('nobody can stop an anonymous look-up');
  });
});
