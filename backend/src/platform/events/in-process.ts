import { randomBytes } from 'node:crypto';
import type { Logger } from '../logging.js';
import type { AnyDomainEvent, EventPublisher, Subscriber } from './types.js';

/** Buffered events are delivered after at most this long... */
export const IN_PROCESS_FLUSH_MS = 10;
/** ...or as soon as this many are waiting. */
const MAX_BATCH = 1_000;
/** A failing handler is tried this many times in all, 100 ms then 200 ms apart. */
const ATTEMPTS = 3;

/**
 * Event ids without a random draw per search: a random prefix per process (and per 2^48 events)
 * and a counter, in UUID form so a subscriber may keep them in a uuid column.
 */
function idSequence(): () => string {
  let prefix = '';
  let counter = 2 ** 48;
  return () => {
    if (counter >= 2 ** 48) {
      const hex = randomBytes(10).toString('hex');
      prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-`;
      counter = 0;
    }
    return prefix + (counter++).toString(16).padStart(12, '0');
  };
}

export interface InProcessBus extends EventPublisher {
  /** Resolves once every event published before the call has been handled (tests, shutdown). */
  settled(): Promise<void>;
  /** Delivers what is buffered, then drops further events. */
  close(): Promise<void>;
}

/**
 * Delivery of in-process events (`connection.found`): no database round trip per event. Events
 * are buffered and handed to each subscriber in batches (at most every IN_PROCESS_FLUSH_MS, or
 * MAX_BATCH at once), in publish order, one batch at a time per subscriber, so trending counts a
 * pair once per batch instead of once per search.
 *
 * The trade-off, chosen because these events change no data: they are not durable. A crash (kill -9,
 * out of memory) loses what is buffered and what handlers were still working on, at most the last
 * ~10 ms of searches; a handler still failing after ATTEMPTS tries drops its batch (logged). Each
 * process delivers its own events, so with several processes each event is still handled once.
 * Subscribers that must never miss one should react to an outbox event instead.
 */
export function createInProcessBus(options: { logger: Logger; subscribersFor(name: string): readonly Subscriber[]; flushMs?: number }): InProcessBus {
  const { logger } = options;
  const flushMs = options.flushMs ?? IN_PROCESS_FLUSH_MS;
  let buffer: AnyDomainEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const nextId = idSequence();
  /** Per subscriber, the batch being delivered and those queued behind it. */
  const chains = new Map<string, Promise<void>>();

  async function deliver(subscriber: Subscriber, events: AnyDomainEvent[]): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await subscriber.handle(events, { tx: null });
        return;
      } catch (error) {
        const err = error instanceof Error ? error.message : String(error);
        if (attempt >= ATTEMPTS) {
          logger.error({ err, subscriber: subscriber.id, events: events.length }, 'in-process domain events dropped after failed deliveries');
          return;
        }
        logger.warn({ err, subscriber: subscriber.id, attempt }, 'in-process domain events not delivered; retrying');
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    const names = new Set(batch.map((event) => event.name));
    const subscribers = new Set([...names].flatMap((name) => options.subscribersFor(name)));
    for (const subscriber of subscribers) {
      const mine = names.size === 1 ? batch : batch.filter((event) => (subscriber.events as readonly string[]).includes(event.name));
      const previous = chains.get(subscriber.id) ?? Promise.resolve();
      const next = previous.then(() => deliver(subscriber, mine));
      chains.set(subscriber.id, next);
      void next.then(() => {
        if (chains.get(subscriber.id) === next) chains.delete(subscriber.id);
      });
    }
  }

  async function settled(): Promise<void> {
    flush();
    while (chains.size > 0) await Promise.all(chains.values());
  }

  return {
    publish(name, payload, aggregateKey) {
      // Nobody listening (or shutting down): the search pays nothing for it.
      if (closed || options.subscribersFor(name).length === 0) return;
      buffer.push({ id: nextId(), name, aggregateKey, payload, createdAt: new Date() } as AnyDomainEvent);
      if (buffer.length >= MAX_BATCH) flush();
      else timer ??= setTimeout(flush, flushMs);
    },
    settled,
    async close() {
      closed = true;
      await settled();
    },
  };
}
