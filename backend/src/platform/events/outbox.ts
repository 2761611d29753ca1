import { randomUUID } from 'node:crypto';
import { DOMAIN_EVENTS } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { domainEvents } from './schema.js';
import type { EventRecorder } from './types.js';

/** Advisory-lock namespace of the outbox (the first key of pg_advisory_xact_lock(int, int)). */
const AGGREGATE_LOCK_CLASS = 0x0e7e;

/**
 * The writing side of the outbox. `record` validates the payload, then takes a transaction-scoped
 * advisory lock on the aggregate before inserting: two transactions writing events of one aggregate
 * then commit in the order they took their `seq`, so the dispatcher can never see a later event of
 * an aggregate committed before an earlier one (which would break the order per aggregate).
 *
 * `onCommit` is called after each `transaction` commits (the dispatcher's nudge); a process without
 * a dispatcher (the admin CLI) leaves it out and the server's dispatcher finds the events on its poll.
 */
export function createOutbox(db: Db, options: { onCommit?: () => void } = {}): EventRecorder {
  return {
    async record(tx, name, payload, aggregateKey) {
      const parsed = DOMAIN_EVENTS[name].parse(payload);
      const id = randomUUID();
      await tx.execute(sql`
        with aggregate_lock as (select pg_advisory_xact_lock(${AGGREGATE_LOCK_CLASS}::int, hashtext(${aggregateKey}::text)))
        insert into ${domainEvents} (id, name, aggregate_key, payload)
        select ${id}::uuid, ${name}::text, ${aggregateKey}::text, ${JSON.stringify(parsed)}::jsonb from aggregate_lock`);
      return id;
    },

    async transaction(work) {
      const result = await db.transaction(work);
      options.onCommit?.();
      return result;
    },
  };
}
