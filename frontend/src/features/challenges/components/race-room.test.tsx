import type { Ack, RaceState } from '@cinema-dna/shared-types';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { racePlayer, raceState } from '../../../test/challenge-fixtures';
import { kevinBacon, tomHanks } from '../../../test/fixtures';
import { resetAuth, setUser } from '../../auth';
import { SocketProvider, type AppSocket } from '../../realtime';
import { resetRace } from '../store';
import { RaceRoom } from './race-room';

const me = { id: 2, username: 'ada', displayName: 'Ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 2, points: 120, role: 'user' as const };

type Answer = (payload: unknown) => Ack<unknown>;

/** A socket.io client stand-in: commands are answered by `answers`, broadcasts come from `serverSays`. */
function fakeSocket(answers: Record<string, Answer>) {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  const sent: Array<[string, unknown]> = [];
  const emit = (event: string, payload: unknown, callback: (error: Error | null, ack: Ack<unknown>) => void) => {
    sent.push([event, payload]);
    const answer = answers[event];
    if (answer) queueMicrotask(() => callback(null, answer(payload)));
    return socket;
  };
  const socket = {
    connected: false,
    on(event: string, fn: (...args: unknown[]) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(fn);
      return socket;
    },
    off(event: string, fn: (...args: unknown[]) => void) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    timeout: () => ({ emit }),
    emit: () => socket,
    connect: () => socket,
    disconnect: () => socket,
    sent,
    serverSays(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      if (event === 'disconnect') socket.connected = false;
      handlers.get(event)?.forEach((fn) => fn(...args));
    },
  };
  return socket;
}

function renderRoom(socket: ReturnType<typeof fakeSocket>) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SocketProvider createSocket={() => socket as unknown as AppSocket}>
        <MemoryRouter>
          <RaceRoom code="ABC123" />
        </MemoryRouter>
      </SocketProvider>
    </QueryClientProvider>,
  );
}

const ok = (data: unknown): Ack<unknown> => ({ ok: true, data });

beforeEach(() => {
  resetRace();
  resetAuth();
  setUser(me);
});

describe('RaceRoom', () => {
  it('joins as a player, shows the lobby, drops a stale state and resyncs after a reconnect', async () => {
    let room: RaceState = raceState({ version: 3, players: [racePlayer(1, { displayName: 'Host Hal' }), racePlayer(2, { displayName: 'Ada' })], spectators: 1 });
    const socket = fakeSocket({
      'race:join': () => ok(room),
      'race:clock': () => ok({ serverNow: Date.now() }),
      'race:ready': (payload) => {
        room = { ...room, version: room.version + 1, players: room.players.map((p) => (p.userId === 2 ? { ...p, ready: (payload as { ready: boolean }).ready } : p)) };
        return ok(room);
      },
      'race:resync': () => ok({ state: room, chain: null }),
    });
    renderRoom(socket);
    act(() => socket.serverSays('connect'));

    expect(await screen.findByTestId('race-code')).toBeTruthy();
    expect(socket.sent.find(([event]) => event === 'race:join')?.[1]).toEqual({ code: 'ABC123', as: 'player' });
    expect(screen.getAllByTestId('lobby-player').map((row) => row.textContent)).toEqual([expect.stringContaining('Host Hal'), expect.stringContaining('Ada (you)')]);
    expect(screen.getByText('Host')).toBeTruthy();
    expect(screen.getByTestId('spectator-count').textContent).toBe('1 spectator');
    // Not the host: no Start button.
    expect(screen.queryByRole('button', { name: 'Start race' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'I’m ready' }));
    expect(await screen.findByRole('button', { name: /Ready!/ })).toBeTruthy();

    // A late broadcast of an older version changes nothing.
    act(() => socket.serverSays('race:state', raceState({ version: 2, players: [racePlayer(1, { displayName: 'Host Hal' })] })));
    expect(screen.getAllByTestId('lobby-player')).toHaveLength(2);

    // The connection drops and comes back: the client asks for the room as it is now.
    room = { ...room, version: 9, status: 'countdown', fromEntity: kevinBacon, toEntity: tomHanks, par: 2, startsAt: Date.now() + 3000, endsAt: Date.now() + 303_000 };
    act(() => socket.serverSays('disconnect'));
    act(() => socket.serverSays('connect'));
    expect(await screen.findByTestId('race-countdown')).toBeTruthy();
    expect(socket.sent.filter(([event]) => event === 'race:resync')).toHaveLength(1);
  });

  it('shows the spec’s error state for a wrong code', async () => {
    const socket = fakeSocket({
      'race:join': () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'Race not found' } }),
      'race:clock': () => ok({ serverNow: Date.now() }),
    });
    renderRoom(socket);
    act(() => socket.serverSays('connect'));
    const error = await screen.findByTestId('race-error');
    expect(error.textContent).toContain('Race not found');
    expect(error.textContent).toContain('ABC123');
  });

  it('shows everyone’s chain, the ranking and Rematch for the host when the race has finished', async () => {
    setUser({ ...me, id: 1 });
    const finished = raceState({
      version: 12,
      status: 'finished',
      fromEntity: kevinBacon,
      toEntity: tomHanks,
      par: 2,
      players: [
        racePlayer(1, { displayName: 'Host Hal', rank: 1, status: 'solved', degrees: 2, timeTaken: 41, links: 2, chain: [{ entity: kevinBacon, via: null }, { entity: tomHanks, via: { type: 'acted_in', direction: 'forward', character: null, job: null, label: null } }] }),
        racePlayer(2, { displayName: 'Ada', rank: 2, status: 'gave_up', links: 1 }),
      ],
    });
    const socket = fakeSocket({ 'race:join': () => ok(finished), 'race:clock': () => ok({ serverNow: Date.now() }), 'race:resync': () => ok({ state: finished, chain: null }) });
    renderRoom(socket);
    act(() => socket.serverSays('connect'));
    expect((await screen.findByTestId('race-winner')).textContent).toBe('Host Hal (you) won in 2 degrees, 0:41.');
    expect(screen.getAllByTestId('race-result-row')).toHaveLength(2);
    expect(screen.getByRole('list', { name: "Host Hal's chain" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rematch' })).toBeTruthy());
  });
});
