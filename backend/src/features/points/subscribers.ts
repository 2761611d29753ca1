/**
 * Points: every rewarded moment becomes one ledger row through `ledger.award` (ledger.ts), which also
 * moves the user's balance and level and records `points.awarded`; this file decides what pays.
 *
 * The rules of points (fair play; POINT_RULES in shared-types, printed on /help and /badges and in the
 * docs/rules/points.md, "The rules of points (fair play)"). Every paid action has a meaning, a key that pays once and
 * a cap per UTC day, counted from the ledger's own timestamps after the user's row is locked (two
 * concurrent awards of one user queue on that lock, so neither can pay past a cap):
 * - A discovery (10) is a signed-in search that found a chain for a pair of entities the user never
 *   found before, in either direction (award key `discovery:<a>|<b>`, the two keys sorted). Searching
 *   the pair again, with other parameters or the other way round, pays nothing. At most 10 pay per
 *   UTC day; a pair found past the cap stays new and pays when found again on a later day.
 * - A review (5) pays only with a rating and at least 40 characters of text, for the user's first
 *   review of the entity as posted (`review.created` fires for that one only: editing, deleting and
 *   writing it again pay nothing; award key `review:<entity>`), at most 5 a UTC day. Others pay 0.
 * - A watchlist add (2) pays once per movie ever (`watchlist:<movie>`: removing and re-adding pays
 *   nothing), at most 10 a UTC day.
 * - A daily login (1) pays once per UTC day (`daily-login:<day>`, the day of the sign-in), whether the
 *   day's first sign-in or the registration.
 * - A challenge pays the reward the challenges feature computed (0 when its rules say so: seen answer,
 *   over the move limit, under the time floor), once per challenge (`challenge:<id>`).
 * - A badge pays its reward once (`badge:<id>`).
 * - Races pay nothing (they record no event this file hears).
 * - Every award carries its source event id, unique in the ledger: a redelivered event pays nothing.
 */
import { DISCOVERY_DAILY_CAP, isSubstantialReview, levelProgress, POINT_AWARDS, POINT_RULES, type PointsChanged } from '@cinema-dna/shared-types';
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import type { DbTransaction, DomainEvent, DomainEvents } from '../../platform/events/index.js';
import type { Logger } from '../../platform/logging.js';
import type { Notifier } from '../../platform/notifier.js';
import { utcDayStart, type Ledger } from './ledger.js';
import type { EntityNames } from './ports.js';
import { pointsLedger } from './schema.js';
import { utcDay } from '../../platform/time.js';

/** The unordered pair's award key: the same for A→B and B→A. */
export const discoveryKey = (from: string, to: string) => `discovery:${[from, to].sort().join('|')}`;

/** A UTC date, YYYY-MM-DD. */

/** The movie's entity key (watchlist events name the movie by id or by key). */
const movieKey = (movieId: string) => (movieId.includes(':') ? movieId : `movie:${movieId}`);

export interface PointsSubscriberDeps {
  events: Pick<DomainEvents, 'subscribe' | 'transaction'>;
  ledger: Ledger;
  notifier: Notifier;
  names: EntityNames;
  logger: Logger;
}

export function registerPointsSubscribers(deps: PointsSubscriberDeps): void {
  const { events, ledger, notifier, names } = deps;

  /**
   * A user's discoveries of one batch, in one transaction (one aggregate: that user). The user's row
   * is locked before counting today's discoveries, so two processes cannot both pay the 10th.
   */
  async function awardDiscoveries(userId: number, found: ReadonlyArray<DomainEvent<'connection.found'>>): Promise<void> {
    await events.transaction(async (tx) => {
      const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      if (!account) return;
      const keys = [...new Set(found.map((event) => discoveryKey(event.payload.from, event.payload.to)))];
      const known = await tx
        .select({ awardKey: pointsLedger.awardKey })
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, userId), inArray(pointsLedger.awardKey, keys)));
      const paid = new Set(known.map((row) => row.awardKey));
      const [today] = await tx
        .select({ value: count() })
        .from(pointsLedger)
        .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, 'discovery'), gte(pointsLedger.createdAt, utcDayStart)));
      let left = DISCOVERY_DAILY_CAP - (today?.value ?? 0);
      for (const event of found) {
        if (left <= 0) return;
        const { from, to, degrees } = event.payload;
        const awardKey = discoveryKey(from, to);
        if (paid.has(awardKey) || degrees === null) continue;
        paid.add(awardKey);
        const award = await ledger.award(tx, {
          userId,
          reason: 'discovery',
          points: POINT_AWARDS.discovery,
          awardKey,
          sourceEventId: event.id,
          details: { from, to, degrees, fromName: names.nameOf(from), toName: names.nameOf(to) },
          discovery: { from, to, degrees },
        });
        if (award) left -= 1;
      }
    });
  }

  events.subscribe({
    id: 'points.discoveries',
    events: ['connection.found'],
    // In process, in batches, without a transaction: each user's discoveries get their own.
    async handle(found) {
      const byUser = new Map<number, Array<DomainEvent<'connection.found'>>>();
      for (const event of found) {
        const { actor, degrees } = event.payload;
        if (actor === null || degrees === null || degrees < 1) continue;
        const list = byUser.get(actor);
        if (list) list.push(event);
        else byUser.set(actor, [event]);
      }
      // A retried batch re-runs every user: their committed rows are skipped by the unique keys.
      for (const [userId, mine] of byUser) await awardDiscoveries(userId, mine);
    },
  });

  /** Awards in the delivery's transaction (the event's aggregate is the awarded user). */
  const inTx = (tx: DbTransaction | null) => {
    if (!tx) throw new Error('points subscribers expect outbox events, delivered with a transaction');
    return tx;
  };

  events.subscribe({
    id: 'points.awards',
    events: ['user.signed_in', 'user.registered', 'review.created', 'watchlist.added', 'challenge.solved', 'badge.earned'],
    async handle(batch, { tx }) {
      for (const event of batch) {
        const db = inTx(tx);
        switch (event.name) {
          case 'user.signed_in':
          case 'user.registered': {
            // The UTC day of the sign-in itself (a late delivery still pays the right day, once).
            const day = utcDay(event.createdAt);
            await ledger.award(db, {
              userId: event.payload.userId,
              reason: 'daily_login',
              points: POINT_AWARDS.daily_login,
              awardKey: `daily-login:${day}`,
              sourceEventId: event.id,
              details: { day },
            });
            break;
          }
          case 'review.created': {
            const { userId, entity, reviewId, rating, textLength = 0 } = event.payload;
            // Posted as usual either way; without substance it pays 0.
            if (!isSubstantialReview({ rating, textLength })) break;
            await ledger.award(db, {
              userId,
              reason: 'review',
              points: POINT_AWARDS.review,
              awardKey: `review:${entity}`,
              sourceEventId: event.id,
              details: { entity, reviewId, name: names.nameOf(entity) },
              dailyCap: POINT_RULES.review.perDay,
            });
            break;
          }
          case 'watchlist.added': {
            const entity = movieKey(event.payload.movieId);
            await ledger.award(db, {
              userId: event.payload.userId,
              reason: 'watchlist_add',
              points: POINT_AWARDS.watchlist_add,
              awardKey: `watchlist:${entity}`,
              sourceEventId: event.id,
              details: { entity, name: names.nameOf(entity) },
              dailyCap: POINT_RULES.watchlist_add.perDay,
            });
            break;
          }
          case 'challenge.solved': {
            const { userId, challengeId, points, par, degrees, daily, date } = event.payload;
            if (points <= 0) break;
            await ledger.award(db, { userId, reason: 'challenge', points, awardKey: `challenge:${challengeId}`, sourceEventId: event.id, details: { challengeId, daily, date }, challenge: { par, degrees } });
            break;
          }
          case 'badge.earned': {
            const { userId, badgeId, name, pointsReward } = event.payload;
            if (pointsReward <= 0) break;
            await ledger.award(db, { userId, reason: 'badge', points: pointsReward, awardKey: `badge:${badgeId}`, sourceEventId: event.id, details: { badgeId, name } });
            break;
          }
        }
      }
    },
  });

  events.subscribe({
    id: 'points.notify',
    events: ['points.awarded'],
    // A socket push, outside the transaction: a redelivery may push it again, which the header shrugs off.
    async handle(batch) {
      for (const { payload } of batch) {
        const changed: PointsChanged = {
          ...levelProgress(payload.balance),
          delta: payload.points,
          reason: payload.reason,
          previousLevel: payload.level !== payload.previousLevel ? payload.previousLevel : null,
        };
        notifier.toUser(payload.userId, 'points:changed', changed);
      }
    },
  });
}
