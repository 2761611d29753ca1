import { beforeEach, describe, expect, it } from 'vitest';
import { racePlayer, raceState } from '../../test/challenge-fixtures';
import { kevinBacon } from '../../test/fixtures';
import { challengesState, enterRaceRoom, raceErrorKind, receiveOwnChain, receiveRaceState, resetRace } from './store';

beforeEach(() => resetRace());

describe('race room store', () => {
  it('names the spec’s error states from the server’s error', () => {
    expect(raceErrorKind({ code: 'NOT_FOUND', message: 'Race not found' })).toBe('not-found');
    expect(raceErrorKind({ code: 'CONFLICT', message: 'This race is full' })).toBe('full');
    expect(raceErrorKind({ code: 'CONFLICT', message: 'This race has already started; watch it as a spectator' })).toBe('started');
    expect(raceErrorKind({ code: 'CONFLICT', message: 'This race has finished; watch it as a spectator or start a new one' })).toBe('finished');
    expect(raceErrorKind({ code: 'UNAUTHORIZED', message: 'Sign in to race; anyone may watch as a spectator' })).toBe('signed-out');
    expect(raceErrorKind({ code: 'SERVICE_UNAVAILABLE', message: 'The server did not answer.' })).toBe('other');
  });

  it('keeps only states of the room on screen, drops older versions, and starts a new round with an empty chain', () => {
    enterRaceRoom('ABC123');
    receiveRaceState(raceState({ code: 'OTHER1', version: 50 }));
    expect(challengesState.race.state).toBeNull();

    receiveRaceState(raceState({ version: 4, status: 'racing', round: 1 }));
    receiveOwnChain({ accepted: false, reason: 'Not linked to Kevin Bacon', chain: [{ entity: kevinBacon, via: null }], moves: 1, status: 'playing' });
    expect(challengesState.race.refusal).toBe('Not linked to Kevin Bacon');

    receiveRaceState(raceState({ version: 3, status: 'lobby', round: 0 }));
    expect(challengesState.race.state?.status).toBe('racing');

    receiveRaceState(raceState({ version: 9, status: 'countdown', round: 2, players: [racePlayer(1)] }));
    expect(challengesState.race.state?.round).toBe(2);
    expect(challengesState.race.own).toBeNull();
    expect(challengesState.race.refusal).toBeNull();
  });
});
