import { CHALLENGE_MAX_CHAIN_LINKS, RACE_MAX_PLAYERS, RACE_RECONNECT_GRACE_MS, type PathRelationship } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import { createRoom, disconnect, giveUp, join, leave, move, rematch, setReady, settle, standings, start, undo, type CheckLink, type RacePair, type Room } from './room.js';

// A tiny world: a — m1 — b — m2 — z, and a — m3 — z (the short way), plus x linked to nobody.
const LINKS = new Set(['a|m1', 'm1|b', 'b|m2', 'm2|z', 'a|m3', 'm3|z']);
const via: PathRelationship = { type: 'acted_in', direction: 'forward', character: null, job: null, label: null, tier: 'core' };
const check: CheckLink = (from, to) => (LINKS.has(`${from}|${to}`) || LINKS.has(`${to}|${from}`) ? { linked: true, via } : { linked: false, reason: `Not linked to ${from}` });
const PAIR: RacePair = { from: 'a', to: 'z', par: 2 };
const OTHER: RacePair = { from: 'b', to: 'z', par: 2 };
const T0 = 1_000_000;
const COUNTDOWN = 5_000;

const host = { userId: 1, displayName: 'Ana' };
const ben = { socketId: 's-ben', userId: 2, displayName: 'Ben' };
const cho = { socketId: 's-cho', userId: 3, displayName: 'Cho' };

/** A lobby with Ana (host), Ben and Cho connected. */
function lobby(): Room {
  let room = createRoom('ABC123', host, T0, { countdownMs: COUNTDOWN, timeLimitSeconds: 60 });
  room = join(room, { socketId: 's-ana', ...host }, 'player', T0);
  room = join(room, ben, 'player', T0 + 1);
  return join(room, cho, 'player', T0 + 2);
}

function errorOf(run: () => unknown): { status: number; code: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected an error');
}

describe('a race room', () => {
  it('starts in the lobby with its creator as host, away until a socket of theirs joins', () => {
    const room = createRoom('ABC123', host, T0);
    expect(room).toMatchObject({ status: 'lobby', round: 0, hostId: 1, pair: null });
    expect(room.players[0]).toMatchObject({ userId: 1, sockets: [], awaySince: T0 });
    const joined = join(room, { socketId: 's-ana', ...host }, 'player', T0 + 10);
    expect(joined.players[0]).toMatchObject({ sockets: ['s-ana'], awaySince: null });
  });

  it('lets players and spectators in, and says who is ready', () => {
    let room = lobby();
    room = join(room, { socketId: 's-watch' }, 'spectator', T0);
    expect(room.players.map((p) => p.userId)).toEqual([1, 2, 3]);
    expect(room.spectators).toEqual(['s-watch']);
    room = setReady(room, 2, true, T0);
    expect(room.players.find((p) => p.userId === 2)!.ready).toBe(true);
    // Setting it again changes nothing (the same room comes back: nothing to write).
    expect(setReady(room, 2, true, T0)).toBe(room);
    expect(errorOf(() => setReady(room, 99, true, T0))).toEqual({ status: 403, code: 'FORBIDDEN' });
  });

  it('refuses an anonymous player, a full room, and a player joining a race already under way or finished', () => {
    expect(errorOf(() => join(lobby(), { socketId: 'anon' }, 'player', T0))).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    let room = lobby();
    for (let id = 4; id <= RACE_MAX_PLAYERS; id++) room = join(room, { socketId: `s${id}`, userId: id, displayName: `P${id}` }, 'player', T0);
    expect(room.players).toHaveLength(RACE_MAX_PLAYERS);
    expect(errorOf(() => join(room, { socketId: 's9', userId: 9 }, 'player', T0))).toEqual({ status: 409, code: 'CONFLICT' });
    // A spectator still fits.
    expect(join(room, { socketId: 's9', userId: 9 }, 'spectator', T0).spectators).toEqual(['s9']);

    const started = start(lobby(), 1, PAIR, T0);
    expect(errorOf(() => join(started, { socketId: 's9', userId: 9 }, 'player', T0))).toEqual({ status: 409, code: 'CONFLICT' });
    const finished = settle(started, T0 + COUNTDOWN + 60_000);
    expect(finished.status).toBe('finished');
    expect(errorOf(() => join(finished, { socketId: 's9', userId: 9 }, 'player', T0 + COUNTDOWN + 60_000))).toEqual({ status: 409, code: 'CONFLICT' });
    // A player of the room comes back whatever its status.
    expect(join(finished, { socketId: 's-ben-2', userId: 2 }, 'player', T0 + COUNTDOWN + 60_000).players[1]!.sockets).toEqual(['s-ben', 's-ben-2']);
  });

  it('lets only the host start: one pair, one absolute start and end for everyone', () => {
    expect(errorOf(() => start(lobby(), 2, PAIR, T0))).toEqual({ status: 403, code: 'FORBIDDEN' });
    const room = start(lobby(), 1, PAIR, T0 + 100);
    expect(room).toMatchObject({ status: 'countdown', round: 1, pair: PAIR, startsAt: T0 + 100 + COUNTDOWN, endsAt: T0 + 100 + COUNTDOWN + 60_000 });
    for (const p of room.players) expect(p).toMatchObject({ chain: [{ key: 'a', via: null }], moves: 0, status: 'playing' });
    expect(errorOf(() => start(room, 1, PAIR, T0 + 200))).toEqual({ status: 409, code: 'CONFLICT' });
    // Moves wait for the countdown.
    expect(errorOf(() => move(room, 2, 'm1', T0 + 200, check))).toEqual({ status: 409, code: 'CONFLICT' });
    expect(settle(room, T0 + 100 + COUNTDOWN).status).toBe('racing');
  });

  it('checks every pick: accepted links extend the chain, refused picks cost a move, undo costs one too', () => {
    const at = T0 + COUNTDOWN + 1_000;
    let room = start(lobby(), 1, PAIR, T0);
    let result = move(room, 2, 'm1', at, check);
    expect(result).toMatchObject({ accepted: true, reason: null });
    room = result.room;
    result = move(room, 2, 'x', at + 1, check);
    expect(result).toMatchObject({ accepted: false, reason: 'Not linked to m1' });
    result = move(result.room, 2, 'a', at + 2, check);
    expect(result).toMatchObject({ accepted: false, reason: 'Already in your chain' });
    room = result.room;
    const benNow = room.players.find((p) => p.userId === 2)!;
    expect(benNow.chain.map((s) => s.key)).toEqual(['a', 'm1']);
    expect(benNow.moves).toBe(3);
    room = undo(room, 2, at + 3).room;
    expect(room.players.find((p) => p.userId === 2)).toMatchObject({ chain: [{ key: 'a' }], moves: 4 });
    // Nothing to undo: a free refusal, as in a challenge (chain-rules.ts), not an error.
    const nothing = undo(room, 2, at + 4);
    expect(nothing).toMatchObject({ accepted: false, reason: 'Nothing to undo' });
    expect(nothing.room.players.find((p) => p.userId === 2)).toMatchObject({ chain: [{ key: 'a' }], moves: 4 });
    // Spectators and strangers do not move.
    expect(errorOf(() => move(room, undefined, 'm1', at, check))).toEqual({ status: 403, code: 'FORBIDDEN' });
  });

  it(`holds a chain to ${CHALLENGE_MAX_CHAIN_LINKS} links: the last one must reach the target (a refusal costs a move)`, () => {
    // A check that links everything: only the length rule can refuse.
    const anything: CheckLink = () => ({ linked: true, via });
    const at = T0 + COUNTDOWN + 1_000;
    let room = start(lobby(), 1, PAIR, T0);
    for (let i = 1; i < CHALLENGE_MAX_CHAIN_LINKS; i++) room = move(room, 2, `step-${i}`, at + i, anything).room;
    expect(room.players.find((p) => p.userId === 2)!.chain).toHaveLength(CHALLENGE_MAX_CHAIN_LINKS);
    const refused = move(room, 2, 'y', at + 100, anything);
    expect(refused).toMatchObject({ accepted: false, reason: `A chain holds at most ${CHALLENGE_MAX_CHAIN_LINKS} links` });
    expect(refused.room.players.find((p) => p.userId === 2)).toMatchObject({ moves: CHALLENGE_MAX_CHAIN_LINKS, status: 'playing' });
    const solved = move(refused.room, 2, PAIR.to, at + 101, anything);
    expect(solved).toMatchObject({ accepted: true });
    expect(solved.room.players.find((p) => p.userId === 2)).toMatchObject({ status: 'solved' });
    expect(solved.room.players.find((p) => p.userId === 2)!.chain).toHaveLength(CHALLENGE_MAX_CHAIN_LINKS + 1);
  });

  it('ranks the first valid chain first, then by degrees and time; the race finishes when everyone is done', () => {
    const go = T0 + COUNTDOWN;
    let room = start(lobby(), 1, PAIR, T0);
    // Cho solves first, the long way (4 links); Ana then solves in 2; Ben gives up.
    for (const [i, key] of ['m1', 'b', 'm2', 'z'].entries()) room = move(room, 3, key, go + 1_000 + i, check).room;
    expect(room.players.find((p) => p.userId === 3)!.status).toBe('solved');
    expect(standings(room).get(3)).toEqual({ rank: 1, degrees: 4, timeTaken: 1.003 });
    expect(room.status).toBe('racing');
    room = move(room, 1, 'm3', go + 2_000, check).room;
    room = move(room, 1, 'z', go + 2_500, check).room;
    expect(room.status).toBe('racing');
    room = giveUp(room, 2, go + 3_000);
    expect(room.status).toBe('finished');
    const places = standings(room);
    expect(places.get(3)).toEqual({ rank: 1, degrees: 4, timeTaken: 1.003 });
    expect(places.get(1)).toEqual({ rank: 2, degrees: 2, timeTaken: 2.5 });
    expect(places.get(2)).toEqual({ rank: 3, degrees: null, timeTaken: null });
    expect(errorOf(() => move(room, 1, 'm1', go + 4_000, check))).toEqual({ status: 409, code: 'CONFLICT' });
  });

  it('refuses a move after endsAt, and times out whoever was still playing', () => {
    const room = start(lobby(), 1, PAIR, T0);
    const end = room.endsAt!;
    expect(errorOf(() => move(room, 2, 'm1', end, check))).toEqual({ status: 409, code: 'CONFLICT' });
    const finished = settle(room, end);
    expect(finished.status).toBe('finished');
    expect(finished.players.map((p) => p.status)).toEqual(['timed_out', 'timed_out', 'timed_out']);
    expect([...standings(finished).values()].map((s) => s.rank)).toEqual([1, 1, 1]);
  });

  it('rematches with a new round and pair, host only, once finished', () => {
    let room = settle(start(lobby(), 1, PAIR, T0), T0 + COUNTDOWN + 60_000);
    expect(errorOf(() => rematch(room, 2, OTHER, T0 + 70_000))).toEqual({ status: 403, code: 'FORBIDDEN' });
    room = rematch(room, 1, OTHER, T0 + 70_000);
    expect(room).toMatchObject({ status: 'countdown', round: 2, pair: OTHER, startsAt: T0 + 70_000 + COUNTDOWN, usedPairs: ['a>z', 'b>z'] });
    expect(room.players.every((p) => p.status === 'playing' && p.moves === 0 && p.chain.length === 1)).toBe(true);
    expect(errorOf(() => rematch(room, 1, PAIR, T0 + 70_001))).toEqual({ status: 409, code: 'CONFLICT' });
  });

  it('keeps a dropped player for the grace, connected again when they come back, dropped after it', () => {
    let room = start(lobby(), 1, PAIR, T0);
    room = disconnect(room, 's-ben', T0 + 1_000);
    expect(room.players.find((p) => p.userId === 2)).toMatchObject({ sockets: [], awaySince: T0 + 1_000 });
    // Back within the grace: the same place, the same chain.
    const back = join(room, { socketId: 's-ben-new', userId: 2 }, 'player', T0 + 30_000);
    expect(back.players.find((p) => p.userId === 2)).toMatchObject({ sockets: ['s-ben-new'], awaySince: null, status: 'playing', chain: [{ key: 'a' }] });
    // Still their place just before the grace runs out (the round is over by then).
    expect(join(room, { socketId: 's-ben-new', userId: 2 }, 'player', T0 + 1_000 + RACE_RECONNECT_GRACE_MS - 1).players.find((p) => p.userId === 2)).toMatchObject({ awaySince: null, status: 'timed_out' });
    // Not back: dropped once the grace has run out.
    expect(settle(room, T0 + 1_000 + RACE_RECONNECT_GRACE_MS - 1).players).toHaveLength(3);
    expect(settle(room, T0 + 1_000 + RACE_RECONNECT_GRACE_MS).players.map((p) => p.userId)).toEqual([1, 3]);
  });

  it('passes the host on when the host leaves or is dropped', () => {
    expect(leave(lobby(), { socketId: 's-ana', userId: 1 }, T0)).toMatchObject({ hostId: 2 });
    const away = disconnect(lobby(), 's-ana', T0);
    expect(away.hostId).toBe(1);
    expect(settle(away, T0 + RACE_RECONNECT_GRACE_MS)).toMatchObject({ hostId: 2 });
    // A spectator who leaves only stops counting.
    const watched = join(lobby(), { socketId: 'w' }, 'spectator', T0);
    expect(leave(watched, { socketId: 'w' }, T0)).toMatchObject({ hostId: 1, spectators: [] });
    expect(disconnect(watched, 'w', T0).spectators).toEqual([]);
  });

  it('is settled idempotently: the same room when nothing is due', () => {
    const room = start(lobby(), 1, PAIR, T0);
    expect(settle(room, T0 + 1)).toBe(room);
    const racing = settle(room, T0 + COUNTDOWN);
    expect(settle(racing, T0 + COUNTDOWN + 1)).toBe(racing);
  });
});
