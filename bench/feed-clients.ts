/**
 * The followers of bench:feed (bench/feed.ts): a child process holding its share of the 10,000 signed-in
 * sockets, so no one event loop carries both the server and every client. It notes when each socket
 * received each item (wall clock, shared by the processes of one machine) and reports per item.
 */
import { EVENTS, type ActivityItem, type ClientToServerEvents, type ServerToClientEvents } from '@cinema-dna/shared-types';
import { io as connect, type Socket } from 'socket.io-client';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

export type FeedClientsCommand = { type: 'connect'; url: string; cookies: string[] } | { type: 'collect'; marker: string; timeoutMs: number } | { type: 'close' };
export type FeedClientsMessage =
  | { type: 'ready'; connected: number; failures: string[]; seconds: number }
  | { type: 'collected'; marker: string; times: number[]; missing: number; stray: number };

/** Wall-clock milliseconds with sub-millisecond resolution (comparable across processes). */
const now = () => performance.timeOrigin + performance.now();
const sockets: Client[] = [];
/** marker → receipt times (one per socket that received it). */
const received = new Map<string, number[]>();
/** Items received whose author this socket does not follow (never expected). */
let stray = 0;

function send(message: FeedClientsMessage): void {
  process.send?.(message);
}

async function connectAll(url: string, cookies: string[]): Promise<void> {
  const started = now();
  const failures: string[] = [];
  let next = 0;
  // A few hundred handshakes at once: each reads a session and the user's followees.
  const worker = async () => {
    while (next < cookies.length) {
      const cookie = cookies[next++]!;
      await new Promise<void>((resolve) => {
        const socket: Client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie } });
        socket.on(EVENTS.activityNew, (item: ActivityItem) => {
          const at = now();
          const marker = item.content.movieTitle ?? '';
          if (!marker.startsWith('bench-')) stray++;
          const list = received.get(marker) ?? [];
          list.push(at);
          received.set(marker, list);
        });
        socket.once('connect', () => {
          sockets.push(socket);
          resolve();
        });
        socket.once('connect_error', (error) => {
          failures.push(error.message);
          resolve();
        });
      });
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  send({ type: 'ready', connected: sockets.length, failures: failures.slice(0, 5), seconds: (now() - started) / 1000 });
}

async function collect(marker: string, timeoutMs: number): Promise<void> {
  const until = now() + timeoutMs;
  while ((received.get(marker)?.length ?? 0) < sockets.length && now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
  const times = received.get(marker) ?? [];
  send({ type: 'collected', marker, times, missing: sockets.length - times.length, stray });
}

process.on('message', (command: FeedClientsCommand) => {
  if (command.type === 'connect') void connectAll(command.url, command.cookies);
  else if (command.type === 'collect') void collect(command.marker, command.timeoutMs);
  else {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
