import type { Notifier, NotifierEvent } from '../platform/notifier.js';

/** One push as a service asked for it. */
export interface RecordedNotification {
  target: { user: number } | { room: string } | 'everyone';
  event: NotifierEvent;
  payload: unknown[];
}

export interface RecordingNotifier extends Notifier {
  /** Every push, in order. */
  sent: RecordedNotification[];
  /** Every room a user's sockets were asked to join or leave, in order. */
  memberships: Array<{ user: number; room: string; joined: boolean }>;
  /** Users whose sockets were asked to end, in order. */
  disconnected: number[];
}

/** The notifier port for suites without a socket server (supertest): keeps what would have been pushed. Tests only. */
export function createRecordingNotifier(): RecordingNotifier {
  const sent: RecordedNotification[] = [];
  const memberships: RecordingNotifier['memberships'] = [];
  const disconnected: number[] = [];
  return {
    sent,
    memberships,
    disconnected,
    disconnectUser: (user) => void disconnected.push(user),
    joinRoom: (user, room) => void memberships.push({ user, room, joined: true }),
    leaveRoom: (user, room) => void memberships.push({ user, room, joined: false }),
    toUser: (user, event, ...payload) => void sent.push({ target: { user }, event, payload }),
    toRoom: (room, event, ...payload) => void sent.push({ target: { room }, event, payload }),
    broadcast: (event, ...payload) => void sent.push({ target: 'everyone', event, payload }),
  };
}
