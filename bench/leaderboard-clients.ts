/**
 * Child process of bench/leaderboard.ts: one group of socket.io clients (websocket transport, one
 * connection each) that all watch one board. The bench forks several, so receiving 10,000 packets
 * is not one event loop's queue. IPC only:
 *
 *   parent → child  { type: 'connect', url, count, board } → { type: 'connected', connected, watching, failures, seconds }
 *                   { type: 'arm', round, userId }: note the time each client next receives a
 *                   `leaderboard:changed` whose entries name `userId`
 *                   { type: 'collect', round } → { type: 'collected', round, times } (epoch ms; one per client that received it)
 *                   { type: 'stop' }
 *
 * Import only its types (`import type`): importing the module would run it. Exits when the parent goes away.
 */
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, LeaderboardBoard, LeaderboardChanged, ServerToClientEvents } from '@cinema-dna/shared-types';

export type ClientsCommand =
  | { type: 'connect'; url: string; count: number; board: LeaderboardBoard }
  | { type: 'arm'; round: number; userId: number }
  | { type: 'collect'; round: number }
  | { type: 'stop' };

export type ClientsMessage =
  | { type: 'connected'; connected: number; watching: number; failures: string[]; seconds: number }
  | { type: 'collected'; round: number; times: number[] };

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const send = (message: ClientsMessage) => process.send?.(message);
const epochNow = () => performance.timeOrigin + performance.now();
/** Connections opened at once, then the next batch: spreads the handshakes over the event loop. */
const CONNECT_BATCH = 100;

const sockets: ClientSocket[] = [];
let armed: { round: number; userId: number; times: number[]; seen: Set<ClientSocket> } | null = null;

function onChanged(socket: ClientSocket, changed: LeaderboardChanged): void {
  const at = epochNow();
  if (!armed || armed.seen.has(socket)) return;
  if (!changed.entries.some((entry) => entry.userId === armed!.userId)) return;
  armed.seen.add(socket);
  armed.times.push(at);
}

async function connectAll(command: Extract<ClientsCommand, { type: 'connect' }>): Promise<void> {
  const started = performance.now();
  const failures: string[] = [];
  let watching = 0;
  for (let offset = 0; offset < command.count; offset += CONNECT_BATCH) {
    const batch: Promise<void>[] = [];
    for (let i = offset; i < Math.min(command.count, offset + CONNECT_BATCH); i++) {
      const socket: ClientSocket = connectSocket(command.url, { transports: ['websocket'], forceNew: true, reconnection: false, timeout: 60_000 });
      sockets.push(socket);
      socket.on('leaderboard:changed', (changed) => onChanged(socket, changed));
      batch.push(
        new Promise<void>((resolve) => {
          socket.once('connect_error', (error) => {
            if (failures.length < 5) failures.push(`connect: ${error.message}`);
            resolve();
          });
          socket.once('connect', () => {
            socket.timeout(60_000).emit('leaderboard:watch', { board: command.board }, (error: Error | null, ack) => {
              if (error) {
                if (failures.length < 5) failures.push(`watch: no answer (${error.message})`);
              } else if (ack.ok) watching++;
              else if (failures.length < 5) failures.push(`watch: ${ack.error.code} ${ack.error.message}`);
              resolve();
            });
          });
        }),
      );
    }
    await Promise.all(batch);
  }
  send({ type: 'connected', connected: sockets.filter((s) => s.connected).length, watching, failures, seconds: (performance.now() - started) / 1000 });
}

process.on('message', (message: ClientsCommand) => {
  switch (message.type) {
    case 'connect':
      void connectAll(message);
      break;
    case 'arm':
      armed = { round: message.round, userId: message.userId, times: [], seen: new Set() };
      break;
    case 'collect':
      send({ type: 'collected', round: message.round, times: armed?.round === message.round ? armed.times : [] });
      armed = null;
      break;
    case 'stop':
      for (const socket of sockets) socket.disconnect();
      process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
