import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { RACE_RECONNECT_GRACE_MS, type Ack, type ApiError, type ClientToServerEvents, type InterServerEvents, type ServerToClientEvents, type SocketData } from '@cinema-dna/shared-types';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { SharedState } from './cache/types.js';
import { bounded, type RedisClient, type RedisSharedState } from './cache/redis.js';
import { clientAddress, compileTrustProxy, type TrustProxySetting } from './client-address.js';
import { toApiError } from './errors.js';
import type { Logger } from './logging.js';
import { userRoom, type Notifier, type NotifierEvent, type NotifierPayload } from './notifier.js';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface RealtimeDeps {
  logger: Logger;
  shared: SharedState;
  /** Feature handlers, each registering its events on a connected socket. */
  features: Array<(io: RealtimeServer, socket: RealtimeSocket) => void>;
  /** Called once with the server, for features that broadcast on their own (presence). */
  onServer?: Array<(io: RealtimeServer) => void>;
  /**
   * Express-style middleware run on the handshake request (the session cookie, then Passport), after
   * which `request.user` names the signed-in user.
   */
  handshake?: Array<(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void>;
  /** The HTTP app's proxy rule (TRUST_PROXY), so a socket's client address is what `req.ip` would be. */
  trustProxy?: TrustProxySetting;
}

/** Middleware for the engine that runs once, on the handshake, not on every polling request. */
function onlyForHandshake(middleware: NonNullable<RealtimeDeps['handshake']>[number]) {
  return (req: IncomingMessage & { _query?: Record<string, string> }, res: ServerResponse, next: (error?: unknown) => void) => {
    if (req._query?.sid === undefined) middleware(req, res, next);
    else next();
  };
}

/** Socket.IO on the app's HTTP server; with Redis the adapter fans events out across every node. */
export async function createRealtime(httpServer: HttpServer, deps: RealtimeDeps): Promise<RealtimeServer> {
  const io: RealtimeServer = new Server(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    // As long as a race keeps a dropped player's place: they come back to the same socket and rooms.
    connectionStateRecovery: { maxDisconnectionDuration: RACE_RECONNECT_GRACE_MS },
  });
  if (deps.shared.driver === 'redis') {
    const redis = deps.shared as RedisSharedState;
    const [pub, sub] = await Promise.all([redis.duplicate(), redis.duplicate()]);
    io.adapter(createAdapter(guardPublish(pub, deps.logger, redis.commandTimeoutMs), sub, { key: `${redis.keyPrefix}socket.io` }));
    io.of('/').adapter.on('error', (error: Error) => deps.logger.warn({ err: error.message }, 'socket adapter error'));
  }
  for (const middleware of deps.handshake ?? []) io.engine.use(onlyForHandshake(middleware));
  const trust = compileTrustProxy(deps.trustProxy ?? false);
  io.on('connection', (socket) => {
    socket.data.clientIp = clientAddress(socket.request, trust);
    // Signed in: this socket joins the user's own room, where events for that user are sent.
    const user = (socket.request as IncomingMessage & { user?: { id: number } }).user;
    if (user) {
      socket.data.userId = user.id;
      void socket.join(userRoom(user.id));
    }
    for (const register of deps.features) register(io, socket);
  });
  for (const start of deps.onServer ?? []) start(io);
  return io;
}

/**
 * The notifier port over Socket.IO. Services get it at construction, before the socket server
 * exists (the server needs the services for its handlers); `attach` binds it once the server runs.
 * Nothing emits before that: the dispatcher starts and the port opens only after `attach`.
 */
export function createSocketNotifier(): Notifier & { attach(io: RealtimeServer): void } {
  let server: RealtimeServer | null = null;
  const io = () => {
    if (!server) throw new Error('notifier used before the realtime server started');
    return server;
  };
  // Socket.IO's emit is typed per event with a rest tuple; the port's signature is the same contract.
  type Emit = (event: NotifierEvent, ...payload: unknown[]) => boolean;
  return {
    attach(realtime) {
      server = realtime;
    },
    toUser<E extends NotifierEvent>(userId: number, event: E, ...payload: NotifierPayload<E>) {
      const to = io().to(userRoom(userId));
      (to.emit as Emit).call(to, event, ...payload);
    },
    toRoom<E extends NotifierEvent>(room: string, event: E, ...payload: NotifierPayload<E>) {
      const to = io().to(room);
      (to.emit as Emit).call(to, event, ...payload);
    },
    broadcast<E extends NotifierEvent>(event: E, ...payload: NotifierPayload<E>) {
      const all = io();
      (all.emit as unknown as Emit).call(all, event, ...payload);
    },
    // With the Redis adapter these reach the user's sockets on every node.
    joinRoom(userId, room) {
      io().in(userRoom(userId)).socketsJoin(room);
    },
    leaveRoom(userId, room) {
      io().in(userRoom(userId)).socketsLeave(room);
    },
    disconnectUser(userId) {
      io().in(userRoom(userId)).disconnectSockets(true);
    },
  };
}

/**
 * The adapter publishes without handling rejections; while Redis is down (or closing) that would
 * crash the process. Failed publishes are logged (once per outage) and dropped: local delivery
 * already happened. Its commands are bounded like every other Redis command: the adapter's
 * PUBSUB NUMSUB (fetchSockets, e.g. room presence) would otherwise wait forever on a hung Redis.
 */
function guardPublish(client: RedisClient, logger: Logger, timeoutMs: number): RedisClient {
  const run = bounded(timeoutMs);
  let failing = false;
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'sendCommand') return (...args: unknown[]) => run(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      if (property !== 'publish' && property !== 'sPublish') return value.bind(target);
      return (...args: unknown[]) =>
        run(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)).then(
          (receivers) => {
            if (failing) logger.info('socket events reach the other nodes again');
            failing = false;
            return receivers;
          },
          (error: unknown) => {
            if (!failing) logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'socket events not published to other nodes (dropped until Redis answers)');
            failing = true;
            return 0;
          },
        );
    },
  });
}

/**
 * Wraps a command handler: parses the payload with its zod schema, runs the handler and answers
 * the acknowledgement `{ ok, data } | { ok: false, error }`. A client without an ack callback gets
 * nothing. Socket.IO passes the ack as the only argument when the client sent no payload: that
 * command is answered too (its payload is then `undefined`, which its schema judges).
 */
export function command<S extends z.ZodType, T>(
  logger: Logger,
  schema: S,
  run: (payload: z.infer<S>) => Promise<T> | T,
): (...args: unknown[]) => void {
  return (...args) => {
    const ackAt = args.findLastIndex((arg) => typeof arg === 'function');
    const ack = ackAt >= 0 ? (args[ackAt] as (response: Ack<T>) => void) : undefined;
    const payload = ackAt === 0 ? undefined : args[0];
    const reply = ack ?? (() => {});
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      reply({ ok: false, error: { code: 'VALIDATION_FAILED', message: 'Payload is invalid', details } });
      return;
    }
    Promise.resolve()
      .then(() => run(parsed.data))
      .then(
        (data) => reply({ ok: true, data }),
        (error: unknown) => {
          const { status, body } = toApiError(error);
          // A 503 (Redis unavailable, a busy race) is an expected state; only the unknown is a bug.
          if (body.code === 'INTERNAL_ERROR') logger.error({ err: error }, 'socket command failed');
          else if (status >= 500) logger.warn({ code: body.code, err: error instanceof Error ? error.message : String(error) }, 'socket command answered unavailable');
          reply({ ok: false, error: body satisfies ApiError });
        },
      );
  };
}

