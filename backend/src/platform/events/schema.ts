import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The outbox: domain events written in the same transaction as the change they describe, then
 * handed to subscribers by the dispatcher (dispatcher.ts). `id` is the idempotency key subscribers
 * see; `seq` orders the events (per aggregate, commit order: see outbox.ts).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** What the event is about, e.g. `user:42`: events of one aggregate are delivered in order. */
    aggregateKey: text('aggregate_key').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Times a dispatcher claimed it. */
    attempts: integer('attempts').notNull().default(0),
    /** A dispatcher holds it until then (its lease, or the back-off after a failed delivery). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Every subscriber handled it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('domain_events_seq_idx').on(table.seq),
    // The dispatcher only ever looks at undelivered events: these stay small as the table grows.
    index('domain_events_pending_idx').on(table.seq).where(sql`${table.deliveredAt} is null`),
    index('domain_events_pending_aggregate_idx').on(table.aggregateKey, table.seq).where(sql`${table.deliveredAt} is null`),
    index('domain_events_delivered_at_idx').on(table.deliveredAt),
  ],
);

/**
 * Which subscriber processed which event: written in the subscriber's own transaction, so a
 * redelivered event (a crash after the handler, a lease that ran out) changes nothing.
 */
export const domainEventDeliveries = pgTable(
  'domain_event_deliveries',
  {
    subscriber: text('subscriber').notNull(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.subscriber, table.eventId] }), index('domain_event_deliveries_event_id_idx').on(table.eventId)],
);
