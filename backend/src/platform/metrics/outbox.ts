import { count, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { domainEvents } from '../events/schema.js';

/** Domain events not yet delivered to every subscriber (the outbox's partial index keeps this cheap). */
export async function countUndelivered(db: Db): Promise<number> {
  const [row] = await db.select({ backlog: count() }).from(domainEvents).where(isNull(domainEvents.deliveredAt));
  return row?.backlog ?? 0;
}
