import type { DomainEventName } from '@cinema-dna/shared-types';
import type { Database } from '../db/database.js';
import type { Logger } from '../logging.js';
import { createOutboxDispatcher } from './dispatcher.js';
import { createInProcessBus } from './in-process.js';
import { createOutbox } from './outbox.js';
import type { EventPublisher, EventRecorder, Subscriber } from './types.js';

export type * from './types.js';
export { IN_PROCESS_EVENTS, isInProcessEvent, userAggregate } from './types.js';
export { createOutbox } from './outbox.js';

/** Default fallback poll of the outbox dispatcher (EVENTS_POLL_INTERVAL_MS). */
export const DEFAULT_EVENTS_POLL_INTERVAL_MS = 1_000;

/**
 * Domain events for one process: services record (outbox) or publish (in process); features
 * subscribe; the dispatchers deliver. Built once by createServices.
 */
export interface DomainEvents extends EventRecorder, EventPublisher {
  /** Registers a feature's subscriber (from its `subscribers.ts`). Ids are unique. */
  subscribe<N extends DomainEventName>(subscriber: Subscriber<N>): void;
  /** Starts delivering outbox events (once the app is wired: a subscriber may emit to sockets). */
  start(): void;
  /** Resolves once every event recorded or published before the call has been delivered. */
  settled(): Promise<void>;
  /** Delivers what is buffered in process, finishes the outbox round in progress, and stops. */
  close(): Promise<void>;
}

export interface DomainEventsOptions {
  database: Database;
  logger: Logger;
  /** How often the outbox is polled when no commit in this process woke the dispatcher. */
  pollIntervalMs?: number;
  /** In-process batching window (default 10 ms). */
  flushMs?: number;
  /** Outbox events claimed per round (default 100). */
  batchSize?: number;
}

export function createDomainEvents(options: DomainEventsOptions): DomainEvents {
  const subscribers: Subscriber[] = [];
  const byName = new Map<string, Subscriber[]>();
  const subscribersFor = (name: string): readonly Subscriber[] => byName.get(name) ?? [];

  const dispatcher = createOutboxDispatcher({
    database: options.database,
    logger: options.logger,
    subscribersFor,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_EVENTS_POLL_INTERVAL_MS,
    batchSize: options.batchSize,
  });
  const outbox = createOutbox(options.database.db, { onCommit: dispatcher.nudge });
  const inProcess = createInProcessBus({ logger: options.logger, subscribersFor, flushMs: options.flushMs });
  let started = false;

  return {
    record: outbox.record,
    transaction: outbox.transaction,
    publish: inProcess.publish,

    subscribe<N extends DomainEventName>(subscriber: Subscriber<N>) {
      if (subscribers.some((known) => known.id === subscriber.id)) throw new Error(`a subscriber named ${subscriber.id} is already registered`);
      subscribers.push(subscriber as Subscriber);
      for (const name of new Set<DomainEventName>(subscriber.events)) byName.set(name, [...subscribersFor(name), subscriber as Subscriber]);
    },

    start() {
      started = true;
      dispatcher.start();
    },

    async settled() {
      await inProcess.settled();
      if (started) await dispatcher.settled();
    },

    async close() {
      await inProcess.close();
      await dispatcher.close();
    },
  };
}
