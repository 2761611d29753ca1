import {
  EVENTS,
  RaceProgressedSchema,
  RaceStateSchema,
  type Ack,
  type AckCallback,
  type ClientToServerEvents,
  type EntitySummary,
} from '@cinema-dna/shared-types';
import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { toast } from '../../../ui/toast';
import { authState } from '../../auth';
import { useSocket, type AppSocket } from '../../realtime';
import { clockSample } from '../lib/server-clock';
import {
  addRaceClockSample,
  challengesState,
  enterRaceRoom,
  receiveOwnChain,
  receiveRaceProgress,
  receiveRaceState,
  resetRace,
  setRaceError,
  setRaceJoined,
  setRacePending,
} from '../store';

/** A command the server does not answer within this long has failed (the connection dropped). */
const ACK_TIMEOUT_MS = 8_000;
/** Clock readings taken on each (re)connect; the one with the shortest round trip wins. */
const CLOCK_SAMPLES = 3;

type RaceCommand = Extract<keyof ClientToServerEvents, `race:${string}`>;
type PayloadOf<E extends RaceCommand> = Parameters<ClientToServerEvents[E]>[0];
type AckOf<E extends RaceCommand> = Parameters<ClientToServerEvents[E]>[1] extends AckCallback<infer T> ? T : never;

/** Sends one race command and resolves with its acknowledgement (or a failure when none comes). */
export function askRace<E extends RaceCommand>(socket: AppSocket, event: E, payload: PayloadOf<E>): Promise<Ack<AckOf<E>>> {
  const emitter = socket.timeout(ACK_TIMEOUT_MS) as unknown as {
    emit(event: string, payload: unknown, callback: (error: Error | null, ack: Ack<AckOf<E>>) => void): void;
  };
  return new Promise((resolve) => {
    emitter.emit(event, payload, (error, ack) => {
      if (error) resolve({ ok: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'The server did not answer. Check your connection and try again.' } });
      else resolve(ack);
    });
  });
}

/** Takes a few readings of the server's clock (NTP-style) for the countdowns. */
function syncClock(socket: AppSocket): void {
  for (let sample = 0; sample < CLOCK_SAMPLES; sample++) {
    const sentAt = Date.now();
    void askRace(socket, EVENTS.raceClock, {}).then((ack) => {
      if (ack.ok) addRaceClockSample(clockSample(ack.data.serverNow, Date.now(), sentAt));
    });
  }
}

const failed = (title: string, message: string) => toast({ title, description: message, variant: 'destructive' });

/**
 * Joins race room `code` on the app's socket (as a player when signed in, else as a spectator), keeps
 * the room's state in the store from `race:state` and `race:progressed`, measures the clock offset, and
 * after a reconnect asks `race:resync` for the room and the player's own chain (rejoining if the server
 * no longer knows the socket). Leaves on unmount. Answers the room's commands.
 *
 * Registered by the room page rather than in the SocketProvider: race events matter only while a room
 * is on screen, and joining and leaving follow the page's lifetime.
 */
export function useRaceRoom(code: string, { watch = false }: { watch?: boolean } = {}) {
  const socket = useSocket();
  const { user } = useSnapshot(authState);
  const sessionKnown = user !== undefined;
  const as: 'player' | 'spectator' = user && !watch ? 'player' : 'spectator';
  const joinedRef = useRef(false);

  // The room's state belongs to this visit: coming back later starts from the server's answer, not a stale copy.
  useEffect(() => {
    enterRaceRoom(code);
    return () => resetRace();
  }, [code]);

  useEffect(() => {
    if (!socket || !sessionKnown) return;
    joinedRef.current = false;
    let active = true;

    const join = async () => {
      setRacePending('join');
      const sentAt = Date.now();
      const ack = await askRace(socket, EVENTS.raceJoin, { code, as });
      if (!active) return;
      setRacePending(null);
      if (!ack.ok) {
        setRaceError(ack.error);
        return;
      }
      joinedRef.current = true;
      setRaceJoined(as);
      addRaceClockSample(clockSample(ack.data.serverNow, Date.now(), sentAt));
      receiveRaceState(ack.data);
      // A player back within the grace gets their chain as it was.
      if (as === 'player' && ack.data.status !== 'lobby') await resync();
    };
    const resync = async () => {
      const ack = await askRace(socket, EVENTS.raceResync, { code });
      if (!active) return;
      if (!ack.ok) {
        // The server forgot this socket (its state expired): join afresh.
        joinedRef.current = false;
        await join();
        return;
      }
      receiveRaceState(ack.data.state);
      receiveOwnChain(ack.data.chain);
    };
    const onConnect = () => {
      syncClock(socket);
      void (joinedRef.current ? resync() : join());
    };
    const onState = (payload: unknown) => {
      const parsed = RaceStateSchema.safeParse(payload);
      if (parsed.success) receiveRaceState(parsed.data);
    };
    const onProgress = (payload: unknown) => {
      const parsed = RaceProgressedSchema.safeParse(payload);
      if (parsed.success) receiveRaceProgress(parsed.data);
    };

    socket.on('connect', onConnect);
    socket.on(EVENTS.raceState, onState);
    socket.on(EVENTS.raceProgressed, onProgress);
    if (socket.connected) onConnect();
    return () => {
      active = false;
      socket.off('connect', onConnect);
      socket.off(EVENTS.raceState, onState);
      socket.off(EVENTS.raceProgressed, onProgress);
      if (joinedRef.current) void askRace(socket, EVENTS.raceLeave, { code });
      joinedRef.current = false;
    };
  }, [socket, sessionKnown, code, as]);

  return useMemo(() => {
    const run = async <E extends RaceCommand>(event: E, payload: PayloadOf<E>, pending: Parameters<typeof setRacePending>[0], title: string, pick: EntitySummary | null = null) => {
      if (!socket) return null;
      setRacePending(pending, pick);
      const ack = await askRace(socket, event, payload);
      setRacePending(null);
      if (!ack.ok) {
        failed(title, ack.error.message);
        return null;
      }
      return ack.data;
    };
    return {
      setReady: async (ready: boolean) => {
        const state = await run(EVENTS.raceReady, { code, ready }, 'ready', 'Could not change your ready state');
        if (state) receiveRaceState(state);
      },
      start: async () => {
        const state = await run(EVENTS.raceStart, { code }, 'start', 'Could not start the race');
        if (state) receiveRaceState(state);
      },
      move: async (entity: EntitySummary) => {
        if (challengesState.race.pending) return;
        const outcome = await run(EVENTS.raceMove, { code, entity: entity.key }, 'move', 'That pick did not count', entity);
        if (outcome) receiveOwnChain(outcome);
      },
      undo: async () => {
        const outcome = await run(EVENTS.raceUndo, { code }, 'undo', 'Could not undo');
        if (outcome) receiveOwnChain(outcome);
      },
      giveUp: async () => {
        const state = await run(EVENTS.raceGiveUp, { code }, 'give-up', 'Could not give up');
        if (state) receiveRaceState(state);
      },
      rematch: async () => {
        const state = await run(EVENTS.raceRematch, { code }, 'rematch', 'Could not start a rematch');
        if (state) receiveRaceState(state);
      },
    };
  }, [socket, code]);
}
