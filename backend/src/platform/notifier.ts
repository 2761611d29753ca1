import type { ServerToClientEvents } from '@cinema-dna/shared-types';

export type NotifierEvent = keyof ServerToClientEvents;
export type NotifierPayload<E extends NotifierEvent> = Parameters<ServerToClientEvents[E]>;

/**
 * The realtime port: how a service or a subscriber pushes to browsers without knowing Socket.IO.
 * Event names and payloads are the socket contract of shared-types (`ServerToClientEvents`).
 * Implemented over the Socket.IO server (realtime.ts), which fans out to every node with Redis.
 */
export interface Notifier {
  /** To every socket of one signed-in user (room `user:<id>`), on any node. */
  toUser<E extends NotifierEvent>(userId: number, event: E, ...payload: NotifierPayload<E>): void;
  /** To every socket in a room (`room:<code>`, `leaderboard:<board>`...). */
  toRoom<E extends NotifierEvent>(room: string, event: E, ...payload: NotifierPayload<E>): void;
  /** To everyone connected. */
  broadcast<E extends NotifierEvent>(event: E, ...payload: NotifierPayload<E>): void;
  /** Every socket of one signed-in user joins a room, on every node (a follow joins the followee's feed room). */
  joinRoom(userId: number, room: string): void;
  /** Every socket of one signed-in user leaves a room, on every node. */
  leaveRoom(userId: number, room: string): void;
  /** Ends every socket of one user, on every node (a deactivated or deleted account). */
  disconnectUser(userId: number): void;
}

/** The room of a signed-in user's sockets. */
export const userRoom = (userId: number) => `user:${userId}`;

/**
 * The room of everyone following `userId`: each of a follower's sockets joins it, so a new activity
 * item reaches every follower with one emit, however many there are.
 */
export const feedRoom = (userId: number) => `feed:${userId}`;
