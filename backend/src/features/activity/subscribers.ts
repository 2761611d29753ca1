import { parseEntityKey, type ActivityContent, type ActivityType } from '@cinema-dna/shared-types';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import type { AnyDomainEvent, DbTransaction, DomainEvent, DomainEvents } from '../../platform/events/index.js';
import type { Logger } from '../../platform/logging.js';
import { feedRoom, type Notifier } from '../../platform/notifier.js';
import { activityItems } from './schema.js';
import { itemColumns, toItem, type ActivityNames, type ItemRow } from './service.js';
import { utcDay } from '../../platform/time.js';

export type { ActivityNames } from './service.js';

export interface ActivitySubscriberDeps {
  events: Pick<DomainEvents, 'subscribe'>;
  db: Db;
  names: ActivityNames;
  /** Challenges' titles by id (the challenges feature's port), read through the delivery's transaction. */
  challengeTitles(executor: DbTransaction, ids: readonly string[]): Promise<Map<string, string>>;
  notifier: Notifier;
  logger: Logger;
}

type NewItem = { userId: number; type: ActivityType; content: ActivityContent; sourceEventId: string; subjectKey: string | null };

/** The events that write an item (outbox), each once per event id. */
const ITEM_EVENTS = ['connection.saved', 'review.created', 'watchlist.added', 'user.followed', 'badge.earned', 'challenge.solved', 'diary.logged'] as const;
type ItemEvent = AnyDomainEvent<(typeof ITEM_EVENTS)[number]>;

/** A key's id part (`movie:heat-1995` → `heat-1995`): the name of last resort, parsed by the contract's one helper. */
const idOf = (key: string) => parseEntityKey(key)?.id ?? key;
const movieKey = (movieId: string) => (movieId.includes(':') ? movieId : `movie:${movieId}`);

/**
 * The activity feed's writers. Every public moment becomes one `activity_items` row, idempotent by its
 * source event id (a unique index): a redelivered event writes nothing twice. Nothing private is ever
 * written (a private diary entry makes no row), and a delete or a private mark takes the row back.
 *
 * Live push: `activity.push`, registered after `activity.items`, runs once the item's transaction has
 * committed (the dispatcher delivers an event to its subscribers one after another, each in its own
 * transaction) and emits the stored item once to the author's feed room `feed:<authorId>`, which every
 * socket of every follower joined: one emit, whatever the number of followers, on every node.
 */
export function registerActivitySubscribers(deps: ActivitySubscriberDeps): void {
  const { events, db, names, notifier } = deps;
  const nameOf = (key: string) => names.nameOf(key) ?? idOf(key);

  async function itemFor(tx: DbTransaction, event: ItemEvent): Promise<NewItem | null> {
    const base = { sourceEventId: event.id };
    switch (event.name) {
      case 'connection.saved': {
        const { userId, from, to, degrees, connectionId } = event.payload;
        return { ...base, userId, type: 'connection', content: { from: nameOf(from), to: nameOf(to), degrees }, subjectKey: `connection:${connectionId}` };
      }
      case 'review.created': {
        const { userId, entity, rating, reviewId } = event.payload;
        return { ...base, userId, type: 'review', content: { movieTitle: nameOf(entity), entityKey: entity, rating }, subjectKey: `review:${reviewId}` };
      }
      case 'watchlist.added': {
        const { userId, movieId } = event.payload;
        const key = movieKey(movieId);
        return { ...base, userId, type: 'list', content: { listName: 'Watchlist', movieTitle: nameOf(key), entityKey: key }, subjectKey: `watchlist:${idOf(key)}` };
      }
      case 'user.followed': {
        const { followerId, followeeId } = event.payload;
        const [target] = await tx.select({ username: users.username, displayName: users.displayName }).from(users).where(eq(users.id, followeeId));
        if (!target) return null;
        return { ...base, userId: followerId, type: 'follow', content: { targetUser: target.username, targetDisplayName: target.displayName }, subjectKey: `follow:${followeeId}` };
      }
      case 'badge.earned': {
        const { userId, name, badgeId } = event.payload;
        return { ...base, userId, type: 'badge', content: { badgeName: name }, subjectKey: `badge:${badgeId}` };
      }
      case 'challenge.solved': {
        const { userId, challengeId, points, degrees } = event.payload;
        const title = (await deps.challengeTitles(tx, [challengeId])).get(challengeId) ?? challengeId;
        return { ...base, userId, type: 'challenge', content: { challengeTitle: title, points, degrees }, subjectKey: `challenge:${challengeId}` };
      }
      case 'diary.logged': {
        const { userId, entryId, movieId, rating, rewatch, isPrivate } = event.payload;
        // A private entry never reaches a feed; one logged again as private takes its old item back.
        await tx.delete(activityItems).where(and(eq(activityItems.userId, userId), eq(activityItems.subjectKey, `diary:${entryId}`)));
        if (isPrivate) return null;
        // The catalog's title, never the payload's (an event recorded before titles were the catalog's carries a typed one).
        const key = movieKey(movieId);
        const content: ActivityContent = { movieTitle: nameOf(key), entityKey: key, rewatch };
        if (rating !== null) content.rating = rating;
        return { ...base, userId, type: 'diary', content, subjectKey: `diary:${entryId}` };
      }
    }
  }

  /** Inserts the items whose author still exists (one statement); a redelivery (same source event) inserts nothing. */
  async function insert(executor: Db | DbTransaction, items: NewItem[]): Promise<ItemRow[]> {
    if (items.length === 0) return [];
    const values = sql.join(
      items.map((item) => sql`(${item.userId}::int, ${item.type}, ${JSON.stringify(item.content)}::jsonb, ${item.sourceEventId}, ${item.subjectKey}::text)`),
      sql`, `,
    );
    const result = await executor.execute(sql`
      with inserted as (
        insert into ${activityItems} (user_id, type, content, source_event_id, subject_key)
        select v.user_id, v.type, v.content, v.source_event_id, v.subject_key
        from (values ${values}) as v(user_id, type, content, source_event_id, subject_key)
        where exists (select 1 from ${users} x where x.id = v.user_id)
        on conflict do nothing
        returning *)
      select ${itemColumns('a')} from inserted a join ${users} u on u.id = a.user_id
      order by a.id`);
    return (result as unknown as { rows: ItemRow[] }).rows;
  }

  /** The stored items of these source events, with their authors. */
  async function itemsFrom(executor: Db | DbTransaction, sourceEventIds: string[]): Promise<ItemRow[]> {
    const result = await executor.execute(sql`
      select ${itemColumns('a')} from ${activityItems} a join ${users} u on u.id = a.user_id
      where a.source_event_id in (${sql.join(sourceEventIds, sql`, `)}) order by a.created_at, a.id`);
    return (result as unknown as { rows: ItemRow[] }).rows;
  }

  const push = (rows: ItemRow[]) => {
    for (const row of rows) if (!row.hidden) notifier.toRoom(feedRoom(Number(row.user_id)), 'activity:new', toItem(row, names));
  };

  /** The items of one subject of one author (e.g. `diary:12`). */
  const subject = (userId: number, key: string) => and(eq(activityItems.userId, userId), eq(activityItems.subjectKey, key));

  events.subscribe({
    id: 'activity.items',
    events: [...ITEM_EVENTS, 'diary.withdrawn', 'review.deleted', 'user.unfollowed', 'diary.edited', 'review.edited', 'review.restored', 'watchlist.removed'],
    async handle(batch, { tx }) {
      if (!tx) throw new Error('activity items expect outbox events, delivered with a transaction');
      for (const event of batch) {
        switch (event.name) {
          // Taken back: whatever the item showed followers is no longer true (or no longer public).
          case 'diary.withdrawn':
          case 'review.deleted': {
            const subject = event.name === 'diary.withdrawn' ? `diary:${event.payload.entryId}` : `review:${event.payload.reviewId}`;
            await tx.delete(activityItems).where(and(eq(activityItems.userId, event.payload.userId), eq(activityItems.subjectKey, subject)));
            break;
          }
          case 'user.unfollowed':
            await tx.delete(activityItems).where(and(eq(activityItems.userId, event.payload.followerId), eq(activityItems.subjectKey, `follow:${event.payload.followeeId}`)));
            break;
          case 'watchlist.removed':
            await tx.delete(activityItems).where(subject(event.payload.userId, `watchlist:${idOf(movieKey(event.payload.movieId))}`));
            break;
          // Changed: the item shows what is true now (the film, its title, the rating, the rewatch), at the same moment.
          case 'diary.edited': {
            const { userId, entryId, movieId, rating, rewatch, isPrivate } = event.payload;
            if (isPrivate) break;
            const key = movieKey(movieId);
            const content: ActivityContent = { movieTitle: nameOf(key), entityKey: key, rewatch };
            if (rating !== null) content.rating = rating;
            await tx.update(activityItems).set({ content }).where(subject(userId, `diary:${entryId}`));
            break;
          }
          case 'review.edited': {
            const { userId, reviewId, rating } = event.payload;
            await tx
              .update(activityItems)
              .set({ content: sql`jsonb_set(${activityItems.content}, '{rating}', to_jsonb(${rating}::int))` })
              .where(subject(userId, `review:${reviewId}`));
            break;
          }
          // Restored by a moderator: the review's item comes back where it was (the moment it was
          // written), not as news: nobody is pushed.
          case 'review.restored': {
            const { userId, reviewId, entity, rating, writtenAt } = event.payload;
            await tx.delete(activityItems).where(subject(userId, `review:${reviewId}`));
            const item: NewItem = { sourceEventId: event.id, userId, type: 'review', content: { movieTitle: nameOf(entity), entityKey: entity, rating }, subjectKey: `review:${reviewId}` };
            await insert(tx, [item]);
            await tx.update(activityItems).set({ createdAt: new Date(writtenAt) }).where(eq(activityItems.sourceEventId, event.id));
            break;
          }
          default: {
            const item = await itemFor(tx, event);
            if (item) await insert(tx, [item]);
          }
        }
      }
    },
  });

  events.subscribe({
    id: 'activity.push',
    events: [...ITEM_EVENTS],
    // After `activity.items` committed: reads what was stored (nothing for a private entry or a gone
    // author). A socket emit outside the item's transaction: a redelivery may repeat it.
    async handle(batch, { tx }) {
      push(await itemsFrom(tx ?? db, batch.map((event) => event.id)));
    },
  });

  events.subscribe({
    id: 'activity.discoveries',
    events: ['connection.found'],
    // In-process and batched: a signed-in user's found chain, at most one item per user and pair per
    // UTC day (the source key names them, so the unique index drops the rest), in one insert per batch.
    async handle(batch) {
      const items = new Map<string, NewItem>();
      for (const event of batch as ReadonlyArray<DomainEvent<'connection.found'>>) {
        const { actor, from, to, degrees } = event.payload;
        if (actor === null || degrees === null) continue;
        const sourceEventId = `connection.found:${actor}:${[from, to].sort().join('|')}:${utcDay(event.createdAt)}`;
        if (!items.has(sourceEventId)) items.set(sourceEventId, { userId: actor, type: 'connection', content: { from: nameOf(from), to: nameOf(to), degrees }, sourceEventId, subjectKey: null });
      }
      push(await insert(db, [...items.values()]));
    },
  });
}
