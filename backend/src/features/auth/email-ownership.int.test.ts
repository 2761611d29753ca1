import { CSRF_HEADER, EMAIL_TAKEN, type PathStep } from '@cinema-dna/shared-types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { emailVerificationTokens } from './schema.js';
import { anonymousClient, apiClient, createTestUser, signedInClient, TEST_PASSWORD, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { lastVerificationToken, verifyEmailThroughApi } from '../../test-support/email-verification.js';
import { startMockGoogle, type MockGoogle } from '../../test-support/google-oauth.js';
import { databaseTargets, uniqueSuffix } from '../../test-support/targets.js';
import { INVALID_VERIFICATION_LINK } from './email-verification.js';

const bacon = { id: 'kevin-bacon', type: 'person' as const };
const hanks = { id: 'tom-hanks', type: 'person' as const };

describe.each(databaseTargets())('email ownership on $name', (dbTarget) => {
  let google: MockGoogle;
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let path: PathStep[];

  beforeAll(async () => {
    google = await startMockGoogle();
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared, google: google.options });
    path = (await t.connections.find({ fromEntity: bacon, toEntity: hanks }, { actor: null, preview: true })).path;
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
    await google.stop();
  });

  /** Registers through the API, as a browser would; the client is then signed in. */
  async function register(username: string, email: string, password = TEST_PASSWORD): Promise<ApiClient & { id: number }> {
    const client = await anonymousClient(t.app);
    const res = await client.send('post', '/api/auth/register', { username, email, password }).expect(201);
    client.csrfToken = res.get(CSRF_HEADER);
    return Object.assign(client, { id: res.body.id as number });
  }

  async function signInWithGoogle(sub: string, email: string, emailVerified = true): Promise<ApiClient> {
    google.profile = { sub, email, email_verified: emailVerified, name: 'Google User' };
    const client = apiClient(t.app);
    expect(await google.signIn(client)).toBe('/');
    const res = await client.agent.get('/api/auth/csrf').expect(200);
    client.csrfToken = res.body.csrfToken as string;
    return client;
  }

  it('keeps a Google user out of an account someone else registered with their email, and that someone out of theirs', async () => {
    const victimEmail = `victim.${uniqueSuffix()}@example.com`;
    // The attacker registers the victim's email with a password they know.
    const attackerName = `attacker_${uniqueSuffix()}`;
    const attacker = await register(attackerName, victimEmail);

    // The victim signs in with Google, which vouches for the email.
    const victim = await signInWithGoogle(`g-${uniqueSuffix()}`, victimEmail.toUpperCase());
    const victimMe = (await victim.send('get', '/api/auth/me').expect(200)).body;
    expect(victimMe.id).not.toBe(attacker.id);
    expect(victimMe).toMatchObject({ email: victimEmail.toUpperCase(), emailVerified: true });

    // The victim saves a connection in their own account.
    const saved = await victim
      .send('post', '/api/connections/save', { fromEntityId: 'kevin-bacon', fromEntityName: 'Kevin Bacon', fromEntityType: 'person', toEntityId: 'tom-hanks', toEntityName: 'Tom Hanks', toEntityType: 'person', path, degrees: path.length - 1 })
      .expect(201);
    expect((await victim.send('get', '/api/users/me/connections').expect(200)).body.connections.map((c: { id: number }) => c.id)).toEqual([saved.body.id]);

    // The attacker signs in with the password: their own account, which no longer claims the email, and none of the victim's data.
    const again = await signedInClient(t.app, attackerName);
    const attackerMe = (await again.send('get', '/api/auth/me').expect(200)).body;
    expect(attackerMe).toMatchObject({ id: attacker.id, username: attackerName, email: '', emailVerified: false });
    expect((await again.send('get', '/api/users/me/connections').expect(200)).body.connections).toEqual([]);
    await again.send('get', `/api/users/${victimMe.id}/connections`).expect(403);
    // And a verification link of the attacker's no longer verifies anything.
    await again.send('post', '/api/auth/verify-email', { token: lastVerificationToken(t, victimEmail) }).expect(400);
    await again.send('post', '/api/auth/verify-email/resend').expect(409);

    // The victim signs in with Google again: the same account.
    const later = await signInWithGoogle(google.profile.sub, victimEmail);
    expect((await later.send('get', '/api/auth/me').expect(200)).body.id).toBe(victimMe.id);
  });

  it('links Google to a local account that verified its email', async () => {
    const username = `verified_${uniqueSuffix()}`;
    const email = `${username}@example.com`;
    const owner = await register(username, email);
    expect((await owner.send('get', '/api/auth/me').expect(200)).body.emailVerified).toBe(false);
    await owner.send('post', '/api/auth/verify-email', { token: lastVerificationToken(t, email) }).expect(200);
    expect((await owner.send('get', '/api/auth/me').expect(200)).body).toMatchObject({ id: owner.id, email, emailVerified: true });

    const viaGoogle = await signInWithGoogle(`g-${uniqueSuffix()}`, email.toUpperCase());
    expect((await viaGoogle.send('get', '/api/auth/me').expect(200)).body).toMatchObject({ id: owner.id, username });
  });

  it('does not link when Google does not vouch for the email, and leaves the verified owner their email', async () => {
    const { user, username } = await createTestUser(t.users);
    await verifyEmailThroughApi(t, await signedInClient(t.app, username), user.email);
    const other = await signInWithGoogle(`g-${uniqueSuffix()}`, user.email, false);
    const me = (await other.send('get', '/api/auth/me').expect(200)).body;
    expect(me.id).not.toBe(user.id);
    expect(me).toMatchObject({ email: '', emailVerified: false });
    expect(await t.users.findById(user.id)).toMatchObject({ email: user.email, emailVerified: true });
  });

  it('gives a second Google account with a verified owner’s email an account of its own, without the email', async () => {
    const email = `twice.${uniqueSuffix()}@example.com`;
    const first = await signInWithGoogle(`g-${uniqueSuffix()}`, email);
    const firstMe = (await first.send('get', '/api/auth/me').expect(200)).body;
    const second = await signInWithGoogle(`g-${uniqueSuffix()}`, email);
    const secondMe = (await second.send('get', '/api/auth/me').expect(200)).body;
    expect(secondMe.id).not.toBe(firstMe.id);
    expect(secondMe.email).toBe('');
    expect((await t.users.findById(firstMe.id))!.email).toBe(email);
  });

  it.each([
    ['the same letters', (email: string) => email],
    ['capitals', (email: string) => email.toUpperCase()],
    ['mixed case and spaces around', (email: string) => `  ${email.charAt(0).toUpperCase()}${email.slice(1)} `],
  ])('refuses registering an email that is taken, in %s, with 409', async (_name, variant) => {
    const email = `taken.${uniqueSuffix()}@example.com`;
    await register(`first_${uniqueSuffix()}`, email);
    const client = await anonymousClient(t.app);
    const res = await client.send('post', '/api/auth/register', { username: `second_${uniqueSuffix()}`, email: variant(email), password: TEST_PASSWORD }).expect(409);
    expect(res.body).toEqual({ code: 'CONFLICT', message: EMAIL_TAKEN, details: [{ path: 'email', message: EMAIL_TAKEN }] });
    await client.send('get', '/api/auth/me').expect(401);
  });

  it('refuses registering the email of a Google account', async () => {
    const email = `google.${uniqueSuffix()}@example.com`;
    await signInWithGoogle(`g-${uniqueSuffix()}`, email);
    const client = await anonymousClient(t.app);
    const res = await client.send('post', '/api/auth/register', { username: `late_${uniqueSuffix()}`, email, password: TEST_PASSWORD }).expect(409);
    expect(res.body.message).toBe(EMAIL_TAKEN);
  });

  it('lets one of many parallel registrations of one email through', async () => {
    const email = `race.${uniqueSuffix()}@example.com`;
    const results = await Promise.all(Array.from({ length: 8 }, () => t.users.register({ username: `race_${uniqueSuffix()}`, email, password: TEST_PASSWORD }).then(() => 201, (error: { status: number }) => error.status)));
    expect(results.sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('gives parallel first sign-ins of one Google account one account', async () => {
    const identity = { googleId: `g-${uniqueSuffix()}`, email: `parallel.${uniqueSuffix()}@example.com`, emailVerified: true, displayName: 'Parallel' };
    const signedIn = await Promise.all(Array.from({ length: 4 }, () => t.users.signInWithGoogle(identity)));
    expect(new Set(signedIn.map((user) => user.id)).size).toBe(1);
    expect(signedIn[0]).toMatchObject({ email: identity.email, emailVerified: true });
  });

  describe('verification links', () => {
    async function freshAccount() {
      const username = `link_${uniqueSuffix()}`;
      const email = `${username}@example.com`;
      const client = await register(username, email);
      return { client, email, username, token: lastVerificationToken(t, email) };
    }
    const invalid = { code: 'VALIDATION_FAILED', message: INVALID_VERIFICATION_LINK, details: [{ path: 'token', message: INVALID_VERIFICATION_LINK }] };

    it('mails a link to the app’s verify page and stores only the token’s hash', async () => {
      const { client, email, token } = await freshAccount();
      const mail = t.mailer.lastTo(email)!;
      expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
      expect(mail.text).toContain(mail.link);
      const rows = await database.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, client.id));
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('works once', async () => {
      const { client, token } = await freshAccount();
      const res = await client.send('post', '/api/auth/verify-email', { token }).expect(200);
      expect(res.body).toMatchObject({ id: client.id, emailVerified: true });
      expect((await client.send('post', '/api/auth/verify-email', { token }).expect(400)).body).toEqual(invalid);
      expect((await client.send('post', '/api/auth/verify-email/resend').expect(409)).body.message).toBe('Your email is already verified.');
    });

    it('stops working when it expires', async () => {
      const { client, token } = await freshAccount();
      await database.db.update(emailVerificationTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailVerificationTokens.userId, client.id));
      expect((await client.send('post', '/api/auth/verify-email', { token }).expect(400)).body).toEqual(invalid);
      expect((await client.send('get', '/api/auth/me').expect(200)).body.emailVerified).toBe(false);
    });

    it('works only signed in as the account it was sent for, and is not used up by anyone else', async () => {
      const { client, token } = await freshAccount();
      await anonymousClient(t.app).then((anonymous) => anonymous.send('post', '/api/auth/verify-email', { token }).expect(401));
      const { username } = await createTestUser(t.users);
      const stranger = await signedInClient(t.app, username);
      expect((await stranger.send('post', '/api/auth/verify-email', { token }).expect(400)).body).toEqual(invalid);
      expect((await stranger.send('get', '/api/auth/me').expect(200)).body.emailVerified).toBe(false);
      await client.send('post', '/api/auth/verify-email', { token }).expect(200);
    });

    it('is replaced by a new one on request, which is throttled', async () => {
      const { client, email, token } = await freshAccount();
      const res = await client.send('post', '/api/auth/verify-email/resend').expect(202);
      expect(res.body).toEqual({ sentTo: email });
      const newer = lastVerificationToken(t, email);
      expect(newer).not.toBe(token);
      await client.send('post', '/api/auth/verify-email', { token }).expect(400);
      for (let i = 0; i < 4; i += 1) await client.send('post', '/api/auth/verify-email/resend').expect(202);
      const refused = await client.send('post', '/api/auth/verify-email/resend').expect(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', details: expect.any(Object) });
      await client.send('post', '/api/auth/verify-email', { token: lastVerificationToken(t, email) }).expect(200);
    });

    it.each([
      ['a malformed token', { token: 'not-a-token' }, 400],
      ['no token', {}, 400],
      ['a number', { token: 7 }, 400],
    ])('refuses %s with 400 in the error shape', async (_name, body, status) => {
      const { client } = await freshAccount();
      const res = await client.send('post', '/api/auth/verify-email', body).expect(status);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), details: expect.any(Array) });
    });
  });
});
