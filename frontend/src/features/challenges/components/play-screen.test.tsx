import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { attemptResult, attemptState, solvedChain } from '../../../test/challenge-fixtures';
import { apollo13, entity, routeFetch, tomHanks } from '../../../test/fixtures';
import { resetPlay } from '../store';
import { PlayScreen } from './play-screen';

const diner = entity('movie', 'diner-1982', 'Diner');

function renderPlay() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PlayScreen challengeId="daily-2026-11-27" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function pick(name: string) {
  const input = screen.getByRole('combobox', { name: 'Next link' });
  fireEvent.change(input, { target: { value: name.slice(0, 4) } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(`^${name},`) }));
}

beforeEach(() => resetPlay());

describe('PlayScreen', () => {
  it('plays link by link: a refused pick shows its reason and costs a move, the target ends it with the result, share text and reveal', async () => {
    let attempt = attemptState();
    const moves: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      routeFetch({
        '/api/challenges/daily-2026-11-27/attempts': () => ({ body: attempt }),
        '/api/search': () => ({ body: { results: [diner, apollo13, tomHanks] } }),
        '/api/challenges/attempts/att-1/moves': (_url, init) => {
          const body = JSON.parse(String(init?.body)) as { entity: string; version: number };
          moves.push(body);
          if (body.entity === diner.key) {
            attempt = { ...attempt, moves: attempt.moves + 1, version: attempt.version + 1 };
            return { body: { accepted: false, reason: 'Not linked to Kevin Bacon', attempt } };
          }
          if (body.entity === apollo13.key) {
            attempt = { ...attempt, chain: solvedChain().slice(0, 2), moves: attempt.moves + 1, version: attempt.version + 1 };
          } else {
            attempt = { ...attempt, chain: solvedChain(), moves: attempt.moves + 1, version: attempt.version + 1, status: 'solved', result: attemptResult({ moves: 3 }) };
          }
          return { body: { accepted: true, reason: null, attempt } };
        },
      }),
    );
    renderPlay();
    expect(await screen.findByRole('combobox', { name: 'Next link' })).toBeTruthy();
    expect(screen.getByTestId('moves-left').textContent).toBe('10');
    expect(screen.getByRole('button', { name: /Hint −5 pts/ })).toBeTruthy();

    await pick('Diner');
    expect((await screen.findByTestId('refusal')).textContent).toContain('Not linked to Kevin Bacon. That cost a move.');
    expect(screen.getByTestId('moves-left').textContent).toBe('9');

    await pick('Apollo 13');
    await waitFor(() => expect(screen.getAllByTestId('chain-step')).toHaveLength(2));
    expect(screen.queryByTestId('refusal')).toBeNull();
    expect(screen.getByTestId('chain-link-label').textContent).toBe('acted in as Jack Swigert');

    await pick('Tom Hanks');
    expect(await screen.findByRole('heading', { name: 'Challenge Completed!' })).toBeTruthy();
    expect(screen.getByTestId('result-message').textContent).toContain('You earned 50 points! Connection found in 2 degrees.');
    expect(screen.getByTestId('share-text').textContent).toContain('Cinema DNA #12 · 2 links (par 2) · 1:23');
    expect(screen.getByRole('button', { name: 'Copy Text' })).toBeTruthy();
    expect(screen.getAllByTestId('reveal-chain')).toHaveLength(1);
    expect(screen.getByText('found by 100%')).toBeTruthy();
    expect(moves).toEqual([
      { entity: diner.key, version: 0 },
      { entity: apollo13.key, version: 1 },
      { entity: tomHanks.key, version: 2 },
    ]);
  });

  it('says an archive daily pays no points', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(routeFetch({ '/api/challenges/daily-2026-11-27/attempts': () => ({ body: attemptState({ rewarded: false }) }) }));
    renderPlay();
    expect((await screen.findByTestId('archive-note')).textContent).toContain('no points');
    expect(screen.getByRole('button', { name: 'Hint' })).toBeTruthy();
  });

  it('gives up after a confirmation and shows the failure with the reveal', async () => {
    let attempt = attemptState();
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      routeFetch({
        '/api/challenges/daily-2026-11-27/attempts': () => ({ body: attempt }),
        '/api/challenges/attempts/att-1/give-up': () => {
          attempt = { ...attempt, status: 'gave_up', version: 1, result: attemptResult({ success: false, degrees: null, points: 0, message: 'Better luck next time!' }) };
          return { body: attempt };
        },
      }),
    );
    renderPlay();
    fireEvent.click(await screen.findByRole('button', { name: 'Give up' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Really give up?' }));
    });
    expect(await screen.findByRole('heading', { name: 'Challenge Failed' })).toBeTruthy();
    expect(screen.getByTestId('result-message').textContent).toContain('You gave up.');
    expect(screen.getByTestId('reveal')).toBeTruthy();
  });
});
