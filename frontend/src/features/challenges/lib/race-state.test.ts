import { describe, expect, it } from 'vitest';
import { racePlayer, raceState } from '../../../test/challenge-fixtures';
import { acceptRaceState, applyRaceProgress, ownPlayer, racePhase, raceLink, rankedPlayers } from './race-state';

describe('race state by version', () => {
  it('takes the first state, and any newer one', () => {
    const first = raceState({ version: 3 });
    expect(acceptRaceState(null, first)).toBe(first);
    const next = raceState({ version: 4, status: 'countdown' });
    expect(acceptRaceState(first, next)).toBe(next);
  });

  it('drops a state older than the one held (a late broadcast after a resync)', () => {
    const held = raceState({ version: 7, status: 'racing' });
    expect(acceptRaceState(held, raceState({ version: 5, status: 'lobby' }))).toBe(held);
  });

  it('takes the same version again (an ack that repeats the broadcast) and another room’s state', () => {
    const held = raceState({ version: 7 });
    const same = raceState({ version: 7, spectators: 1 });
    expect(acceptRaceState(held, same)).toBe(same);
    const other = raceState({ code: 'ZZZ999', version: 1 });
    expect(acceptRaceState(held, other)).toBe(other);
  });

  it('applies a player’s progress while racing, and never after the finish or over their own finish', () => {
    const racing = raceState({ status: 'racing', players: [racePlayer(1), racePlayer(2)] });
    const moved = applyRaceProgress(racing, { code: 'ABC123', userId: 2, links: 2, moves: 3, status: 'playing' });
    expect(moved?.players[1]).toMatchObject({ links: 2, moves: 3, status: 'playing' });
    expect(moved?.players[0]).toBe(racing.players[0]);

    const finished = raceState({ status: 'finished', players: [racePlayer(2, { links: 3, status: 'solved' })] });
    expect(applyRaceProgress(finished, { code: 'ABC123', userId: 2, links: 1, moves: 1, status: 'playing' })).toBe(finished);
    const solved = raceState({ status: 'racing', players: [racePlayer(2, { links: 3, status: 'solved' })] });
    expect(applyRaceProgress(solved, { code: 'ABC123', userId: 2, links: 1, moves: 1, status: 'playing' })).toBe(solved);
    expect(applyRaceProgress(racing, { code: 'OTHER1', userId: 2, links: 1, moves: 1, status: 'playing' })).toBe(racing);
  });

  it('shows the race once the countdown’s start has passed on the server’s clock', () => {
    const countdown = raceState({ status: 'countdown', startsAt: 10_000, endsAt: 310_000 });
    expect(racePhase(countdown, 9_999)).toBe('countdown');
    expect(racePhase(countdown, 10_000)).toBe('racing');
    expect(racePhase(raceState({ status: 'lobby' }), 99_999)).toBe('lobby');
  });

  it('finds the user’s own player (null for a spectator) and orders results by rank, then links', () => {
    const state = raceState({ players: [racePlayer(1, { links: 1 }), racePlayer(2, { rank: 2 }), racePlayer(3, { rank: 1 }), racePlayer(4, { links: 2 })] });
    expect(ownPlayer(state, 4)?.userId).toBe(4);
    expect(ownPlayer(state, 9)).toBeNull();
    expect(ownPlayer(state, undefined)).toBeNull();
    expect(rankedPlayers(state.players).map((player) => player.userId)).toEqual([3, 2, 4, 1]);
  });

  it('builds the room’s share link', () => {
    expect(raceLink('https://cinema.example', 'ABC123')).toBe('https://cinema.example/challenges/race/ABC123');
  });
});
