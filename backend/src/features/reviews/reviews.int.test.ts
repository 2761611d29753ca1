import { EntityReviewsSchema, LedgerHistorySchema, ReviewSchema } from '@cinema-dna/shared-types';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';

describe.each(databaseTargets())('reviews on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  const review = (over: Record<string, unknown> = {}) => ({ entityId: 'mad-max-fury-road-2015', entityType: 'movie', rating: 5, title: 'Witness me', content: 'Not a wasted frame, not a wasted line: a chase that never lets go.', ...over });
  const newClient = async (prefix = 'critic', role?: 'admin') => {
    const account = await createTestUser(t.users, { prefix, role });
    return { ...account, client: await signedInClient(t.app, account.username) };
  };
  /** The caller's review awards, as the points history shows them once every event is delivered. */
  const reviewPoints = async (client: ApiClient) => {
    await t.events.settled();
    const history = LedgerHistorySchema.parse((await client.send('get', '/api/users/me/points?limit=50').expect(200)).body);
    return history.entries.filter((entry) => entry.reason === 'review').map((entry) => entry.points);
  };

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('writes a review (201) with its author, lists it on the entity with count and average, and on the author', async () => {
    const { user, username, client } = await newClient();
    const res = await client.send('post', '/api/reviews', review({ title: '  Witness me  ' })).expect(201);
    const created = ReviewSchema.parse(res.body);
    expect(created).toMatchObject({ entityId: 'mad-max-fury-road-2015', entityType: 'movie', rating: 5, title: 'Witness me', content: 'Not a wasted frame, not a wasted line: a chase that never lets go.', author: { id: user.id, username } });
    const other = await newClient();
    await other.client.send('post', '/api/reviews', review({ rating: 2 })).expect(201);

    const listed = EntityReviewsSchema.parse((await request(t.app).get('/api/entity/movie/mad-max-fury-road-2015/reviews').expect(200)).body);
    expect(listed.reviews.map((r) => r.author.id)).toEqual(expect.arrayContaining([user.id, other.user.id]));
    const mine = listed.reviews.filter((r) => r.author.id === user.id || r.author.id === other.user.id);
    expect(mine).toHaveLength(2);
    expect(listed.count).toBe(listed.reviews.length);
    const average = listed.reviews.reduce((sum, r) => sum + r.rating, 0) / listed.reviews.length;
    expect(listed.averageRating).toBeCloseTo(Math.round(average * 10) / 10, 5);

    const byUser = (await request(t.app).get(`/api/users/${user.id}/reviews`).expect(200)).body;
    expect(byUser).toEqual({ reviews: [created] });
  });

  it('answers an entity nobody reviewed with no reviews, a count of 0 and no average ("No Reviews Yet")', async () => {
    expect((await request(t.app).get('/api/entity/person/kevin-bacon/reviews').expect(200)).body).toEqual({ reviews: [], count: 0, averageRating: null });
  });

  it('pays 5 points for a first review of an entity, once: a second, an edit, a delete and a rewrite pay nothing more', async () => {
    const { client } = await newClient();
    const first = await client.send('post', '/api/reviews', review({ entityId: 'apollo-13-1995' })).expect(201);
    const again = await client.send('post', '/api/reviews', review({ entityId: 'apollo-13-1995' })).expect(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'You have already reviewed this. Edit your review instead.' });
    await client.send('patch', `/api/reviews/${first.body.id}`, { rating: 3 }).expect(200);
    await client.send('delete', `/api/reviews/${first.body.id}`).expect(204);
    const rewritten = await client.send('post', '/api/reviews', review({ entityId: 'apollo-13-1995', rating: 1 })).expect(201);
    expect(rewritten.body).toMatchObject({ rating: 1 });
    expect(await reviewPoints(client)).toEqual([5]);
    await client.send('post', '/api/reviews', review({ entityId: 'tom-hanks', entityType: 'person' })).expect(201);
    expect(await reviewPoints(client)).toEqual([5, 5]);
  });

  it('lets the author edit and delete a review, and nobody else (403), keeping it as it was', async () => {
    const author = await newClient('author');
    const intruder = await newClient('intruder');
    const admin = await newClient('admin', 'admin');
    const created = (await author.client.send('post', '/api/reviews', review({ entityId: 'kevin-bacon', entityType: 'person' })).expect(201)).body;

    for (const other of [intruder, admin]) {
      const edit = await other.client.send('patch', `/api/reviews/${created.id}`, { title: 'Hijacked' }).expect(403);
      expect(edit.body).toMatchObject({ code: 'FORBIDDEN', message: 'You can only change your own reviews.' });
      await other.client.send('delete', `/api/reviews/${created.id}`).expect(403);
    }
    await request(t.app).patch(`/api/reviews/${created.id}`).send({ title: 'Anon' }).expect(401);
    expect((await request(t.app).get(`/api/users/${author.user.id}/reviews`).expect(200)).body.reviews).toEqual([created]);

    const edited = (await author.client.send('patch', `/api/reviews/${created.id}`, { title: '  Footloose  ', rating: 4 }).expect(200)).body;
    expect(edited).toMatchObject({ id: created.id, title: 'Footloose', rating: 4, content: created.content, createdAt: created.createdAt });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    await author.client.send('delete', `/api/reviews/${created.id}`).expect(204);
    expect((await request(t.app).get(`/api/users/${author.user.id}/reviews`).expect(200)).body.reviews).toEqual([]);
    await author.client.send('delete', `/api/reviews/${created.id}`).expect(404);
    await author.client.send('patch', `/api/reviews/${created.id}`, { rating: 2 }).expect(404);
  });

  describe('bad input', () => {
    let client: ApiClient;
    beforeAll(async () => {
      client = (await newClient()).client;
    });

    it.each([
      ['the docs example’s rating 9', review({ rating: 9 })],
      ['a rating of 0', review({ rating: 0 })],
      ['a half star', review({ rating: 3.5 })],
      ['a rating as text', review({ rating: 'five' })],
      ['empty content', review({ content: '' })],
      ['content of spaces', review({ content: '   ' })],
      ['no title', review({ title: undefined })],
      ['an unknown entity type', review({ entityType: 'planet' })],
      ['a genre (only films and people are reviewed)', review({ entityType: 'genre', entityId: 'drama' })],
      ['a company', review({ entityType: 'company', entityId: 'warner-bros' })],
      ['no entity id', review({ entityId: '' })],
      ['content with NUL', review({ content: 'a\u0000b' })],
      ['a 5001-character content', review({ content: 'x'.repeat(5001) })],
    ])('refuses %s with 400 and keeps nothing', async (_name, body) => {
      const res = await client.send('post', '/api/reviews', body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), details: expect.any(Array) });
    });

    it('refuses an entity the catalog does not hold with 404', async () => {
      const res = await client.send('post', '/api/reviews', review({ entityId: 'no-such-film-1999' })).expect(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: 'The requested movie could not be found.' });
    });

    it('refuses bad edits with 400: a rating of 9, empty content, nothing to change', async () => {
      const created = (await client.send('post', '/api/reviews', review({ entityId: 'meryl-streep', entityType: 'person' })).expect(201)).body;
      await client.send('patch', `/api/reviews/${created.id}`, { rating: 9 }).expect(400);
      await client.send('patch', `/api/reviews/${created.id}`, { content: ' ' }).expect(400);
      await client.send('patch', `/api/reviews/${created.id}`, {}).expect(400);
      await client.send('patch', '/api/reviews/abc', { rating: 2 }).expect(400);
      expect((await client.send('get', `/api/users/${created.author.id}/reviews`).expect(200)).body.reviews.length).toBeGreaterThan(0);
    });

    it('nobody has reviews when there is no such user (404), and ids must be numbers (400)', async () => {
      await request(t.app).get('/api/users/2147483000/reviews').expect(404);
      await request(t.app).get('/api/users/abc/reviews').expect(400);
      await request(t.app).get('/api/entity/planet/x/reviews').expect(400);
    });

    it('answers an anonymous write with 401', async () => {
      expect((await request(t.app).post('/api/reviews').send(review()).expect(401)).body.code).toBe('UNAUTHORIZED');
    });
  });
});
