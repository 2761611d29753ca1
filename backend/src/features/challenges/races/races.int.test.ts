import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CSRF_HEADER,
  EVENTS,
  RACE_CLOCK_READS_PER_10_SECONDS,
  RACE_CODE_ALPHABET,
  RACE_CODE_LENGTH,
  RACE_COMMANDS_PER_10_SECONDS,
  RACE_MAX_PLAYERS,
  RACE_MOVES_PER_MINUTE,
  RACE_WRONG_CODES_PER_MINUTE,
  RaceCreatedSchema,
  RaceStateSchema,
  type Ack,
  type ClientToServerEvents,
  type RaceProgressed,
  type RaceState,
  type ServerToClientEvents,
} from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../platform/config.js';
import { createLogger } from '../../../platform/logging.js';
import { startServer, type RunningServer } from '../../../server.js';
import { TEST_PASSWORD } from '../../../test-support/accounts.js';
import { dropSchema, uniqueSuffix } from '../../../test-support/targets.js';
import { RaceRules } from './pairs.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Short rounds, so a test sees the countdown end and the time run out. */
const COUNTDOWN_MS = 1_000;
const TIME_LIMIT_SECONDS = 6;
const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 20));

const servers: RunningServer[] = [];
const sockets: Client[] = [];
const dataDirs: string[] = [];

async function server(env: Record<string, string> = {}, redisKeyPrefix = `test:${uniqueSuffix()}:`): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-races-'));
  dataDirs.push(dataDir);
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env });
  const running = await startServer(config, { logger: createLogger('silent'), redisKeyPrefix, searchWorkers: 0, races: { countdownMs: COUNTDOWN_MS, timeLimitSeconds: TIME_LIMIT_SECONDS } });
  servers.push(running);
  return running;
}

/** A registered user's session on `url`. */
async function player(url: string, name: string) {
  const csrf = await fetch(`${url}/api/auth/csrf`);
  const anonymousCookie = csrf.headers.getSetCookie()[0]!.split(';')[0]!;
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const username = `${name}_${uniqueSuffix()}`;
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: anonymousCookie, [CSRF_HEADER]: csrfToken },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
  const token = ((await (await fetch(`${url}/api/auth/csrf`, { headers: { cookie } })).json()) as { csrfToken: string }).csrfToken;
  return { cookie, csrfToken: token, userId: ((await res.json()) as { id: number }).id };
}

async function createRace(url: string, host: { cookie: string; csrfToken: string }) {
  const res = await fetch(`${url}/api/challenges/races`, { method: 'POST', headers: { cookie: host.cookie, [CSRF_HEADER]: host.csrfToken } });
  expect(res.status).toBe(201);
  return RaceCreatedSchema.parse(await res.json());
}

/** A connected client and every race event it receives; `ip` is the address a trusted proxy names (TRUST_PROXY=loopback). */
async function client(url: string, cookie?: string, ip?: string) {
  const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...(ip ? { 'x-forwarded-for': ip } : {}) };
  const socket: Client = connect(url, { transports: ['websocket'], forceNew: true, extraHeaders: headers });
  sockets.push(socket);
  const states: RaceState[] = [];
  const progress: RaceProgressed[] = [];
  socket.on(EVENTS.raceState, (state) => states.push(RaceStateSchema.parse(state)));
  socket.on(EVENTS.raceProgressed, (event) => progress.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  /** The first state received (or to come) that `match` accepts. */
  const nextState = (match: (state: RaceState) => boolean) =>
    expect.poll(() => states.find(match), { timeout: 10_000 }).toBeDefined().then(() => states.find(match)!);
  return { socket, states, progress, nextState };
}

function ok<T>(ack: Ack<T>): T {
  if (!ack.ok) throw new Error(`refused: ${JSON.stringify(ack.error)}`);
  return ack.data;
}

/** An optimal chain of the race's pair, from the server's own graph (what a perfect player would pick). */
function bestChain(running: RunningServer, state: RaceState): string[] {
  const rules = new RaceRules(running.graph.graph);
  return rules.optimal({ from: state.fromEntity!.key, to: state.toEntity!.key, par: state.par! }, 1).chains[0]!;
}

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await Promise.all(servers.splice(0).map((running) => running.close()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('live races on one process', () => {
  let app: RunningServer;
  beforeAll(async () => {
    app = await server();
  });

  it(`refuses a player's moves past ${RACE_MOVES_PER_MINUTE} a minute with RATE_LIMITED, before any room is read`, async () => {
    const eve = await player(app.url, 'eve');
    const { code } = await createRace(app.url, eve);
    const e = await client(app.url, eve.cookie);
    ok(await e.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }));
    const reads = vi.spyOn(app.services.races, 'move');
    // In the lobby: every move within the limit is answered CONFLICT by the room; the one past it never reaches it.
    const answers = [];
    for (let i = 0; i < RACE_MOVES_PER_MINUTE; i++) {
      // Moves and undos count together.
      answers.push(await (i % 2 ? e.socket.emitWithAck(EVENTS.raceUndo, { code }) : e.socket.emitWithAck(EVENTS.raceMove, { code, entity: 'person:tom-hanks' })));
    }
    expect(answers.every((answer) => !answer.ok && answer.error.code === 'CONFLICT')).toBe(true);
    expect(await e.socket.emitWithAck(EVENTS.raceMove, { code, entity: 'person:tom-hanks' })).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', details: { limit: RACE_MOVES_PER_MINUTE, windowSeconds: 60 } },
    });
    // The room read 30 moves (and 30 undos); not the one past the limit.
    expect(reads).toHaveBeenCalledTimes(RACE_MOVES_PER_MINUTE / 2);
    reads.mockRestore();
  });

  it('three players and a spectator: one countdown, live progress, a refused move, the finish and the ranking', async () => {
    const [ana, ben, cho] = await Promise.all([player(app.url, 'ana'), player(app.url, 'ben'), player(app.url, 'cho')]);
    const anonymousCreate = await fetch(`${app.url}/api/challenges/races`, { method: 'POST' });
    expect(anonymousCreate.status).toBe(401);
    const { code, url } = await createRace(app.url, ana);
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(url).toBe(`/challenges/race/${code}`);

    const [a, b, c, watcher] = await Promise.all([client(app.url, ana.cookie), client(app.url, ben.cookie), client(app.url, cho.cookie), client(app.url)]);
    const lobby = ok(await a.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }));
    expect(lobby).toMatchObject({ code, status: 'lobby', hostId: ana.userId, players: [{ userId: ana.userId, isHost: true, connected: true }] });
    ok(await b.socket.emitWithAck(EVENTS.raceJoin, { code: code.toLowerCase(), as: 'player' }));
    ok(await c.socket.emitWithAck(EVENTS.raceJoin, { code }));
    // Anyone may watch; only the signed in play.
    expect(await watcher.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' })).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    const watching = ok(await watcher.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'spectator' }));
    expect(watching.spectators).toBe(1);
    expect(watching.players.map((p) => p.userId)).toEqual([ana.userId, ben.userId, cho.userId]);
    // Presence reached the others: the host saw Ben get ready.
    ok(await b.socket.emitWithAck(EVENTS.raceReady, { code, ready: true }));
    await a.nextState((s) => s.players.some((p) => p.userId === ben.userId && p.ready));

    // Only the host starts.
    expect(await b.socket.emitWithAck(EVENTS.raceStart, { code })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: 'Only the host can do that' } });
    expect(await watcher.socket.emitWithAck(EVENTS.raceStart, { code })).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    const started = ok(await a.socket.emitWithAck(EVENTS.raceStart, { code }));
    expect(started).toMatchObject({ status: 'countdown', round: 1 });
    expect(started.startsAt! - started.serverNow).toBeGreaterThan(COUNTDOWN_MS - 200);
    expect(started.endsAt! - started.startsAt!).toBe(TIME_LIMIT_SECONDS * 1000);
    expect(started.par).toBeGreaterThanOrEqual(2);
    // Too early: the countdown is still running.
    const chain = bestChain(app, started);
    expect(await c.socket.emitWithAck(EVENTS.raceMove, { code, entity: chain[1]! })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    // Everyone, the spectator included, got the same pair and the same absolute times.
    const countdowns = await Promise.all([a, b, c, watcher].map((each) => each.nextState((s) => s.status === 'countdown')));
    for (const seen of countdowns) {
      expect({ startsAt: seen.startsAt, endsAt: seen.endsAt, from: seen.fromEntity?.key, to: seen.toEntity?.key }).toEqual({
        startsAt: started.startsAt,
        endsAt: started.endsAt,
        from: started.fromEntity!.key,
        to: started.toEntity!.key,
      });
    }
    const clock = ok(await c.socket.emitWithAck(EVENTS.raceClock, {}));
    expect(Math.abs(clock.serverNow - Date.now())).toBeLessThan(1_000);

    await sleepUntil(started.startsAt!);
    await a.nextState((s) => s.status === 'racing');

    // A refused pick: the target is not linked to the start (par ≥ 2); it costs a move.
    const refused = ok(await b.socket.emitWithAck(EVENTS.raceMove, { code, entity: started.toEntity!.key }));
    expect(refused).toMatchObject({ accepted: false, moves: 1, status: 'playing', chain: [{ entity: { key: chain[0] }, via: null }] });
    expect(refused.reason).toMatch(/^Not linked to /);

    // Cho's first link reaches the others as a count, never as the entity.
    const first = ok(await c.socket.emitWithAck(EVENTS.raceMove, { code, entity: chain[1]! }));
    expect(first).toMatchObject({ accepted: true, reason: null, moves: 1 });
    expect(first.chain.map((step) => step.entity.key)).toEqual(chain.slice(0, 2));
    expect(first.chain[1]!.via).toMatchObject({ type: expect.any(String) });
    for (const other of [a, b, watcher]) {
      await expect.poll(() => other.progress.find((p) => p.userId === cho.userId && p.links === 1), { timeout: 5_000 }).toMatchObject({ code, moves: 1, status: 'playing' });
    }
    const racing = await watcher.nextState((s) => s.players.some((p) => p.userId === cho.userId && p.links === 1));
    expect(racing.players.every((p) => p.chain === null)).toBe(true);
    expect(JSON.stringify(racing)).not.toContain(chain[1]!);

    // Ana plays the optimal chain and wins; Ben and Cho give up; the race is over.
    let last;
    for (const entity of chain.slice(1)) last = ok(await a.socket.emitWithAck(EVENTS.raceMove, { code, entity }));
    expect(last).toMatchObject({ accepted: true, status: 'solved' });
    ok(await b.socket.emitWithAck(EVENTS.raceGiveUp, { code }));
    const over = ok(await c.socket.emitWithAck(EVENTS.raceGiveUp, { code }));
    expect(over.status).toBe('finished');
    const results = await watcher.nextState((s) => s.status === 'finished');
    const byUser = new Map(results.players.map((p) => [p.userId, p]));
    expect(byUser.get(ana.userId)).toMatchObject({ rank: 1, degrees: chain.length - 1, status: 'solved' });
    expect(byUser.get(ana.userId)!.chain!.map((step) => step.entity.key)).toEqual(chain);
    expect(byUser.get(ben.userId)).toMatchObject({ rank: 2, degrees: null, status: 'gave_up' });
    expect(byUser.get(cho.userId)).toMatchObject({ rank: 2, status: 'gave_up', chain: [{ entity: { key: chain[0] } }, { entity: { key: chain[1] } }] });
    expect(results.reveal).toMatchObject({ par: started.par });
    expect(results.reveal!.chains.some((each) => each.path.map((step) => step.entity.key).join() === chain.join() && each.foundByPercent === 100)).toBe(true);
    // Versions only grow, in the order the watcher received them.
    const versions = watcher.states.map((s) => s.version);
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);

    // After the end: no more moves; the finished room takes no new player; the host may rematch.
    expect(await a.socket.emitWithAck(EVENTS.raceMove, { code, entity: chain[1]! })).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: 'The race is over' } });
    const dan = await player(app.url, 'dan');
    const d = await client(app.url, dan.cookie);
    expect(await d.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' })).toMatchObject({ ok: false, error: { code: 'CONFLICT', details: { status: 'finished' } } });
    expect(await b.socket.emitWithAck(EVENTS.raceRematch, { code })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const again = ok(await a.socket.emitWithAck(EVENTS.raceRematch, { code }));
    expect(again).toMatchObject({ status: 'countdown', round: 2 });
    expect(`${again.fromEntity!.key}>${again.toEntity!.key}`).not.toBe(`${started.fromEntity!.key}>${started.toEntity!.key}`);
    expect(again.players.every((p) => p.links === 0 && p.status === 'playing' && p.rank === null)).toBe(true);

    // GET answers the same room.
    const got = await fetch(`${app.url}/api/challenges/races/${code}`);
    expect(got.status).toBe(200);
    expect(RaceStateSchema.parse(await got.json())).toMatchObject({ code, round: 2, version: again.version });
  });

  it('a player who drops and returns within the grace gets the room back as it was (resync); the clock ends the race', async () => {
    const [ana, ben] = await Promise.all([player(app.url, 'ana'), player(app.url, 'ben')]);
    const { code } = await createRace(app.url, ana);
    const a = await client(app.url, ana.cookie);
    const b = await client(app.url, ben.cookie);
    ok(await a.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }));
    ok(await b.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }));
    const started = ok(await a.socket.emitWithAck(EVENTS.raceStart, { code }));
    await sleepUntil(started.startsAt!);
    const chain = bestChain(app, started);
    ok(await b.socket.emitWithAck(EVENTS.raceMove, { code, entity: chain[1]! }));

    // Ben's connection drops: the others see him away, still in the race.
    b.socket.disconnect();
    const away = await a.nextState((s) => s.players.some((p) => p.userId === ben.userId && !p.connected));
    expect(away.players.find((p) => p.userId === ben.userId)).toMatchObject({ links: 1, status: 'playing' });

    // He comes back on a new connection and asks for the room.
    const back = await client(app.url, ben.cookie);
    const { state, chain: own } = ok(await back.socket.emitWithAck(EVENTS.raceResync, { code }));
    expect(state).toMatchObject({ code, status: 'racing', startsAt: started.startsAt, endsAt: started.endsAt });
    expect(state.players.find((p) => p.userId === ben.userId)).toMatchObject({ connected: true, links: 1, moves: 1, status: 'playing' });
    expect(own).toMatchObject({ status: 'playing', moves: 1 });
    expect(own!.chain.map((step) => step.entity.key)).toEqual(chain.slice(0, 2));
    // The same room as the others hold, apart from his presence.
    const others = await a.nextState((s) => s.version === state.version);
    expect({ ...others, serverNow: 0 }).toEqual({ ...state, serverNow: 0 });
    // And he is back in the room's broadcasts.
    ok(await a.socket.emitWithAck(EVENTS.raceMove, { code, entity: chain[1]! }));
    await back.nextState((s) => s.players.some((p) => p.userId === ana.userId && p.links === 1));

    // Nobody finishes: at endsAt the server's timer ends the race for everyone.
    const finished = await back.nextState((s) => s.status === 'finished');
    expect(Date.now()).toBeGreaterThanOrEqual(started.endsAt!);
    expect(finished.players.map((p) => p.status)).toEqual(['timed_out', 'timed_out']);
    expect(await back.socket.emitWithAck(EVENTS.raceMove, { code, entity: chain[2]! })).toMatchObject({ ok: false, error: { code: 'CONFLICT', message: 'The race is over' } });
  }, 20_000);

  it('a connection that drops and recovers (connection state recovery) is the same player again, without a resync', async () => {
    const [ana, ben] = await Promise.all([player(app.url, 'ana'), player(app.url, 'ben')]);
    const { code } = await createRace(app.url, ana);
    const a = await client(app.url, ana.cookie);
    const b = await client(app.url, ben.cookie);
    ok(await a.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }));
    ok(await b.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }));
    // Recovery resumes from the last broadcast the client received: make sure there is one.
    ok(await a.socket.emitWithAck(EVENTS.raceReady, { code, ready: false }));
    ok(await b.socket.emitWithAck(EVENTS.raceReady, { code, ready: true }));
    await b.nextState((s) => s.players.some((p) => p.userId === ben.userId && p.ready));
    const socketId = b.socket.id;
    // The transport closes under Ben (a network drop): the client reconnects by itself.
    b.socket.io.engine.close();
    await a.nextState((s) => s.players.some((p) => p.userId === ben.userId && !p.connected));
    await expect.poll(() => b.socket.connected && b.socket.recovered, { timeout: 10_000 }).toBe(true);
    expect(b.socket.id).toBe(socketId);
    const again = await a.nextState((s) => s.players.some((p) => p.userId === ben.userId && p.connected) && s.version > 3);
    expect(again.players.map((p) => [p.userId, p.connected])).toEqual([
      [ana.userId, true],
      [ben.userId, true],
    ]);
    // Still in the room's broadcasts.
    ok(await a.socket.emitWithAck(EVENTS.raceReady, { code, ready: true }));
    await b.nextState((s) => s.players.some((p) => p.userId === ana.userId && p.ready));
  });

  it('answers a wrong code with NOT_FOUND and a full room with CONFLICT, in the error shape', async () => {
    const ana = await player(app.url, 'ana');
    const a = await client(app.url, ana.cookie);
    const wrong = await a.socket.emitWithAck(EVENTS.raceJoin, { code: 'ZZZZZZZ9', as: 'player' });
    expect(wrong).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Race not found', details: { code: 'ZZZZZZZ9' } } });
    expect(await a.socket.emitWithAck(EVENTS.raceResync, { code: 'ZZZZZZZ9' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await a.socket.emitWithAck(EVENTS.raceJoin, { code: 'bad', as: 'player' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    const missing = await fetch(`${app.url}/api/challenges/races/ZZZZZZZ9`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Race not found', details: { code: 'ZZZZZZZ9' } });

    const host = await player(app.url, 'host');
    const { code } = await createRace(app.url, host);
    // Seven more players (the host makes eight) take every place.
    for (let i = 0; i < RACE_MAX_PLAYERS - 1; i++) await app.services.races.join(code, { socketId: `filler-${i}`, userId: 1_000_000 + i, displayName: `Filler ${i}` }, 'player');
    const full = await a.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' });
    expect(full).toEqual({ ok: false, error: { code: 'CONFLICT', message: 'This race is full', details: { maxPlayers: RACE_MAX_PLAYERS } } });
    // Watching still works.
    expect(ok(await a.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'spectator' })).players).toHaveLength(RACE_MAX_PLAYERS);
  });
});

/** Codes no room has (one in 8.5 × 10^11 might; not in a test's lifetime). */
const wrongCodes = (n: number) => Array.from({ length: n }, () => Array.from({ length: RACE_CODE_LENGTH }, () => RACE_CODE_ALPHABET[randomInt(RACE_CODE_ALPHABET.length)]).join(''));
const refusedBy = (answer: Ack<unknown>) => (answer.ok ? 'answered' : answer.error.code);
const tally = (answers: Ack<unknown>[]) => answers.reduce<Record<string, number>>((counts, answer) => ({ ...counts, [refusedBy(answer)]: (counts[refusedBy(answer)] ?? 0) + 1 }), {});

describe('guessing race codes (issue 25)', () => {
  let app: RunningServer;
  // Each test guesses from addresses of its own (the app trusts X-Forwarded-For from loopback).
  let nextAddress = 1;
  const address = () => `203.0.113.${nextAddress++}`;
  const getRoom = (code: string, headers: Record<string, string> = {}) => fetch(`${app.url}/api/challenges/races/${code}`, { headers: { 'x-forwarded-for': address(), ...headers } });
  beforeAll(async () => {
    app = await server({ TRUST_PROXY: 'loopback' });
  });

  it(`30 wrong codes from one socket: ${RACE_WRONG_CODES_PER_MINUTE} are looked up, the rest are refused, an open room's code among them`, async () => {
    const host = await player(app.url, 'host');
    const open = await createRace(app.url, host);
    const eve = await player(app.url, 'eve');
    const e = await client(app.url, eve.cookie, address());
    const lookups = vi.spyOn(app.services.races, 'join');
    // The 7th and the 30th guesses are the open room's code: a lucky guess after the limit finds nothing.
    const guesses = wrongCodes(30);
    guesses[6] = open.code;
    guesses[29] = open.code;
    const answers = [];
    for (const code of guesses) answers.push(await e.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'spectator' }));
    const lookedUp = lookups.mock.calls.length;
    lookups.mockRestore();

    expect(lookedUp).toBe(RACE_WRONG_CODES_PER_MINUTE);
    expect(answers.slice(0, RACE_WRONG_CODES_PER_MINUTE).every((answer) => refusedBy(answer) === 'NOT_FOUND')).toBe(true);
    expect(answers.slice(RACE_WRONG_CODES_PER_MINUTE).every((answer) => refusedBy(answer) === 'RATE_LIMITED')).toBe(true);
    expect(answers[6]).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many wrong race codes: at most 5 per 60 seconds\. Try again in \d+ s\.$/), details: { scope: 'socket', limit: RACE_WRONG_CODES_PER_MINUTE, windowSeconds: 60 } },
    });
    // The room never saw the guesser.
    const room = RaceStateSchema.parse(await (await getRoom(open.code)).json());
    expect({ spectators: room.spectators, players: room.players.map((p) => p.userId) }).toEqual({ spectators: 0, players: [host.userId] });
  });

  it('every command that names a room is a lookup: wrong codes in ready, move, resync or leave count the same', async () => {
    const host = await player(app.url, 'host');
    const open = await createRace(app.url, host);
    const eve = await player(app.url, 'eve');
    const e = await client(app.url, eve.cookie, address());
    const [a, b, c, d, f] = wrongCodes(5);
    // Each answers NOT_FOUND for no room, FORBIDDEN for a room she is not in: it would tell her a code is live.
    expect(refusedBy(await e.socket.emitWithAck(EVENTS.raceReady, { code: a!, ready: true }))).toBe('NOT_FOUND');
    expect(refusedBy(await e.socket.emitWithAck(EVENTS.raceMove, { code: b!, entity: 'person:tom-hanks' }))).toBe('NOT_FOUND');
    expect(refusedBy(await e.socket.emitWithAck(EVENTS.raceResync, { code: c! }))).toBe('NOT_FOUND');
    expect(refusedBy(await e.socket.emitWithAck(EVENTS.raceLeave, { code: d! }))).toBe('NOT_FOUND');
    expect(refusedBy(await e.socket.emitWithAck(EVENTS.raceGiveUp, { code: f! }))).toBe('NOT_FOUND');
    expect(await e.socket.emitWithAck(EVENTS.raceStart, { code: open.code })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', details: { scope: 'socket' } } });
    expect(await e.socket.emitWithAck(EVENTS.raceJoin, { code: open.code, as: 'player' })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } });
  });

  it('holds across two sockets of one user, each on an address of its own', async () => {
    const host = await player(app.url, 'host');
    const open = await createRace(app.url, host);
    const eve = await player(app.url, 'eve');
    const [home, phone] = [address(), address()];
    const first = await client(app.url, eve.cookie, home);
    const second = await client(app.url, eve.cookie, phone);
    const lookups = vi.spyOn(app.services.races, 'join');
    const [one, two, three, four, five, six] = wrongCodes(6);
    const answers = [];
    for (const code of [one!, two!, three!]) answers.push(await first.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'spectator' }));
    for (const code of [four!, five!, six!]) answers.push(await second.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'spectator' }));
    expect(answers.map(refusedBy)).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'RATE_LIMITED']);
    expect(answers[5]).toMatchObject({ ok: false, error: { details: { scope: 'user' } } });
    // The open room's code, from either socket: refused.
    for (const each of [first, second]) expect(refusedBy(await each.socket.emitWithAck(EVENTS.raceJoin, { code: open.code, as: 'player' }))).toBe('RATE_LIMITED');
    expect(lookups).toHaveBeenCalledTimes(RACE_WRONG_CODES_PER_MINUTE);
    lookups.mockRestore();
    // It is Eve who is limited, not her phone's address: someone else there may still look codes up.
    const ben = await player(app.url, 'ben');
    const other = await client(app.url, ben.cookie, phone);
    expect(ok(await other.socket.emitWithAck(EVENTS.raceJoin, { code: open.code, as: 'player' })).players).toHaveLength(2);
  });

  it('holds across users (and anonymous sockets, and HTTP) from one address, with guesses sent all at once', async () => {
    const host = await player(app.url, 'host');
    const open = await createRace(app.url, host);
    const cafe = address();
    const users = await Promise.all(['ann', 'bob', 'cat'].map((name) => player(app.url, name)));
    const guessers = await Promise.all([...users.map((user) => client(app.url, user.cookie, cafe)), client(app.url, undefined, cafe)]);
    const lookups = vi.spyOn(app.services.races, 'join');
    // Four guesses from each of the four sockets, all in flight together.
    const answers = await Promise.all(guessers.flatMap((guesser) => wrongCodes(4).map((code) => guesser.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'spectator' }))));
    expect(tally(answers)).toEqual({ NOT_FOUND: RACE_WRONG_CODES_PER_MINUTE, RATE_LIMITED: 16 - RACE_WRONG_CODES_PER_MINUTE });
    expect(lookups).toHaveBeenCalledTimes(RACE_WRONG_CODES_PER_MINUTE);
    lookups.mockRestore();
    // From that address nothing finds the open room now: a socket of any user, an anonymous one, a plain GET.
    const late = await player(app.url, 'dan');
    const dan = await client(app.url, late.cookie, cafe);
    expect(await dan.socket.emitWithAck(EVENTS.raceJoin, { code: open.code, as: 'player' })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', details: { scope: 'address' } } });
    expect(refusedBy(await guessers[3]!.socket.emitWithAck(EVENTS.raceJoin, { code: open.code, as: 'spectator' }))).toBe('RATE_LIMITED');
    const read = await getRoom(open.code, { 'x-forwarded-for': cafe });
    expect(read.status).toBe(429);
    expect(await read.json()).toMatchObject({ code: 'RATE_LIMITED', details: { scope: 'address', limit: RACE_WRONG_CODES_PER_MINUTE } });
  });

  it('limits lookups over HTTP per address and per user, together with the sockets', async () => {
    const host = await player(app.url, 'host');
    const open = await createRace(app.url, host);
    const reads = vi.spyOn(app.services.races, 'get');
    // Anonymous, from one address: five 404s, then 429 with Retry-After, the open room's code included.
    const office = address();
    const statuses = [];
    for (const code of [...wrongCodes(RACE_WRONG_CODES_PER_MINUTE + 2), open.code]) statuses.push((await getRoom(code, { 'x-forwarded-for': office })).status);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429, 429]);
    const refused = await getRoom(open.code, { 'x-forwarded-for': office });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many wrong race codes/), details: { scope: 'address', limit: 5, windowSeconds: 60 } });
    expect(reads).toHaveBeenCalledTimes(RACE_WRONG_CODES_PER_MINUTE);
    // An IPv6 guesser counts by the /64 it was given: stepping through its addresses gains nothing.
    const v6 = [];
    for (const [i, code] of wrongCodes(RACE_WRONG_CODES_PER_MINUTE + 1).entries()) v6.push((await getRoom(code, { 'x-forwarded-for': `2001:db8:25:1::${i + 1}` })).status);
    expect(v6).toEqual([404, 404, 404, 404, 404, 429]);
    // Right codes cost nothing: the room reads as often as anyone likes (here, from a fresh address).
    const fine = address();
    for (let i = 0; i < RACE_WRONG_CODES_PER_MINUTE + 2; i++) expect((await getRoom(open.code, { 'x-forwarded-for': fine })).status).toBe(200);
    // Signed in: the user's HTTP guesses, each from another address, count with their sockets'.
    const eve = await player(app.url, 'eve');
    for (const code of wrongCodes(RACE_WRONG_CODES_PER_MINUTE)) expect((await getRoom(code, { cookie: eve.cookie })).status).toBe(404);
    expect((await getRoom(open.code, { cookie: eve.cookie })).status).toBe(429);
    const e = await client(app.url, eve.cookie, address());
    expect(await e.socket.emitWithAck(EVENTS.raceJoin, { code: open.code, as: 'player' })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', details: { scope: 'user' } } });
    reads.mockRestore();
    // Right codes sent all at once from one address are never refused, even while each lookup is slow:
    // 20 reads of the room in flight together (a class joining from one school address).
    const read = app.services.races.get.bind(app.services.races);
    const slow = vi.spyOn(app.services.races, 'get').mockImplementation(async (code) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return read(code);
    });
    const crowd = address();
    const together = await Promise.all(Array.from({ length: 20 }, () => getRoom(open.code, { 'x-forwarded-for': crowd })));
    slow.mockRestore();
    expect(together.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  });

  it(`race:ready spam: ${RACE_COMMANDS_PER_10_SECONDS} commands per player every 10 s, nothing past them reaches the room`, async () => {
    const ana = await player(app.url, 'ana');
    const ben = await player(app.url, 'ben');
    const { code } = await createRace(app.url, ana);
    const a = await client(app.url, ana.cookie, address());
    const b = await client(app.url, ben.cookie, address());
    ok(await a.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }));
    const joined = ok(await b.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }));
    await a.nextState((s) => s.version === joined.version);
    const before = a.states.length;
    // 30 toggles at once, as a script sends them; his join was the first command of his 10 s.
    const toggles = await Promise.all(Array.from({ length: 30 }, (_, i) => b.socket.emitWithAck(EVENTS.raceReady, { code, ready: i % 2 === 0 })));
    const accepted = toggles.filter((answer) => answer.ok).length;
    expect(accepted).toBe(RACE_COMMANDS_PER_10_SECONDS - 1);
    expect(toggles.filter((answer) => !answer.ok).every((answer) => !answer.ok && answer.error.code === 'RATE_LIMITED' && answer.error.message.startsWith(`Too many requests: at most ${RACE_COMMANDS_PER_10_SECONDS} per 10 seconds`))).toBe(true);
    // The other cheap commands share his budget.
    for (const event of [EVENTS.raceStart, EVENTS.raceGiveUp, EVENTS.raceRematch, EVENTS.raceResync, EVENTS.raceLeave] as const) {
      expect(refusedBy(await b.socket.emitWithAck(event, { code }))).toBe('RATE_LIMITED');
    }
    expect(refusedBy(await b.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }))).toBe('RATE_LIMITED');
    // Ana's own change comes after everything his toggles broadcast: what she received in between is all of it.
    const mine = ok(await a.socket.emitWithAck(EVENTS.raceReady, { code, ready: true }));
    await a.nextState((s) => s.version === mine.version);
    const broadcasts = a.states.slice(before).filter((s) => s.version > joined.version && s.version < mine.version);
    expect(broadcasts.length).toBeLessThanOrEqual(accepted);
    // Clock readings have a budget of their own.
    const clocks = await Promise.all(Array.from({ length: RACE_CLOCK_READS_PER_10_SECONDS + 5 }, () => a.socket.emitWithAck(EVENTS.raceClock, {})));
    expect(tally(clocks)).toEqual({ answered: RACE_CLOCK_READS_PER_10_SECONDS, RATE_LIMITED: 5 });
  });
});

const shared = { redis: process.env.REDIS_URL, database: process.env.DATABASE_URL };
describe.runIf(shared.redis && shared.database)('one race on two app processes over Redis', () => {
  const schema = `test_${uniqueSuffix()}`;
  afterAll(async () => {
    await dropSchema(shared.database!, schema);
  });

  it('players on either process share one room: presence, the countdown, progress, the result', async () => {
    const env = { REDIS_URL: shared.redis!, DATABASE_URL: shared.database!, DATABASE_SCHEMA: schema };
    const prefix = `test:${uniqueSuffix()}:`;
    const nodeA = await server(env, prefix);
    const nodeB = await server(env, prefix);
    expect([nodeA.shared.driver, nodeB.shared.driver]).toEqual(['redis', 'redis']);
    const ana = await player(nodeA.url, 'ana');
    const ben = await player(nodeB.url, 'ben');
    const { code } = await createRace(nodeA.url, ana);
    const a = await client(nodeA.url, ana.cookie);
    const b = await client(nodeB.url, ben.cookie);
    const watcher = await client(nodeB.url);
    ok(await a.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }));
    // Ben's process finds the room Ana's process created, and Ana sees him arrive.
    const joined = ok(await b.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'player' }));
    expect(joined.players.map((p) => p.userId)).toEqual([ana.userId, ben.userId]);
    ok(await watcher.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'spectator' }));
    await a.nextState((s) => s.players.length === 2 && s.spectators === 1);

    const started = ok(await a.socket.emitWithAck(EVENTS.raceStart, { code }));
    const seenOnB = await b.nextState((s) => s.status === 'countdown');
    expect([seenOnB.startsAt, seenOnB.endsAt, seenOnB.fromEntity?.key]).toEqual([started.startsAt, started.endsAt, started.fromEntity?.key]);
    await sleepUntil(started.startsAt!);
    const chain = bestChain(nodeB, started);
    // Ben moves on B; Ana, on A, sees his progress.
    ok(await b.socket.emitWithAck(EVENTS.raceMove, { code, entity: chain[1]! }));
    await expect.poll(() => a.progress.find((p) => p.userId === ben.userId && p.links === 1), { timeout: 5_000 }).toBeDefined();
    // Moves from both processes at once: each is applied once (compare-and-set), none lost.
    // Ben's is refused (no link from where he stands) yet counted: a film or person not linked to
    // chain[1] (the target itself would be linked when the pair's par is 2).
    const graph = nodeB.graph.graph;
    const at = graph.resolve(chain[1]!);
    const linked = new Set(graph.neighbours.subarray(graph.offsets[at]!, graph.offsets[at + 1]!));
    let far = 0;
    while (far === at || linked.has(far) || chain.includes(graph.key(far))) far += 1;
    await Promise.all([
      a.socket.emitWithAck(EVENTS.raceMove, { code, entity: chain[1]! }),
      b.socket.emitWithAck(EVENTS.raceMove, { code, entity: graph.key(far) }),
    ]);
    const both = RaceStateSchema.parse(await (await fetch(`${nodeA.url}/api/challenges/races/${code}`)).json());
    expect(both.players.map((p) => [p.links, p.moves])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    // Ben solves on B: the finish reaches A and the spectator with the same result.
    for (const entity of chain.slice(2)) ok(await b.socket.emitWithAck(EVENTS.raceMove, { code, entity }));
    ok(await a.socket.emitWithAck(EVENTS.raceGiveUp, { code }));
    const onA = await a.nextState((s) => s.status === 'finished');
    const onWatcher = await watcher.nextState((s) => s.status === 'finished');
    expect(onA.version).toBe(onWatcher.version);
    expect(onA.players.find((p) => p.userId === ben.userId)).toMatchObject({ rank: 1, status: 'solved', degrees: chain.length - 1 });
  }, 30_000);

  it('counts wrong codes in Redis: one user guessing through sockets on two processes, and HTTP on either, shares one allowance', async () => {
    const env = { REDIS_URL: shared.redis!, DATABASE_URL: shared.database!, DATABASE_SCHEMA: schema, TRUST_PROXY: 'loopback', SESSION_SECRET: 'race-guessing-session-secret-long-enough' };
    const prefix = `test:${uniqueSuffix()}:`;
    const nodeA = await server(env, prefix);
    const nodeB = await server(env, prefix);
    const host = await player(nodeA.url, 'host');
    const open = await createRace(nodeA.url, host);
    const eve = await player(nodeA.url, 'eve');
    const onA = await client(nodeA.url, eve.cookie, '198.51.100.1');
    const onB = await client(nodeB.url, eve.cookie, '198.51.100.2');
    const [one, two, three, four, five] = wrongCodes(5);
    for (const code of [one!, two!, three!]) expect(refusedBy(await onA.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'spectator' }))).toBe('NOT_FOUND');
    for (const code of [four!, five!]) expect(refusedBy(await onB.socket.emitWithAck(EVENTS.raceJoin, { code, as: 'spectator' }))).toBe('NOT_FOUND');
    // Her sixth lookup, wherever it lands, finds nothing: not even the open room.
    expect(await onB.socket.emitWithAck(EVENTS.raceJoin, { code: open.code, as: 'player' })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', details: { scope: 'user' } } });
    expect(await onA.socket.emitWithAck(EVENTS.raceResync, { code: open.code })).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', details: { scope: 'user' } } });
    const read = await fetch(`${nodeB.url}/api/challenges/races/${open.code}`, { headers: { cookie: eve.cookie, 'x-forwarded-for': '198.51.100.3' } });
    expect(read.status).toBe(429);
  }, 30_000);
});
