import type { PathStep } from '@cinema-dna/shared-types';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSavedConnectionService } from '../../features/saved-connections/service.js';
import { createUserService } from '../../features/users/service.js';
import { TEST_PASSWORD } from '../../test-support/accounts.js';
import { databaseTargets, dropSchema, testDatabaseUrl, uniqueSuffix } from '../../test-support/targets.js';
import { openDatabase, type Database } from '../db/database.js';
import { savedConnections } from '../../features/saved-connections/schema.js';
import { users as usersTable } from '../auth/schema.js';
import { createLogger } from '../logging.js';
import { createDomainEvents, createOutbox, userAggregate, type AnyDomainEvent, type DomainEvents, type Subscriber } from './index.js';
import { domainEvents } from './schema.js';

const logger = createLogger('silent');
const backendRoot = fileURLToPath(new URL('../../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./test-fixtures/record-then-hang.ts', import.meta.url));

/** What the test subscriber wrote, through the delivery's transaction (so it is idempotent by event id). */
interface Received {
  n: number;
  subscriber: string;
  event_id: string;
  name: string;
  aggregate_key: string;
  payload: Record<string, unknown>;
}

async function createReceivedTable(database: Database): Promise<void> {
  await database.db.execute(sql`
    create table if not exists outbox_test_received (
      n serial primary key, subscriber text not null, event_id uuid not null, name text not null,
      aggregate_key text not null, payload jsonb not null, handled_by text)`);
  await database.db.execute(sql`delete from outbox_test_received`);
}

async function received(database: Database): Promise<Received[]> {
  const result = (await database.db.execute(sql`select n, subscriber, event_id::text, name, aggregate_key, payload from outbox_test_received order by n`)) as unknown as { rows: Received[] };
  return result.rows;
}

/** A subscriber that writes each event it handles to outbox_test_received in the delivery's transaction, and counts its calls. */
function recordingSubscriber(id: string, handledBy = 'one', failures: { left: number } = { left: 0 }): Subscriber & { calls: string[] } {
  const calls: string[] = [];
  return {
    id,
    events: ['user.registered', 'user.signed_in', 'connection.saved'],
    calls,
    async handle(events: ReadonlyArray<AnyDomainEvent>, { tx }) {
      for (const event of events) {
        calls.push(event.id);
        if (failures.left > 0) {
          failures.left -= 1;
          throw new Error('subscriber failed on purpose');
        }
        await tx!.execute(sql`
          insert into outbox_test_received (subscriber, event_id, name, aggregate_key, payload, handled_by)
          values (${id}, ${event.id}::uuid, ${event.name}, ${event.aggregateKey}, ${JSON.stringify(event.payload)}::jsonb, ${handledBy})`);
      }
    },
  };
}

/** Drizzle wraps the database's error (in `cause`): the refusal named anywhere in the chain. */
async function refusedByOutbox(work: Promise<unknown>): Promise<void> {
  const error = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  expect(messages.join(' / ')).toMatch(/outbox refused/);
}

describe.each(databaseTargets())('the outbox on $name', (target) => {
  let database: Awaited<ReturnType<(typeof target)['open']>>;
  let events: DomainEvents | undefined;
  beforeAll(async () => {
    database = await target.open();
    await createReceivedTable(database);
  });
  afterEach(async () => {
    await events?.close();
    events = undefined;
    await database.db.execute(sql`delete from outbox_test_received`);
  });
  afterAll(async () => {
    await database.dispose();
  });

  const open = (...subscribers: Subscriber[]) => {
    events = createDomainEvents({ database, logger, pollIntervalMs: 20 });
    for (const subscriber of subscribers) events.subscribe(subscriber);
    return events;
  };
  const eventsOf = (userId: number) => database.db.select().from(domainEvents).where(eq(domainEvents.aggregateKey, userAggregate(userId)));

  it('commits a write and its event together, or neither when the write fails after the event was recorded', async () => {
    const outbox = createOutbox(database.db);
    const users = createUserService({ db: database.db, events: outbox });
    const user = await users.register({ username: `outbox_${uniqueSuffix()}`, email: `o_${uniqueSuffix()}@example.com`, password: TEST_PASSWORD });
    const saved = { userId: user.id, connectionId: 1, from: 'person:kevin-bacon', to: 'person:tom-hanks', degrees: 2 };
    const row = { fromEntityId: 'kevin-bacon', fromEntityName: 'Kevin Bacon', fromEntityType: 'person', toEntityId: 'tom-hanks', toEntityName: 'Tom Hanks', toEntityType: 'person', path: [], degrees: 2 };

    // The event first, then a write that fails (no such user): the transaction takes both back.
    await expect(
      outbox.transaction(async (tx) => {
        await outbox.record(tx, 'connection.saved', { ...saved, userId: 999_999 }, userAggregate(999_999));
        await tx.insert(savedConnections).values({ ...row, userId: 999_999 });
      }),
    ).rejects.toThrow();
    expect(await eventsOf(999_999)).toEqual([]);
    expect(await database.db.select().from(savedConnections).where(eq(savedConnections.userId, 999_999))).toEqual([]);

    // The same with a write that succeeds: both are there.
    await outbox.transaction(async (tx) => {
      await outbox.record(tx, 'connection.saved', saved, userAggregate(user.id));
      await tx.insert(savedConnections).values({ ...row, userId: user.id });
    });
    expect((await eventsOf(user.id)).map((event) => event.name)).toEqual(['user.registered', 'connection.saved']);
    expect(await database.db.select().from(savedConnections).where(eq(savedConnections.userId, user.id))).toHaveLength(1);
  });

  it('keeps the services honest: registration, sign-in and saving leave no change behind when their event cannot be written', async () => {
    const outbox = createOutbox(database.db);
    const users = createUserService({ db: database.db, events: outbox });
    // The graph's path check has its own tests (graph/path-check.test.ts); here it accepts, so the
    // outbox's refusal is the only thing that can stop the save.
    const saving = createSavedConnectionService({
      db: database.db,
      events: outbox,
      verifyPath: (steps) => ({ ok: true, degrees: steps.length - 1 }),
      // The path as sent (the catalog's naming has its own test: activity/public-traces.int.test.ts).
      catalogPath: (steps) => Promise.resolve(steps as PathStep[]),
    });
    const username = `honest_${uniqueSuffix()}`;
    const before = await users.register({ username, email: `${username}@example.com`, password: TEST_PASSWORD });
    const lastActive = async () => (await database.db.select({ at: usersTable.lastActiveAt }).from(usersTable).where(eq(usersTable.id, before.id)))[0]!.at;
    const activeBefore = await lastActive();

    // Every outbox insert now fails, as a full disk or a lost connection would make it.
    await database.db.execute(sql`create or replace function outbox_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'outbox refused'; end $$`);
    await database.db.execute(sql`create trigger outbox_test_refuse before insert on domain_events for each row execute function outbox_test_refuse()`);
    try {
      const other = `refused_${uniqueSuffix()}`;
      await refusedByOutbox(users.register({ username: other, email: `${other}@example.com`, password: TEST_PASSWORD }));
      expect(await users.store.usernameTaken(other)).toBe(false);

      await refusedByOutbox(users.authenticate(username, TEST_PASSWORD));
      expect(await lastActive()).toEqual(activeBefore);

      const path = [
        { entity: { id: 'kevin-bacon', key: 'person:kevin-bacon', name: 'Kevin Bacon', type: 'person' as const, subtype: null, popularity: 1, profile_path: null, poster_path: null, logo_path: null, release_date: null, year: null, country: null, overview: null }, relationship: null },
        { entity: { id: 'tom-hanks', key: 'person:tom-hanks', name: 'Tom Hanks', type: 'person' as const, subtype: null, popularity: 1, profile_path: null, poster_path: null, logo_path: null, release_date: null, year: null, country: null, overview: null }, relationship: null },
      ];
      const input = { fromEntityId: 'kevin-bacon', fromEntityName: 'Kevin Bacon', fromEntityType: 'person' as const, toEntityId: 'tom-hanks', toEntityName: 'Tom Hanks', toEntityType: 'person' as const, path, degrees: 1 };
      await refusedByOutbox(saving.save(before.id, input));
      expect(await saving.list(before.id)).toEqual([]);
    } finally {
      await database.db.execute(sql`drop trigger outbox_test_refuse on domain_events`);
    }
    expect((await eventsOf(before.id)).map((event) => event.name)).toEqual(['user.registered']);
  });

  it('delivers each event to every subscriber once, in order per aggregate; a redelivery changes nothing', async () => {
    const first = recordingSubscriber('test.first');
    const second = recordingSubscriber('test.second');
    const bus = open(first, second);
    bus.start();
    const users = createUserService({ db: database.db, events: bus });
    const username = `order_${uniqueSuffix()}`;
    const user = await users.register({ username, email: `${username}@example.com`, password: TEST_PASSWORD });
    await users.authenticate(username, TEST_PASSWORD);
    await users.authenticate(username, TEST_PASSWORD);
    await bus.settled();

    const rows = (await received(database)).filter((row) => row.aggregate_key === userAggregate(user.id));
    for (const subscriber of ['test.first', 'test.second']) {
      const mine = rows.filter((row) => row.subscriber === subscriber);
      expect(mine.map((row) => row.name)).toEqual(['user.registered', 'user.signed_in', 'user.signed_in']);
      expect(mine[0]!.payload).toEqual({ userId: user.id, username, method: 'password' });
      expect(mine[1]!.payload).toEqual({ userId: user.id, method: 'password' });
    }
    const stored = await eventsOf(user.id);
    expect(stored.every((event) => event.deliveredAt !== null && event.attempts === 1)).toBe(true);

    // Delivered again (as after a crash between the handler and the bookkeeping): no handler runs twice.
    const callsBefore = first.calls.length + second.calls.length;
    await database.db.update(domainEvents).set({ deliveredAt: null }).where(eq(domainEvents.aggregateKey, userAggregate(user.id)));
    await bus.settled();
    expect(first.calls.length + second.calls.length).toBe(callsBefore);
    expect((await received(database)).filter((row) => row.aggregate_key === userAggregate(user.id))).toHaveLength(6);
    expect((await eventsOf(user.id)).every((event) => event.deliveredAt !== null)).toBe(true);
  });

  it('retries a failed delivery, and no later event of its aggregate overtakes it', async () => {
    const failures = { left: 1 };
    const flaky = recordingSubscriber('test.flaky', 'one', failures);
    const bus = open(flaky);
    const users = createUserService({ db: database.db, events: bus });
    const username = `retry_${uniqueSuffix()}`;
    const user = await users.register({ username, email: `${username}@example.com`, password: TEST_PASSWORD });
    await users.authenticate(username, TEST_PASSWORD);
    bus.start();
    await bus.settled();

    expect(failures.left).toBe(0);
    const rows = (await received(database)).filter((row) => row.aggregate_key === userAggregate(user.id));
    expect(rows.map((row) => row.name)).toEqual(['user.registered', 'user.signed_in']);
    const [registered] = await eventsOf(user.id).then((list) => list.filter((event) => event.name === 'user.registered'));
    // Claimed twice (the failure, then the retry), its error cleared once delivered.
    expect(registered).toMatchObject({ attempts: 2, lastError: null });
    expect(flaky.calls.filter((id) => id === registered!.id)).toHaveLength(2);
  });

  it('delivers an event committed by a process killed with SIGKILL before dispatching it, exactly once, after the restart', async () => {
    const url = testDatabaseUrl();
    const schemaName = `test_kill_${uniqueSuffix()}`;
    const env = { ...process.env, DATABASE_URL: url, DATABASE_SCHEMA: schemaName };
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', CHILD], { cwd: backendRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(child, 'exit');
    try {
      const lines = createInterface({ input: child.stdout! });
      const [line] = (await Promise.race([once(lines, 'line'), exited.then(() => Promise.reject(new Error(`child exited: ${stderr}`)))])) as [string];
      const { userId } = JSON.parse(line) as { userId: number };
      child.kill('SIGKILL');
      const [, signal] = await exited;
      expect(signal).toBe('SIGKILL');

      // The restart: the same database, a dispatcher this time.
      const restarted = await openDatabase({ url, schemaName });
      try {
        await createReceivedTable(restarted);
        const [pending] = await restarted.db.select().from(domainEvents).where(eq(domainEvents.aggregateKey, userAggregate(userId)));
        expect(pending).toMatchObject({ name: 'user.registered', deliveredAt: null });

        const subscriber = recordingSubscriber('test.after-kill');
        const bus = createDomainEvents({ database: restarted, logger, pollIntervalMs: 20 });
        bus.subscribe(subscriber);
        bus.start();
        await bus.settled();
        let rows = await received(restarted);
        expect(rows.map((row) => [row.name, row.payload.userId])).toEqual([['user.registered', userId]]);

        // Handed over again (a second restart before the bookkeeping): still once.
        await restarted.db.update(domainEvents).set({ deliveredAt: null }).where(eq(domainEvents.id, pending!.id));
        await bus.settled();
        await bus.close();
        rows = await received(restarted);
        expect(rows).toHaveLength(1);
        expect(subscriber.calls).toEqual([pending!.id]);
      } finally {
        await restarted.close();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await dropSchema(url, schemaName);
    }
  });
});

describe('two app processes on one PostgreSQL', () => {
  const url = testDatabaseUrl();
  const schemaName = `test_two_${uniqueSuffix()}`;
  let one: Database;
  let two: Database;
  const buses: DomainEvents[] = [];
  beforeAll(async () => {
    // Two pools, as two processes would have.
    one = await openDatabase({ url, schemaName });
    two = await openDatabase({ url, schemaName });
    await createReceivedTable(one);
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await one.close();
    await two.close();
    await dropSchema(url, schemaName);
  });

  it('hands each event to one of them, once, in order per aggregate', async () => {
    // 200 events over 20 aggregates, committed before either dispatcher runs, so both race for them.
    const outbox = createOutbox(one.db);
    const aggregates = 20;
    const perAggregate = 10;
    for (let i = 0; i < perAggregate; i += 1) {
      for (let user = 1; user <= aggregates; user += 1) {
        await outbox.transaction((tx) => outbox.record(tx, 'connection.saved', { userId: user, connectionId: i + 1, from: 'person:a', to: 'person:b', degrees: 1 }, userAggregate(user)));
      }
    }
    const handlers = { one: recordingSubscriber('test.counter', 'one'), two: recordingSubscriber('test.counter', 'two') };
    for (const [name, database] of [['one', one], ['two', two]] as const) {
      // Small rounds, so the two dispatchers take turns instead of one claiming everything at once.
      const bus = createDomainEvents({ database, logger, pollIntervalMs: 20, batchSize: 5 });
      bus.subscribe(handlers[name]);
      buses.push(bus);
    }
    for (const bus of buses) bus.start();
    await Promise.all(buses.map((bus) => bus.settled()));

    const rows = await received(one);
    expect(rows).toHaveLength(aggregates * perAggregate);
    expect(new Set(rows.map((row) => row.event_id)).size).toBe(aggregates * perAggregate);
    // Both worked, and no event was ever claimed twice.
    expect(handlers.one.calls.length).toBeGreaterThan(0);
    expect(handlers.two.calls.length).toBeGreaterThan(0);
    expect(handlers.one.calls.length + handlers.two.calls.length).toBe(aggregates * perAggregate);
    const claims = await one.db.select({ attempts: domainEvents.attempts }).from(domainEvents);
    expect(claims.every((row) => row.attempts === 1)).toBe(true);
    // Each aggregate's events were handled in the order they were recorded.
    for (let user = 1; user <= aggregates; user += 1) {
      const order = rows.filter((row) => row.aggregate_key === userAggregate(user)).map((row) => row.payload.connectionId);
      expect(order).toEqual(Array.from({ length: perAggregate }, (_, i) => i + 1));
    }
    expect(await one.db.select().from(domainEvents).where(and(sql`${domainEvents.deliveredAt} is null`))).toEqual([]);
  });
});
