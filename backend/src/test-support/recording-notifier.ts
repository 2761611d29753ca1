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
}

/** The notifier port for suites without a socket server (supertest): keeps what would have been pushed. Tests only. */
export function createRecordingNotifier(): RecordingNotifier {
  const sent: RecordedNotification[] = [];
  return {
    sent,
    toUser: (user, event, ...payload) => void sent.push({ target: { user }, event, payload }),
    toRoom: (room, event, ...payload) => void sent.push({ target: { room }, event, payload }),
    broadcast: (event, ...payload) => void sent.push({ target: 'everyone', event, payload }),
  };
}
