import type { DomainEventName, DomainEventPayload } from '@cinema-dna/shared-types';
import type { Db } from '../db/database.js';

/** The transaction drizzle hands to `db.transaction(work)`: what an event is recorded in. */
export type DbTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Events that change no data and happen on the hot path: `connection.found` fires once per search
 * (thousands a second from the cache), `entity.viewed` once per entity page. They skip the outbox and
 * are delivered in process, in batches (in-process.ts). Every other event goes through the outbox in
 * its change's transaction.
 */
export const IN_PROCESS_EVENTS = ['connection.found', 'entity.viewed'] as const satisfies readonly DomainEventName[];
export type InProcessEventName = (typeof IN_PROCESS_EVENTS)[number];
export type OutboxEventName = Exclude<DomainEventName, InProcessEventName>;

export const isInProcessEvent = (name: DomainEventName): name is InProcessEventName => (IN_PROCESS_EVENTS as readonly string[]).includes(name);

/** One event as a subscriber receives it. */
export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  /** Unique per event: the idempotency key (a redelivery carries the same id). */
  id: string;
  name: N;
  /** What the event is about (`user:42`); events of one aggregate arrive in the order they happened. */
  aggregateKey: string;
  payload: DomainEventPayload<N>;
  createdAt: Date;
}

/** A union over the names, so `switch (event.name)` narrows the payload. */
export type AnyDomainEvent<N extends DomainEventName = DomainEventName> = N extends DomainEventName ? DomainEvent<N> : never;

export interface DeliveryContext {
  /**
   * Outbox events: the transaction in which the dispatcher also records that this subscriber processed
   * the event. Database writes made through it commit with that record, so a redelivery changes nothing.
   * Null for in-process events (delivered once, in batches, never redelivered after a restart).
   */
  tx: DbTransaction | null;
}

/**
 * A feature's reaction to events, registered from `features/<feature>/subscribers.ts`. Outbox
 * events arrive one at a time, in order per aggregate, at least once (a side effect outside `tx`,
 * such as a cache write or a socket emit, may repeat after a crash). In-process events arrive in
 * batches, in the order they were published.
 */
export interface Subscriber<N extends DomainEventName = DomainEventName> {
  /** Stable and unique: processed-event records are kept under it. */
  id: string;
  events: readonly N[];
  handle(events: ReadonlyArray<AnyDomainEvent<N>>, context: DeliveryContext): Promise<void>;
}

/** Writes outbox events in the caller's transaction. */
export interface EventRecorder {
  /**
   * Records `name` in `tx`: it commits with the change or not at all. Returns the event id. One
   * aggregate per transaction (each record locks its aggregate until commit, keeping their order).
   */
  record<N extends OutboxEventName>(tx: DbTransaction, name: N, payload: DomainEventPayload<N>, aggregateKey: string): Promise<string>;
  /** `db.transaction(work)`, then wakes the dispatcher once the events recorded in it are committed. */
  transaction<T>(work: (tx: DbTransaction) => Promise<T>): Promise<T>;
}

/** Publishes in-process events (no database round trip). */
export interface EventPublisher {
  publish<N extends InProcessEventName>(name: N, payload: DomainEventPayload<N>, aggregateKey: string): void;
}

/** The aggregate of everything a user does: their events are delivered in the order they happened. */
export const userAggregate = (userId: number) => `user:${userId}`;
