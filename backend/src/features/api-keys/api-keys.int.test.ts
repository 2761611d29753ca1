import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { apiKeys } from './schema.js';
import { apiClient, createTestUser, signedInClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { MAX_KEYS_PER_USER } from './service.js';
import { databaseTargets } from '../../test-support/targets.js';

describe.each(databaseTargets())('API keys on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
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

  it('creates a key shown once, lists it without the secret, authenticates with it, and revokes it', async () => {
    const { user, username } = await createTestUser(t.users);
    const owner = await signedInClient(t.app, username);

    const created = await owner.send('post', '/api/users/me/api-keys', { name: '  CLI on my laptop ' }).expect(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'CLI on my laptop', prefix: expect.any(String), createdAt: expect.any(String), key: expect.stringMatching(/^cdna_[A-Za-z0-9_-]{43}$/) });
    const { key, prefix, id } = created.body as { key: string; prefix: string; id: number };
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix).toHaveLength(12);
    expect(created.headers['cache-control']).toBe('no-store');

    // Stored hashed: nothing in the row is the key.
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await owner.send('get', '/api/users/me/api-keys').expect(200);
    expect(listed.body).toEqual({ keys: [{ id, name: 'CLI on my laptop', prefix, createdAt: created.body.createdAt, lastUsedAt: null }] });
    expect(listed.text).not.toContain(key);

    // The key alone (no cookie, no CSRF token) acts as its owner.
    const bearer = apiClient(t.app, { apiKey: key });
    const me = await bearer.send('get', '/api/auth/me').expect(200);
    expect(me.body).toMatchObject({ id: user.id, username });
    await bearer.send('post', '/api/contact', { name: 'Key', email: 'k@example.com', subject: 'S', message: 'M' }).expect(201);
    const used = await owner.send('get', '/api/users/me/api-keys').expect(200);
    expect(used.body.keys[0].lastUsedAt).toEqual(expect.any(String));

    await owner.send('delete', `/api/users/me/api-keys/${id}`).expect(204);
    const revoked = await bearer.send('get', '/api/auth/me').expect(401);
    expect(revoked.body).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid or revoked API key.', details: {} });
    expect((await owner.send('get', '/api/users/me/api-keys').expect(200)).body.keys).toEqual([]);
    await owner.send('delete', `/api/users/me/api-keys/${id}`).expect(404);
  });

  it('answers 404 for revoking somebody else’s key, which keeps working', async () => {
    const alice = await createTestUser(t.users, { prefix: 'alice' });
    const bob = await createTestUser(t.users, { prefix: 'bob' });
    const aliceKey = await t.apiKeys.create(alice.user.id, 'alice');
    const bobClient = await signedInClient(t.app, bob.username);
    const res = await bobClient.send('delete', `/api/users/me/api-keys/${aliceKey.id}`).expect(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'API key not found', details: {} });
    await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${aliceKey.key}`).expect(200);
  });

  it('refuses a key whose owner was deactivated, and works again once reactivated', async () => {
    const { user } = await createTestUser(t.users);
    const { key } = await t.apiKeys.create(user.id, 'soon idle');
    await t.users.setActive(user.id, false);
    await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${key}`).expect(401);
    await request(t.app).get('/api/trending').set('Authorization', `Bearer ${key}`).expect(401);
    await t.users.setActive(user.id, true);
    await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${key}`).expect(200);
  });

  it.each([
    ['an unknown key', `Bearer cdna_${'A'.repeat(43)}`],
    ['a malformed key', 'Bearer not-a-key'],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic YWRhOnBhc3N3b3Jk'],
  ])('refuses %s with 401, even on public routes', async (_name, header) => {
    const res = await request(t.app).get('/api/trending').set('Authorization', header).expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('does not let an API key create, list or revoke keys', async () => {
    const { user } = await createTestUser(t.users);
    const { key, id } = await t.apiKeys.create(user.id, 'limited');
    const bearer = apiClient(t.app, { apiKey: key });
    expect((await bearer.send('post', '/api/users/me/api-keys', { name: 'more' }).expect(403)).body.code).toBe('FORBIDDEN');
    await bearer.send('get', '/api/users/me/api-keys').expect(403);
    await bearer.send('delete', `/api/users/me/api-keys/${id}`).expect(403);
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '   ' }],
    ['a 61-character name', { name: 'n'.repeat(61) }],
    ['a number as the name', { name: 7 }],
  ])('refuses a key with %s', async (_name, body) => {
    const { username } = await createTestUser(t.users);
    const client = await signedInClient(t.app, username);
    const res = await client.send('post', '/api/users/me/api-keys', body).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'API key is invalid', details: expect.any(Array) });
    expect((await client.send('get', '/api/users/me/api-keys').expect(200)).body.keys).toEqual([]);
  });

  it('holds the 25-key cap under 60 parallel creates for one user', async () => {
    const { user, username } = await createTestUser(t.users);
    // All started before any settles: on PostgreSQL they run on separate pooled connections at once.
    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => t.apiKeys.create(user.id, `parallel ${i}`)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(MAX_KEYS_PER_USER);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 409, code: 'CONFLICT' });
    }
    const client = await signedInClient(t.app, username);
    expect((await client.send('get', '/api/users/me/api-keys').expect(200)).body.keys).toHaveLength(MAX_KEYS_PER_USER);
    const refused = await client.send('post', '/api/users/me/api-keys', { name: 'one more' }).expect(409);
    expect(refused.body).toEqual({ code: 'CONFLICT', message: `You can hold at most ${MAX_KEYS_PER_USER} API keys; revoke one first.`, details: [] });
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('refuses revoking key id %s with 400', async (keyId) => {
    const { username } = await createTestUser(t.users);
    const client = await signedInClient(t.app, username);
    const res = await client.send('delete', `/api/users/me/api-keys/${keyId}`).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
