import { isSubstantialReview, parseEntityKey } from '@cinema-dna/shared-types';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { DbTransaction, DomainEvents } from '../../platform/events/index.js';
import type { Notifier } from '../../platform/notifier.js';
import { badgeById, publicBadge, savedPairKey, type BadgeCounter } from './definitions.js';
import { count, type CounterChange } from './counters.js';
import { utcDay } from '../../platform/time.js';


/**
 * Badge progress, counted from outbox events in the delivery's transaction: the dispatcher records
 * the delivery in that same transaction, so a redelivered event counts nothing. Discoveries are
 * counted from `points.awarded` (reason `discovery`), i.e. exactly the ones the ledger paid: a pair
 * new to the user within the daily cap, so badge counts and `connectionsFound` always agree.
 * Earned badges record `badge.earned`; the points feature pays the reward, and `badges.notify`
 * tells the user.
 */
export function registerBadgeSubscribers(events: Pick<DomainEvents, 'subscribe' | 'record'>, deps: { notifier: Notifier }): void {
  /** Runs the changes for `userId` in `tx`, unless the account is gone (a late event of a deleted user). */
  async function forUser(tx: DbTransaction | null, userId: number, changes: Array<[BadgeCounter, CounterChange]>): Promise<void> {
    if (!tx) throw new Error('badge subscribers expect outbox events, delivered with a transaction');
    // Held until commit so the account cannot be deleted under the counters.
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
    if (!account) return;
    for (const [counter, change] of changes) await count(tx, events, userId, counter, change);
  }

  events.subscribe({
    id: 'badges.progress',
    events: ['points.awarded', 'user.signed_in', 'user.registered', 'review.created', 'watchlist.added', 'connection.saved', 'challenge.solved', 'user.followed'],
    async handle(batch, { tx }) {
      for (const event of batch) {
        switch (event.name) {
          case 'points.awarded': {
            const { userId, balance, reason, discovery } = event.payload;
            // Level badges count points too (a level is a threshold of points).
            const changes: Array<[BadgeCounter, CounterChange]> = [['points', { max: balance }]];
            if (reason === 'discovery' && discovery) {
              changes.push(['discoveries', { add: 1 }]);
              if (discovery.degrees === 6) changes.push(['six-degree-discoveries', { add: 1 }]);
              const types = new Set([discovery.from, discovery.to].map((key) => parseEntityKey(key)?.type).filter((type) => type !== undefined));
              for (const type of types) changes.push([`discoveries:${type}`, { add: 1 }]);
            }
            await forUser(tx, userId, changes);
            break;
          }
          case 'user.signed_in':
          case 'user.registered':
            await forUser(tx, event.payload.userId, [['login-streak', { streakDay: utcDay(event.createdAt) }]]);
            break;
          case 'review.created': {
            // Only a review with substance counts (a rating and 40 characters, as for points), once per entity.
            const { userId, entity, rating, textLength = 0 } = event.payload;
            if (isSubstantialReview({ rating, textLength })) await forUser(tx, userId, [['reviews', { distinct: entity }]]);
            break;
          }
          case 'watchlist.added': {
            const { movieId } = event.payload;
            await forUser(tx, event.payload.userId, [['watchlist', { distinct: movieId.includes(':') ? movieId : `movie:${movieId}` }]]);
            break;
          }
          case 'connection.saved':
            // Distinct pairs: saving one path 25 times is one saved pair (A → B and B → A are one).
            await forUser(tx, event.payload.userId, [['saved-connections', { distinct: savedPairKey(event.payload.from, event.payload.to) }]]);
            break;
          case 'challenge.solved': {
            const { userId, challengeId, daily, date, par, degrees, points } = event.payload;
            const changes: Array<[BadgeCounter, CounterChange]> = [];
            // Only a solve that paid counts: one after a reveal, past the limits or under the time floor does not.
            if (points <= 0) break;
            if (daily) changes.push(['daily-challenges', { distinct: date ?? challengeId }]);
            if (degrees <= par) changes.push(['par-solves', { distinct: challengeId }]);
            await forUser(tx, userId, changes);
            break;
          }
          case 'user.followed':
            // The follower's side only: the followee's badges are another user's (badges.followers).
            await forUser(tx, event.payload.followerId, [['following', { distinct: String(event.payload.followeeId) }]]);
            break;
        }
      }
    },
  });

  // One aggregate per transaction: the followee's badges are recorded in this subscriber's own
  // delivery transaction (a transaction opened inside another holds two pooled connections at once, and can wait for ever on a busy pool).
  events.subscribe({
    id: 'badges.followers',
    events: ['user.followed'],
    async handle(batch, { tx }) {
      for (const { payload } of batch) await forUser(tx, payload.followeeId, [['followers', { max: payload.followersCount }]]);
    },
  });

  events.subscribe({
    id: 'badges.notify',
    events: ['badge.earned'],
    // A socket push, outside the transaction: a redelivery may repeat it.
    async handle(batch) {
      for (const { payload } of batch) {
        const badge = badgeById(payload.badgeId);
        if (badge) deps.notifier.toUser(payload.userId, 'badge:earned', { badge: publicBadge(badge), earnedAt: payload.earnedAt });
      }
    },
  });
}
