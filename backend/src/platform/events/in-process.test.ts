import { SearchParametersSchema } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging.js';
import { createInProcessBus } from './in-process.js';
import type { AnyDomainEvent, Subscriber } from './types.js';

const logger = createLogger('silent');
const parameters = SearchParametersSchema.parse({});
const found = (n: number) => ({ actor: n, from: 'person:kevin-bacon', to: 'person:tom-hanks', parameters, degrees: 2, cached: n > 0, usedObscure: false });

function busWith(...subscribers: Subscriber[]) {
  return createInProcessBus({ logger, subscribersFor: (name) => subscribers.filter((s) => (s.events as readonly string[]).includes(name)) });
}

function collecting(id: string, onBatch: (batch: ReadonlyArray<AnyDomainEvent>) => void = () => {}): Subscriber & { batches: AnyDomainEvent[][] } {
  const batches: AnyDomainEvent[][] = [];
  return {
    id,
    events: ['connection.found'],
    batches,
    async handle(events) {
      onBatch(events);
      batches.push([...events]);
    },
  };
}

describe('in-process domain events', () => {
  it('hands every subscriber every event, in publish order, batched, each with its own id', async () => {
    const one = collecting('one');
    const two = collecting('two');
    const bus = busWith(one, two);
    for (let i = 0; i < 2_500; i += 1) bus.publish('connection.found', found(i), 'anonymous');
    await bus.settled();
    for (const subscriber of [one, two]) {
      const actors = subscriber.batches.flat().map((event) => (event.payload as { actor: number }).actor);
      expect(actors).toEqual(Array.from({ length: 2_500 }, (_, i) => i));
      // 2,500 events in one tick: a few batches, not one call per event.
      expect(subscriber.batches.length).toBeLessThanOrEqual(3);
    }
    expect(new Set(one.batches.flat().map((event) => event.id)).size).toBe(2_500);
    expect(one.batches.flat()[0]).toMatchObject({ name: 'connection.found', aggregateKey: 'anonymous', payload: found(0) });
  });

  it('retries a failing subscriber (the others get their batch as usual), and drops the batch after three tries', async () => {
    let failuresLeft = 2;
    const flaky = collecting('flaky', () => {
      if (failuresLeft-- > 0) throw new Error('cache down');
    });
    const broken: Subscriber & { calls: number } = {
      id: 'broken',
      events: ['connection.found'],
      calls: 0,
      async handle() {
        this.calls += 1;
        throw new Error('always down');
      },
    };
    const healthy = collecting('healthy');
    const bus = busWith(flaky, broken, healthy);
    bus.publish('connection.found', found(1), 'user:1');
    await bus.settled();
    expect(flaky.batches.flat().map((event) => event.aggregateKey)).toEqual(['user:1']);
    expect(broken.calls).toBe(3);
    expect(healthy.batches).toHaveLength(1);

    // The next batch goes to each of them again.
    bus.publish('connection.found', found(2), 'user:2');
    await bus.settled();
    expect(flaky.batches.flat().map((event) => event.aggregateKey)).toEqual(['user:1', 'user:2']);
    expect(broken.calls).toBe(6);
  });

  it('delivers what is buffered on close, then takes nothing more', async () => {
    const subscriber = collecting('late');
    const bus = busWith(subscriber);
    bus.publish('connection.found', found(1), 'anonymous');
    await bus.close();
    bus.publish('connection.found', found(2), 'anonymous');
    await bus.settled();
    expect(subscriber.batches.flat().map((event) => (event.payload as { actor: number }).actor)).toEqual([1]);
  });
});
