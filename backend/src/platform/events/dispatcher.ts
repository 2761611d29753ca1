import { DOMAIN_EVENTS, isDomainEventName } from '@cinema-dna/shared-types';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import type { Logger } from '../logging.js';
import { domainEventDeliveries, domainEvents } from './schema.js';
import type { AnyDomainEvent, Subscriber } from './types.js';

/** How long a claim holds its events; far above a delivery's time, so it only matters when a process dies. */
const LEASE_MS = 30_000;
/** Events claimed per round (default). */
const BATCH_SIZE = 100;
/** Aggregates delivered at once within a round (each aggregate's events one after another). */
const CONCURRENCY = 4;
/** A failed delivery is retried after 1 s, doubling up to this. */
const MAX_BACKOFF_MS = 5 * 60_000;
/** Delivered events are kept this long (for inspection), then pruned hourly. */
const RETENTION_DAYS = 7;
const PRUNE_INTERVAL_MS = 60 * 60_000;

interface ClaimedRow {
  id: string;
  seq: number;
  name: string;
  aggregate_key: string;
  payload: unknown;
  created_at: Date | string;
  attempts: number;
}

export interface OutboxDispatcherOptions {
  database: Database;
  logger: Logger;
  /** The subscribers registered for an event name, at the time of delivery. */
  subscribersFor(name: string): readonly Subscriber[];
  /** Fallback poll for events this process was not nudged about (another process recorded them, a retry is due). */
  pollIntervalMs: number;
  /** Events (and aggregates) claimed per round; default 100. */
  batchSize?: number;
}

export interface OutboxDispatcher {
  start(): void;
  /** Look now (an event was committed). */
  nudge(): void;
  /** Resolves once every event committed before the call is delivered (tests, shutdown). */
  settled(): Promise<void>;
  /** Finishes the round in progress, then stops. */
  close(): Promise<void>;
}

/**
 * Delivers outbox events to their subscribers, at least once, in order per aggregate.
 *
 * Claiming: a round takes the first undelivered event of up to BATCH_SIZE aggregates (their
 * "heads": no earlier undelivered event of the same aggregate), locked `FOR UPDATE SKIP LOCKED`, and
 * leases them with the following events of the same aggregates. Another process skips locked heads
 * and never sees a leased event as claimable, so each event is handled by one process at a time and
 * an aggregate's events by one process in order. A process that dies leaves its lease to run out.
 *
 * Delivering: per subscriber, one transaction inserts its processed-event record (subscriber, event
 * id) and runs its handler; a record already there (a redelivery) skips the handler. When every
 * subscriber is done the event is marked delivered. A failure leaves the event (and the rest of its
 * aggregate) for a retry with back-off, so no later event of that aggregate overtakes it.
 */
export function createOutboxDispatcher(options: OutboxDispatcherOptions): OutboxDispatcher {
  const { database, logger } = options;
  const db = database.db;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let running: Promise<void> | null = null;
  let stopping = false;
  let nudged = false;
  let wake: (() => void) | null = null;
  let idleWaiters: Array<() => void> = [];
  let pruneTimer: NodeJS.Timeout | undefined;

  const wakeUp = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };

  /** Waits for a nudge or the poll interval, whichever comes first. */
  const pause = () =>
    new Promise<void>((resolve) => {
      if (nudged || stopping) return resolve();
      const timer = setTimeout(wakeUp, options.pollIntervalMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function claim(): Promise<Array<AnyDomainEvent & { attempts: number }>> {
    const result = (await db.execute(sql`
      with heads as (
        select e.aggregate_key
        from ${domainEvents} e
        where e.delivered_at is null
          and (e.claimed_until is null or e.claimed_until < now())
          and not exists (
            select 1 from ${domainEvents} p
            where p.aggregate_key = e.aggregate_key and p.delivered_at is null and p.seq < e.seq)
        order by e.seq
        limit ${batchSize}
        for update of e skip locked
      ),
      claimable as (
        select d.id from ${domainEvents} d
        where d.delivered_at is null and d.aggregate_key in (select aggregate_key from heads)
          and (d.claimed_until is null or d.claimed_until < now())
        order by d.seq
        limit ${batchSize}
      )
      update ${domainEvents} u
      set claimed_until = now() + ${LEASE_MS}::int * interval '1 millisecond', attempts = u.attempts + 1
      from claimable c
      where u.id = c.id
      returning u.id, u.seq::float8 as seq, u.name, u.aggregate_key, u.payload, u.created_at, u.attempts`)) as unknown as { rows: ClaimedRow[] };
    return result.rows
      .map((row) => ({
        id: row.id,
        seq: Number(row.seq),
        name: row.name as AnyDomainEvent['name'],
        aggregateKey: row.aggregate_key,
        payload: row.payload as AnyDomainEvent['payload'],
        createdAt: new Date(row.created_at),
        attempts: row.attempts,
      }))
      .sort((a, b) => a.seq - b.seq) as Array<AnyDomainEvent & { attempts: number; seq: number }>;
  }

  /** The event with its payload checked against today's schema; throws for an unknown name or a bad payload. */
  function parsed(event: AnyDomainEvent): AnyDomainEvent {
    if (!isDomainEventName(event.name)) throw new Error(`unknown domain event ${String(event.name)}`);
    return { ...event, payload: DOMAIN_EVENTS[event.name].parse(event.payload) } as AnyDomainEvent;
  }

  async function deliverOne(event: AnyDomainEvent): Promise<void> {
    const checked = parsed(event);
    for (const subscriber of options.subscribersFor(checked.name)) {
      await db.transaction(async (tx) => {
        // Inserted first: a concurrent delivery of the same event to this subscriber waits on this row, then skips.
        const fresh = await tx
          .insert(domainEventDeliveries)
          .values({ subscriber: subscriber.id, eventId: checked.id })
          .onConflictDoNothing()
          .returning({ eventId: domainEventDeliveries.eventId });
        if (fresh.length === 0) return;
        await subscriber.handle([checked], { tx });
      });
    }
  }

  /** One aggregate's claimed events, in order; stops at the first failure. */
  async function deliverAggregate(events: Array<AnyDomainEvent & { attempts: number }>): Promise<void> {
    for (const [index, event] of events.entries()) {
      try {
        await deliverOne(event);
        await db.update(domainEvents).set({ deliveredAt: sql`now()`, claimedUntil: null, lastError: null }).where(eq(domainEvents.id, event.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const backoffMs = Math.min(1_000 * 2 ** Math.max(0, event.attempts - 1), MAX_BACKOFF_MS);
        logger.warn({ err: message, eventId: event.id, event: event.name, aggregate: event.aggregateKey, attempts: event.attempts, retryInMs: backoffMs }, 'domain event not delivered; will retry');
        await db
          .update(domainEvents)
          .set({ claimedUntil: sql`now() + ${backoffMs}::int * interval '1 millisecond'`, lastError: message.slice(0, 2_000) })
          .where(eq(domainEvents.id, event.id));
        const rest = events.slice(index + 1).map((later) => later.id);
        if (rest.length > 0) await db.update(domainEvents).set({ claimedUntil: null }).where(inArray(domainEvents.id, rest));
        return;
      }
    }
  }

  /** A cheap look before the claim (an UPDATE): an idle poll then costs one index probe. */
  async function anythingPending(): Promise<boolean> {
    const [row] = await db.select({ id: domainEvents.id }).from(domainEvents).where(isNull(domainEvents.deliveredAt)).limit(1);
    return Boolean(row);
  }

  async function round(): Promise<boolean> {
    if (!(await anythingPending())) return false;
    const claimed = await claim();
    if (claimed.length === 0) return false;
    const byAggregate = new Map<string, typeof claimed>();
    for (const event of claimed) {
      const list = byAggregate.get(event.aggregateKey);
      if (list) list.push(event);
      else byAggregate.set(event.aggregateKey, [event]);
    }
    const queue = [...byAggregate.values()];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await deliverAggregate(next).catch((error: unknown) => logger.error({ err: error }, 'domain event bookkeeping failed'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    return true;
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      nudged = false;
      let worked = false;
      try {
        worked = await round();
      } catch (error) {
        if (stopping) break;
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'outbox claim failed; retrying');
      }
      if (worked) continue;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
      await pause();
    }
    for (const resolve of idleWaiters.splice(0)) resolve();
  }

  async function prune(): Promise<void> {
    await db
      .delete(domainEvents)
      .where(lt(domainEvents.deliveredAt, sql`now() - ${RETENTION_DAYS}::int * interval '1 day'`))
      .catch((error: unknown) => logger.warn({ err: error }, 'delivered domain events not pruned'));
  }

  /** The next time the loop finds nothing to claim. */
  const nextIdle = () => new Promise<void>((resolve) => (running && !stopping ? idleWaiters.push(resolve) : resolve()));

  const nudge = () => {
    nudged = true;
    wakeUp();
  };

  return {
    start() {
      if (running) return;
      running = loop();
      void prune();
      pruneTimer = setInterval(() => void prune(), PRUNE_INTERVAL_MS);
      pruneTimer.unref();
    },

    nudge,

    async settled() {
      const [last] = await db.select({ seq: sql<number>`coalesce(max(${domainEvents.seq}), 0)::float8`.mapWith(Number) }).from(domainEvents);
      const upTo = last?.seq ?? 0;
      const pending = async () => {
        const [row] = await db
          .select({ id: domainEvents.id })
          .from(domainEvents)
          .where(and(isNull(domainEvents.deliveredAt), sql`${domainEvents.seq} <= ${upTo}`))
          .limit(1);
        return Boolean(row);
      };
      // Look at once; while events remain (another process holds them, a retry is due), wait for each poll.
      nudge();
      for (;;) {
        await nextIdle();
        if (!(await pending())) return;
        if (!running || stopping) throw new Error('the dispatcher stopped with events undelivered');
      }
    },

    async close() {
      stopping = true;
      clearInterval(pruneTimer);
      wakeUp();
      await running;
    },
  };
}
