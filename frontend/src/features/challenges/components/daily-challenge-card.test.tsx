import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { attemptResult, attemptState, dailyChallenge } from '../../../test/challenge-fixtures';
import { routeFetch } from '../../../test/fixtures';
import { resetAuth, setUser } from '../../auth';
import { DAILY_COMPLETED_TITLE, DailyChallengeCard, NO_DAILY_TEXT, NO_DAILY_TITLE } from './daily-challenge-card';

const me = { id: 3, username: 'ada', displayName: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 2, points: 120, role: 'user' as const };

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <DailyChallengeCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetAuth();
  setUser(me);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-27T18:30:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('DailyChallengeCard', () => {
  it('shows both entities, the target, time limit, reward, time left, community progress and Accept Challenge', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(routeFetch({ '/api/challenges/daily': () => ({ body: dailyChallenge() }) }));
    renderCard();
    expect(await screen.findByRole('button', { name: 'Accept Challenge' })).toBeTruthy();
    expect(screen.getByText('Kevin Bacon')).toBeTruthy();
    expect(screen.getByText('Tom Hanks')).toBeTruthy();
    expect(screen.getByText('≤ 2')).toBeTruthy();
    expect(screen.getByText('5 min')).toBeTruthy();
    expect(screen.getByText('50')).toBeTruthy();
    expect(screen.getByTestId('daily-time-left').textContent).toBe('5h 30m');
    expect(screen.getByTestId('daily-community').textContent).toBe('250 / 1,000 completed');
    expect(screen.getByRole('progressbar', { name: 'Community progress' }).getAttribute('aria-valuenow')).toBe('250');
  });

  it('says Challenge Completed with the points earned once solved today', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(routeFetch({ '/api/challenges/daily': () => ({ body: dailyChallenge({ completedToday: true, pointsEarned: 42 }) }) }));
    renderCard();
    expect(await screen.findByText(DAILY_COMPLETED_TITLE)).toBeTruthy();
    expect(screen.getByTestId('daily-points-earned').textContent).toBe('You earned 42 points');
    expect(screen.queryByRole('button', { name: 'Accept Challenge' })).toBeNull();
  });

  it('once given up shows the result, the share text and the reveal, and offers no new attempt', async () => {
    const result = attemptResult({ success: false, degrees: null, points: 0, message: 'Better luck next time!', shareText: 'Cinema DNA #12 · not solved (par 2)' });
    const finished = attemptState({ status: 'gave_up', version: 1, result });
    vi.spyOn(globalThis, 'fetch').mockImplementation(routeFetch({ '/api/challenges/daily': () => ({ body: dailyChallenge({ finished }) }) }));
    renderCard();
    expect(await screen.findByText('Challenge Failed')).toBeTruthy();
    expect(screen.getByTestId('daily-result-message').textContent).toContain('You gave up.');
    expect(screen.getByTestId('daily-share-text').textContent).toBe('Cinema DNA #12 · not solved (par 2)');
    expect(screen.getByTestId('reveal')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept Challenge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue Challenge' })).toBeNull();
  });

  it('marks the player’s own chain in the reveal', async () => {
    const solved = attemptResult();
    const reveal = { ...solved.reveal, chains: solved.reveal.chains.map((chain) => ({ ...chain, yours: true })) };
    const finished = attemptState({ status: 'solved', version: 2, result: { ...solved, reveal } });
    vi.spyOn(globalThis, 'fetch').mockImplementation(routeFetch({ '/api/challenges/daily': () => ({ body: dailyChallenge({ completedToday: true, pointsEarned: 50, finished }) }) }));
    renderCard();
    expect(await screen.findByText(DAILY_COMPLETED_TITLE)).toBeTruthy();
    expect(screen.getByText('Your chain')).toBeTruthy();
    expect(screen.getByTestId('reveal-chain').getAttribute('data-yours')).toBe('true');
  });

  it('says No Challenge Available when there is none (404)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(routeFetch({}));
    renderCard();
    expect(await screen.findByText(NO_DAILY_TITLE)).toBeTruthy();
    expect(screen.getByText(NO_DAILY_TEXT)).toBeTruthy();
  });
});
