import type { RacePlayer, RaceProgressed, RaceState } from '@cinema-dna/shared-types';

/**
 * The room as this client holds it. `race:state` broadcasts and command answers can arrive out of order
 * (an ack racing a broadcast, a resync after a reconnect): every state carries the room's version, and
 * an older one than the state held is dropped.
 */
export function acceptRaceState(current: RaceState | null, incoming: RaceState): RaceState {
  if (current && current.code === incoming.code && incoming.version < current.version) return current;
  return incoming;
}

/**
 * `race:progressed` (volatile, unversioned): one player's links so far. Applied only while the room is
 * racing, and never backwards past a finish the held state already shows.
 */
export function applyRaceProgress(current: RaceState | null, progressed: RaceProgressed): RaceState | null {
  if (!current || current.code !== progressed.code || current.status === 'finished' || current.status === 'lobby') return current;
  let changed = false;
  const players = current.players.map((player) => {
    if (player.userId !== progressed.userId) return player;
    if (player.status && player.status !== 'playing') return player;
    changed = true;
    return { ...player, links: progressed.links, moves: progressed.moves, status: progressed.status };
  });
  return changed ? { ...current, players } : current;
}

/** What the room shows now. A countdown whose start time has passed shows the race (the server agrees). */
export type RacePhase = 'lobby' | 'countdown' | 'racing' | 'finished';

export function racePhase(state: RaceState, serverNow: number): RacePhase {
  if (state.status === 'countdown' && state.startsAt !== null && serverNow >= state.startsAt) return 'racing';
  return state.status;
}

/** The player this user is in the room; null for a spectator. */
export function ownPlayer(state: RaceState, userId: number | undefined): RacePlayer | null {
  if (userId === undefined) return null;
  return state.players.find((player) => player.userId === userId) ?? null;
}

/** Results order: ranked players first (1, 2, …), then the rest by links made. */
export function rankedPlayers(players: readonly RacePlayer[]): RacePlayer[] {
  return [...players].sort((a, b) => {
    if (a.rank !== null && b.rank !== null) return a.rank - b.rank;
    if (a.rank !== null) return -1;
    if (b.rank !== null) return 1;
    return b.links - a.links || a.displayName.localeCompare(b.displayName);
  });
}

/** The shareable link to a room. */
export function raceLink(origin: string, code: string): string {
  return `${origin}/challenges/race/${code}`;
}
