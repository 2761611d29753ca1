import { entityKey, parseEntityKey } from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import type { AnyDomainEvent, DbTransaction, DomainEvents } from '../../platform/events/index.js';
import { HOUR_MS, type ActivityCounts } from './formulas.js';
import { discoveryActivity, discoveryUserViews } from './schema.js';

type Counted = 'connection.found' | 'entity.viewed' | 'diary.logged' | 'watchlist.added';

/** Entity types whose activity trending counts: films, and people for Popular People. */
const COUNTED_TYPES = new Set(['movie', 'person']);

const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * What one batch of events adds to the activity table, per entity and hour: every movie and person
 * on a found path (ends included) is a search; an entity page a view; a public diary log a log; a
 * watchlist add a watchlist.
 */
export function activityOf(events: ReadonlyArray<AnyDomainEvent<Counted>>): Map<string, ActivityCounts & { entityKey: string; hour: Date }> {
  const rows = new Map<string, ActivityCounts & { entityKey: string; hour: Date }>();
  const add = (key: string, at: Date, kind: keyof ActivityCounts) => {
    if (!COUNTED_TYPES.has(parseEntityKey(key)?.type ?? '')) return;
    const hour = hourOf(at);
    const id = `${key}|${hour.getTime()}`;
    const row = rows.get(id) ?? { entityKey: key, hour, searches: 0, views: 0, logs: 0, watchlists: 0 };
    row[kind] += 1;
    rows.set(id, row);
  };
  for (const event of events) {
    switch (event.name) {
      case 'connection.found':
        for (const key of new Set(event.payload.through ?? [])) add(key, event.createdAt, 'searches');
        break;
      case 'entity.viewed':
        add(event.payload.entity, event.createdAt, 'views');
        break;
      case 'diary.logged':
        if (!event.payload.isPrivate) add(entityKey('movie', event.payload.movieId), event.createdAt, 'logs');
        break;
      case 'watchlist.added':
        add(entityKey('movie', event.payload.movieId), event.createdAt, 'watchlists');
        break;
    }
  }
  return rows;
}

/** Adds a batch's counts: one INSERT … ON CONFLICT DO UPDATE for the whole batch. */
async function addActivity(db: Db | DbTransaction, rows: Iterable<ActivityCounts & { entityKey: string; hour: Date }>): Promise<void> {
  const values = [...rows];
  if (values.length === 0) return;
  await db
    .insert(discoveryActivity)
    .values(values)
    .onConflictDoUpdate({
      target: [discoveryActivity.entityKey, discoveryActivity.hour],
      set: {
        searches: sql`${discoveryActivity.searches} + excluded.searches`,
        views: sql`${discoveryActivity.views} + excluded.views`,
        logs: sql`${discoveryActivity.logs} + excluded.logs`,
        watchlists: sql`${discoveryActivity.watchlists} + excluded.watchlists`,
      },
    });
}

/**
 * Discovery's reactions: activity counts for Trending and Popular People, and what each signed-in
 * user looked at (cold-start recommendations).
 *
 * In-process events (`connection.found`, `entity.viewed`) arrive in batches and are written with one
 * statement per table and batch; they are not redelivered, so a failed batch is logged and lost (the
 * bus retries it a few times first). Outbox events (`diary.logged`, `watchlist.added`) are written in
 * the dispatcher's transaction, so a redelivery never counts twice.
 */
export function registerDiscoverySubscribers(events: Pick<DomainEvents, 'subscribe'>, deps: { db: Db }): void {
  events.subscribe({
    id: 'discovery.activity',
    events: ['connection.found', 'entity.viewed'],
    async handle(batch) {
      // The latest view per user and entity: the genres they looked at.
      const views = new Map<string, { user_id: number; entity_key: string; viewed_at: string }>();
      for (const event of batch) {
        if (event.name !== 'entity.viewed' || event.payload.actor === null) continue;
        views.set(`${event.payload.actor}|${event.payload.entity}`, { user_id: event.payload.actor, entity_key: event.payload.entity, viewed_at: event.createdAt.toISOString() });
      }
      // One transaction: a batch the bus retries is counted once.
      await deps.db.transaction(async (tx) => {
        await addActivity(tx, activityOf(batch).values());
        if (views.size === 0) return;
        // Views of accounts deleted meanwhile are skipped rather than failing the batch on their foreign key.
        await tx.execute(sql`
          insert into ${discoveryUserViews} (user_id, entity_key, viewed_at)
          select v.user_id, v.entity_key, v.viewed_at
          from jsonb_to_recordset(${JSON.stringify([...views.values()])}::jsonb) as v(user_id integer, entity_key text, viewed_at timestamptz)
          where exists (select 1 from ${users} where ${users.id} = v.user_id)
          on conflict (user_id, entity_key) do update set viewed_at = greatest(${discoveryUserViews.viewedAt}, excluded.viewed_at)`);
      });
    },
  });
  events.subscribe({
    id: 'discovery.community-activity',
    events: ['diary.logged', 'watchlist.added'],
    async handle(batch, { tx }) {
      await addActivity(tx ?? deps.db, activityOf(batch).values());
    },
  });
}
