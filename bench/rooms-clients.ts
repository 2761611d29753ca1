/**
 * Child process of bench/rooms.ts: every race player as a real socket.io client (websocket, one
 * connection each), so the server's event loop carries only the server. IPC only:
 *
 *   parent → child  { type: 'connect', url, rooms } → { type: 'ready', connected, failures, seconds }
 *                   (each client connects, joins its room as a player, estimates its clock offset with race:clock)
 *                   { type: 'start' } → { type: 'pairs', pairs } (each host starts; the countdowns arrived)
 *                   { type: 'chains', chains, thinkMs } → { type: 'done', ... } (everyone plays to the finish)
 *
 * Import only its types (`import type`): importing the module would run it. Exits when the parent goes away.
 */
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { Ack, ClientToServerEvents, RaceState, ServerToClientEvents } from '@cinema-dna/shared-types';

export interface BenchRoom {
  code: string;
  /** The host first. */
  userIds: number[];
}

export type RoomsCommand =
  | { type: 'connect'; url: string; rooms: BenchRoom[] }
  | { type: 'start' }
  | { type: 'chains'; chains: Record<string, string[]>; thinkMs: number };

export interface RoomsResults {
  /** Per room: the latest minus the earliest moment its clients' corrected countdowns ended (ms). */
  startSkew: number[];
  /** Per room, the baseline: the spread of the countdown's arrival (clients starting on receipt). */
  arrivalSpread: number[];
  /** Per client: startsAt minus the moment the countdown arrived (how early it knew). */
  leadMs: number[];
  /** Per client: |estimated offset| (same machine: the true offset is 0). */
  offsetError: number[];
  /** Every race:move, emit → ack (ms). */
  moveAck: number[];
  /** The floor: race:clock round trips interleaved with the moves. */
  clockAck: number[];
  refused: number;
  accepted: number;
  /** Rooms whose every client saw the race finished, with everyone ranked. */
  finishedRooms: number;
  /** States received in all, and ones out of order (a lower version after a higher one). */
  states: number;
  staleStates: number;
  progressed: number;
  errors: string[];
}

export type RoomsMessage =
  | { type: 'ready'; connected: number; failures: string[]; seconds: number }
  | { type: 'pairs'; pairs: Record<string, { from: string; to: string; par: number }> }
  | { type: 'done'; results: RoomsResults; seconds: number };

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Player {
  socket: ClientSocket;
  userId: number;
  room: BenchRoom;
  offset: number;
  version: number;
  countdownAt: number | null;
  startsAt: number | null;
  wentAt: number | null;
  finished: boolean;
}

const send = (message: RoomsMessage) => process.send?.(message);
const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const CONNECT_BATCH = 100;
/** Clients estimating their clock offset at once. */
const OFFSET_BATCH = 50;
/** race:clock samples per estimate. */
const CLOCK_SAMPLES = 5;

const players: Player[] = [];
const results: RoomsResults = { startSkew: [], arrivalSpread: [], leadMs: [], offsetError: [], moveAck: [], clockAck: [], refused: 0, accepted: 0, finishedRooms: 0, states: 0, staleStates: 0, progressed: 0, errors: [] };
const noteError = (what: string) => {
  if (results.errors.length < 10) results.errors.push(what);
};
let onAllCountdowns: (() => void) | null = null;
let onAllFinished: (() => void) | null = null;

function onState(player: Player, state: RaceState): void {
  const at = epochNow();
  results.states++;
  if (state.version < player.version) results.staleStates++;
  player.version = Math.max(player.version, state.version);
  if (state.status === 'countdown' && player.countdownAt === null && state.startsAt !== null) {
    player.countdownAt = at;
    player.startsAt = state.startsAt;
    results.leadMs.push(state.startsAt - at);
    // The client's countdown ends at startsAt on the server's clock, corrected by its offset estimate.
    const localStart = state.startsAt - player.offset;
    setTimeout(() => (player.wentAt = epochNow()), Math.max(0, localStart - Date.now()));
    if (players.every((p) => p.countdownAt !== null)) onAllCountdowns?.();
  }
  if (state.status === 'finished' && !player.finished && state.players.every((p) => p.rank !== null)) {
    player.finished = true;
    if (players.every((p) => p.finished)) onAllFinished?.();
  }
}

async function ack<T>(promise: Promise<Ack<T>>, what: string): Promise<T | null> {
  const answer = await promise;
  if (!answer.ok) {
    noteError(`${what}: ${answer.error.code} ${answer.error.message}`);
    return null;
  }
  return answer.data;
}

/** NTP-style: the sample with the shortest round trip; the server's clock read at its middle. */
async function estimateOffset(socket: ClientSocket): Promise<number> {
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < CLOCK_SAMPLES; i++) {
    const sent = epochNow();
    const clock = await ack(socket.emitWithAck('race:clock', {}), 'race:clock');
    const received = epochNow();
    if (clock && received - sent < best.rtt) best = { rtt: received - sent, offset: clock.serverNow - (sent + received) / 2 };
  }
  return best.offset;
}

async function connectAll(command: Extract<RoomsCommand, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  const failures: string[] = [];
  const all = command.rooms.flatMap((room) => room.userIds.map((userId) => ({ room, userId })));
  for (let offset = 0; offset < all.length; offset += CONNECT_BATCH) {
    await Promise.all(
      all.slice(offset, offset + CONNECT_BATCH).map(async ({ room, userId }) => {
        const socket: ClientSocket = connectSocket(command.url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 60_000, extraHeaders: { 'x-bench-user': String(userId) } });
        const player: Player = { socket, userId, room, offset: 0, version: -1, countdownAt: null, startsAt: null, wentAt: null, finished: false };
        socket.on('race:state', (state) => onState(player, state));
        socket.on('race:progressed', () => results.progressed++);
        const connected = await new Promise<boolean>((resolve) => {
          socket.once('connect', () => resolve(true));
          socket.once('connect_error', (error) => {
            if (failures.length < 5) failures.push(`connect: ${error.message}`);
            resolve(false);
          });
        });
        if (!connected) return;
        players.push(player);
        await ack(socket.emitWithAck('race:join', { code: room.code, as: 'player' }), 'race:join');
      }),
    );
  }
  // Clocks once everyone is in, a batch at a time (as real clients would, each on its own), not during the connection storm.
  for (let offset = 0; offset < players.length; offset += OFFSET_BATCH) {
    await Promise.all(
      players.slice(offset, offset + OFFSET_BATCH).map(async (player) => {
        player.offset = await estimateOffset(player.socket);
        results.offsetError.push(Math.abs(player.offset));
      }),
    );
  }
  send({ type: 'ready', connected: players.length, failures, seconds: (performance.now() - started) / 1000 });
}

async function startAll(): Promise<void> {
  const countdowns = new Promise<void>((resolve) => (onAllCountdowns = resolve));
  const hosts = players.filter((p) => p.room.userIds[0] === p.userId);
  await Promise.all(hosts.map((host) => ack(host.socket.emitWithAck('race:start', { code: host.room.code }), 'race:start')));
  await Promise.race([countdowns, sleep(30_000)]);
  const pairs: Record<string, { from: string; to: string; par: number }> = {};
  for (const host of hosts) {
    const state = await ack(host.socket.emitWithAck('race:resync', { code: host.room.code }), 'race:resync');
    if (state?.state.fromEntity && state.state.toEntity && state.state.par) pairs[host.room.code] = { from: state.state.fromEntity.key, to: state.state.toEntity.key, par: state.state.par };
  }
  send({ type: 'pairs', pairs });
}

/** One player: after their countdown, a wrong pick (the target, never linked to the start), then the chain. */
async function play(player: Player, chain: string[] | undefined, thinkMs: number): Promise<void> {
  if (!chain || player.startsAt === null) return;
  await sleep(Math.max(0, player.startsAt - player.offset - Date.now()) + Math.random() * thinkMs);
  const picks = [chain.at(-1)!, ...chain.slice(1)];
  for (const entity of picks) {
    const sent = epochNow();
    const outcome = await ack(player.socket.emitWithAck('race:move', { code: player.room.code, entity }), 'race:move');
    results.moveAck.push(epochNow() - sent);
    if (outcome?.accepted) results.accepted++;
    else if (outcome) results.refused++;
    const clockSent = epochNow();
    await player.socket.emitWithAck('race:clock', {});
    results.clockAck.push(epochNow() - clockSent);
    if (outcome?.status === 'solved') break;
    await sleep(thinkMs / 2 + Math.random() * thinkMs);
  }
}

async function playAll(command: Extract<RoomsCommand, { type: 'chains' }>): Promise<void> {
  const started = performance.now();
  const finished = new Promise<void>((resolve) => (onAllFinished = resolve));
  await Promise.all(players.map((player) => play(player, command.chains[player.room.code], command.thinkMs)));
  await Promise.race([finished, sleep(15_000)]);
  for (const room of new Set(players.map((p) => p.room))) {
    const members = players.filter((p) => p.room === room);
    const went = members.map((p) => p.wentAt).filter((t): t is number => t !== null);
    const arrived = members.map((p) => p.countdownAt).filter((t): t is number => t !== null);
    if (went.length === members.length && went.length > 0) results.startSkew.push(Math.max(...went) - Math.min(...went));
    if (arrived.length === members.length && arrived.length > 0) results.arrivalSpread.push(Math.max(...arrived) - Math.min(...arrived));
    if (members.every((p) => p.finished)) results.finishedRooms++;
  }
  send({ type: 'done', results, seconds: (performance.now() - started) / 1000 });
}

process.on('message', (message: RoomsCommand) => {
  const run = message.type === 'connect' ? connectAll(message) : message.type === 'start' ? startAll() : playAll(message);
  run.catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
process.on('disconnect', () => {
  for (const player of players) player.socket.disconnect();
  process.exit(0);
});
