import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { apiClient, createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { verifyEmailThroughApi } from '../../test-support/email-verification.js';
import { startMockGoogle, type MockGoogle } from '../../test-support/google-oauth.js';
import { databaseTargets, uniqueSuffix } from '../../test-support/targets.js';

describe('Google sign-in against a local OAuth 2.0 server', () => {
  let google: MockGoogle;
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  let t: TestApp;

  beforeAll(async () => {
    google = await startMockGoogle();
    database = await databaseTargets()[0]!.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared, google: google.options });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
    await google.stop();
  });

  const signInWithGoogle = (client: ApiClient, start?: string, headers?: Record<string, string>) => google.signIn(client, start, headers);

  it('tells the browser Google sign-in is offered (GET /api/auth/providers)', async () => {
    expect((await apiClient(t.app).agent.get('/api/auth/providers').expect(200)).body).toEqual({ google: true });
  });

  it('creates an account from the Google profile, signs in, and returns to where the user was', async () => {
    const suffix = uniqueSuffix();
    google.profile = { sub: `g-${suffix}`, email: `Grace.Hopper.${suffix}@example.com`, email_verified: true, name: 'Grace Hopper' };
    const client = apiClient(t.app);
    expect(await signInWithGoogle(client, '/api/auth/google?returnTo=/profile%3Ftab%3Dbadges')).toBe('/profile?tab=badges');
    const me = await client.agent.get('/api/auth/me').expect(200);
    expect(me.body).toMatchObject({ username: `Grace.Hopper.${suffix}`, displayName: 'Grace Hopper', email: google.profile.email, role: 'user' });

    // The same Google account later: the same user, found by its Google id.
    const again = apiClient(t.app);
    expect(await signInWithGoogle(again, '/api/login')).toBe('/');
    expect((await again.agent.get('/api/auth/me').expect(200)).body.id).toBe(me.body.id);
  });

  it('returns to the page named by a same-site Referer, never to another site', async () => {
    google.profile = { sub: `g-${uniqueSuffix()}`, email: `r${uniqueSuffix()}@example.com`, email_verified: true, name: 'Ref' };
    // One listening server, so the Referer can name the exact origin the requests go to.
    const server = createServer(t.app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const client = apiClient(server);
      expect(await signInWithGoogle(client, '/api/auth/google', { Referer: `${origin}/entity/person/tom-hanks` })).toBe('/entity/person/tom-hanks');
    } finally {
      server.close();
    }

    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/login', '/.//evil.example', '/..//evil.example', '/%2e%2e//evil.example', '/%2E%2E//evil.example/x?y']) {
      const other = apiClient(t.app);
      expect(await signInWithGoogle(other, `/api/auth/google?returnTo=${encodeURIComponent(evil)}`, { Referer: 'https://evil.example/page' })).toBe('/');
    }
  });

  it('links a Google account to the existing account once that account verified its email', async () => {
    const { user, username } = await createTestUser(t.users);
    const owner = await signedInClient(t.app, username);
    await verifyEmailThroughApi(t, owner, user.email);
    google.profile = { sub: `g-${uniqueSuffix()}`, email: user.email.toUpperCase(), email_verified: true, name: 'Linked' };
    const client = apiClient(t.app);
    await signInWithGoogle(client);
    expect((await client.agent.get('/api/auth/me').expect(200)).body).toMatchObject({ id: user.id, emailVerified: true });
  });

  it('builds the redirect_uri from the Host header, never from X-Forwarded-Host or X-Forwarded-Proto', async () => {
    const authorize = await google.start(apiClient(t.app), '/api/auth/google', { Host: 'cinema.test:3000', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' });
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://cinema.test:3000/api/auth/google/callback');
    expect(authorize.href).not.toContain('evil.example');
  });

  it('does not link on an unverified email, and makes the new username unique', async () => {
    const { user, username } = await createTestUser(t.users);
    google.profile = { sub: `g-${uniqueSuffix()}`, email: user.email, email_verified: false, name: 'Unverified' };
    const client = apiClient(t.app);
    await signInWithGoogle(client);
    const me = (await client.agent.get('/api/auth/me').expect(200)).body;
    expect(me.id).not.toBe(user.id);
    expect(me.username).not.toBe(username);
    expect(me.username.toLowerCase().startsWith(username.toLowerCase())).toBe(true);
  });

  it('gives the session a new id at the callback', async () => {
    google.profile = { sub: `g-${uniqueSuffix()}`, email: `s${uniqueSuffix()}@example.com`, email_verified: true, name: 'Sess' };
    const client = apiClient(t.app);
    const started = await client.agent.get('/api/auth/google').expect(302);
    const before = (started.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    const consented = await fetch(started.headers.location!, { redirect: 'manual' });
    const callback = new URL(consented.headers.get('location')!);
    const finished = await client.agent.get(`${callback.pathname}${callback.search}`).expect(303);
    const after = (finished.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    expect(after).not.toBe(before);
    await request(t.app).get('/api/auth/me').set('Cookie', before).expect(401);
  });

  it('refuses a callback whose state was not issued to this browser', async () => {
    const attacker = apiClient(t.app);
    const started = await attacker.agent.get('/api/auth/google').expect(302);
    const consented = await fetch(started.headers.location!, { redirect: 'manual' });
    const callback = new URL(consented.headers.get('location')!);
    // The victim's browser follows the attacker's callback link.
    const victim = apiClient(t.app);
    const res = await victim.agent.get(`${callback.pathname}${callback.search}`).expect(303);
    expect(res.headers.location).toBe('/login?error=google-failed');
    await victim.agent.get('/api/auth/me').expect(401);
  });

  it('sends a deactivated Google user back to the login page', async () => {
    const sub = `g-${uniqueSuffix()}`;
    google.profile = { sub, email: `d${uniqueSuffix()}@example.com`, email_verified: true, name: 'Deact' };
    const first = apiClient(t.app);
    await signInWithGoogle(first);
    const id = (await first.agent.get('/api/auth/me').expect(200)).body.id as number;
    await t.users.setActive(id, false);
    await first.agent.get('/api/auth/me').expect(401);
    const client = apiClient(t.app);
    expect(await signInWithGoogle(client)).toBe('/login?error=account-disabled');
    await client.agent.get('/api/auth/me').expect(401);
  });
});

describe('Google sign-in without a configured client', () => {
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  let t: TestApp;
  beforeAll(async () => {
    database = await databaseTargets()[0]!.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared, google: null });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it.each(['/api/login', '/api/auth/google', '/api/auth/google/callback?code=x&state=y'])('answers %s with 503 for API callers', async (path) => {
    const res = await request(t.app).get(path).set('Accept', 'application/json').expect(503);
    expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'Google sign-in is not configured on this server.' });
  });

  it('sends a browser navigation to the login page, which explains', async () => {
    const res = await request(t.app).get('/api/login').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8').expect(303);
    expect(res.headers.location).toBe('/login?error=google-unavailable');
  });
});
