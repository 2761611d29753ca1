import {
  ActivityFeedSchema,
  ADMIN_TEXTS,
  AuditResponseSchema,
  EntityReviewsSchema,
  InboxMessageSchema,
  InboxResponseSchema,
  ReportedReviewSchema,
  ReportedReviewsResponseSchema,
  UserProfileSchema,
  UserReviewsSchema,
} from '@cinema-dna/shared-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_REVIEW_REPORT } from './service.js';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { anonymousClient, createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';

const MOVIE = 'mad-max-fury-road-2015';

describe.each(databaseTargets())('moderation and the contact inbox on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let moderator: { id: number; client: ApiClient };

  const newAccount = async (prefix: string, role?: 'moderator') => {
    const account = await createTestUser(t.users, { prefix, role });
    return { ...account, id: account.user.id, client: await signedInClient(t.app, account.username) };
  };
  const auditActions = async (sinceId: number) =>
    ((await database.db.execute(sql`select action from audit_log where id > ${sinceId} order by id`)) as unknown as { rows: Array<{ action: string }> }).rows.map((row) => row.action);
  const lastAuditId = async () => Number(((await database.db.execute(sql`select coalesce(max(id), 0) as n from audit_log`)) as unknown as { rows: [{ n: string }] }).rows[0].n);

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
    moderator = await newAccount('mod', 'moderator');
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('reports once per reader (201, then 200 not counted), refuses one’s own (400) and unknown reviews (404); hide takes it off every public list, restore puts it back; each action audited once', async () => {
    const author = await newAccount('author');
    const readers = [await newAccount('reader'), await newAccount('reader')];
    const written = await author.client.send('post', '/api/reviews', { entityId: MOVIE, entityType: 'movie', rating: 1, title: 'Spam', content: 'Buy cheap tickets here.' }).expect(201);
    const reviewId = written.body.id as number;

    const first = await readers[0]!.client.send('post', `/api/reviews/${reviewId}/report`, { reason: 'spam', note: 'An advert.' }).expect(201);
    expect(first.body).toEqual({ reported: true, message: ADMIN_TEXTS.reviewReported });
    const again = await readers[0]!.client.send('post', `/api/reviews/${reviewId}/report`, { reason: 'offensive' }).expect(200);
    expect(again.body).toEqual(first.body);
    await readers[1]!.client.send('post', `/api/reviews/${reviewId}/report`, { reason: 'spam' }).expect(201);
    const own = await author.client.send('post', `/api/reviews/${reviewId}/report`, { reason: 'spam' }).expect(400);
    expect(own.body.message).toBe(OWN_REVIEW_REPORT);
    await readers[0]!.client.send('post', '/api/reviews/999999/report', { reason: 'spam' }).expect(404);
    await readers[0]!.client.send('post', `/api/reviews/${reviewId}/report`, { reason: 'boring' }).expect(400);
    await (await anonymousClient(t.app)).send('post', `/api/reviews/${reviewId}/report`, { reason: 'spam' }).expect(401);

    const open = ReportedReviewsResponseSchema.parse((await moderator.client.send('get', '/api/admin/reports').expect(200)).body).reviews;
    expect(open.find((review) => review.reviewId === reviewId)).toMatchObject({
      hidden: false,
      reportCount: 2,
      reasons: [{ reason: 'spam', count: 2 }],
      notes: ['An advert.'],
      author: { id: author.id, username: author.username },
      entity: { id: MOVIE, type: 'movie', name: 'Mad Max: Fury Road' },
    });

    const visible = async () => {
      const entity = EntityReviewsSchema.parse((await readers[0]!.client.send('get', `/api/entity/movie/${MOVIE}/reviews`).expect(200)).body);
      const byAuthor = UserReviewsSchema.parse((await readers[0]!.client.send('get', `/api/users/${author.id}/reviews`).expect(200)).body);
      const profile = UserProfileSchema.parse((await readers[0]!.client.send('get', `/api/users/${author.id}/profile`).expect(200)).body);
      return { onEntity: entity.reviews.some((review) => review.id === reviewId), count: entity.count, onAuthor: byAuthor.reviews.some((review) => review.id === reviewId), profileReviews: profile.reviewCount };
    };
    const before = await visible();
    expect(before).toMatchObject({ onEntity: true, onAuthor: true });
    const feedItems = async () => {
      await t.events.settled();
      const activity = ActivityFeedSchema.parse((await readers[0]!.client.send('get', `/api/users/${author.id}/activity`).expect(200)).body);
      return activity.items.filter((item) => item.type === 'review').length;
    };
    expect(await feedItems()).toBe(1);

    const since = await lastAuditId();
    const hidden = ReportedReviewSchema.parse((await moderator.client.send('post', `/api/admin/reviews/${reviewId}/hide`).expect(200)).body);
    expect(hidden).toMatchObject({ reviewId, hidden: true, reportCount: 2 });
    const whileHidden = await visible();
    expect(before.profileReviews).toBe(1);
    expect(whileHidden).toEqual({ onEntity: false, onAuthor: false, count: before.count - 1, profileReviews: 0 });
    expect(await feedItems()).toBe(0);
    expect(ReportedReviewsResponseSchema.parse((await moderator.client.send('get', '/api/admin/reports?state=open').expect(200)).body).reviews.map((review) => review.reviewId)).not.toContain(reviewId);
    expect(ReportedReviewsResponseSchema.parse((await moderator.client.send('get', '/api/admin/reports?state=hidden').expect(200)).body).reviews.map((review) => review.reviewId)).toContain(reviewId);
    // A hidden review cannot be reported; its author keeps it in their data export.
    await (await newAccount('late')).client.send('post', `/api/reviews/${reviewId}/report`, { reason: 'spam' }).expect(404);
    const exported = (await author.client.send('get', '/api/users/me/export').expect(200)).body as { reviews: Array<{ id: number }> };
    expect(exported.reviews.map((review) => review.id)).toContain(reviewId);

    const restored = ReportedReviewSchema.parse((await moderator.client.send('post', `/api/admin/reviews/${reviewId}/restore`).expect(200)).body);
    expect(restored.hidden).toBe(false);
    expect(await visible()).toEqual(before);
    await moderator.client.send('post', '/api/admin/reviews/999999/hide').expect(404);
    expect(await auditActions(since)).toEqual(['review.hidden', 'review.restored']);

    // Moderators moderate; they are not admins.
    await moderator.client.send('get', '/api/admin/stats').expect(403);
    await moderator.client.send('get', '/api/admin/audit').expect(403);
    await readers[0]!.client.send('get', '/api/admin/reports').expect(403);
  });

  it('lists the contact inbox by state and marks messages read and answered (set and cleared), audited once per change', async () => {
    const visitor = await anonymousClient(t.app);
    await visitor.send('post', '/api/contact', { name: 'Ada', email: 'ada@example.com', subject: 'Remakes', category: 'feature', message: 'Could the search avoid remakes?' }).expect(201);
    const inbox = InboxResponseSchema.parse((await moderator.client.send('get', '/api/admin/contact?state=unread').expect(200)).body);
    const message = inbox.messages.find((each) => each.subject === 'Remakes')!;
    expect(message).toMatchObject({ name: 'Ada', category: 'feature', readAt: null, answeredAt: null });
    const unreadBefore = inbox.unread;

    const since = await lastAuditId();
    const read = InboxMessageSchema.parse((await moderator.client.send('patch', `/api/admin/contact/${message.id}`, { read: true }).expect(200)).body);
    expect(read.readAt).not.toBeNull();
    const readAgain = InboxMessageSchema.parse((await moderator.client.send('patch', `/api/admin/contact/${message.id}`, { read: true, answered: true }).expect(200)).body);
    expect(readAgain.readAt).toBe(read.readAt);
    expect(readAgain.answeredAt).not.toBeNull();
    const afterRead = InboxResponseSchema.parse((await moderator.client.send('get', '/api/admin/contact?state=unread').expect(200)).body);
    expect(afterRead.unread).toBe(unreadBefore - 1);
    expect(afterRead.messages.map((each) => each.id)).not.toContain(message.id);
    expect(InboxResponseSchema.parse((await moderator.client.send('get', '/api/admin/contact?state=unanswered').expect(200)).body).messages.map((each) => each.id)).not.toContain(message.id);

    const unanswered = InboxMessageSchema.parse((await moderator.client.send('patch', `/api/admin/contact/${message.id}`, { answered: false }).expect(200)).body);
    expect(unanswered).toMatchObject({ readAt: read.readAt, answeredAt: null });
    expect(InboxResponseSchema.parse((await moderator.client.send('get', '/api/admin/contact?state=unanswered').expect(200)).body).messages.map((each) => each.id)).toContain(message.id);
    await moderator.client.send('patch', `/api/admin/contact/${message.id}`, {}).expect(400);
    await moderator.client.send('patch', '/api/admin/contact/999999', { read: true }).expect(404);

    expect(await auditActions(since)).toEqual(['contact.updated', 'contact.updated', 'contact.updated']);
    const admin = await createTestUser(t.users, { prefix: 'admin', role: 'admin' });
    const audit = AuditResponseSchema.parse((await (await signedInClient(t.app, admin.username)).send('get', '/api/admin/audit?limit=1').expect(200)).body);
    expect(audit.entries[0]).toMatchObject({ action: 'contact.updated', actor: { id: moderator.id, username: expect.any(String) }, targetType: 'contact', targetId: String(message.id), before: { read: true, answered: true }, after: { read: true, answered: false } });
  });
});
