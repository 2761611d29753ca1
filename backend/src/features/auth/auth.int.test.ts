import { Writable } from 'node:stream';
import { CSRF_HEADER, INVALID_CREDENTIALS, PASSWORD_RULE, USERNAME_RULE } from '@cinema-dna/shared-types';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { sessions } from '../../platform/auth/schema.js';
import { createLogger } from '../../platform/logging.js';
import { anonymousClient, apiClient, createTestUser, sessionIdOf, signedInClient, TEST_PASSWORD } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, uniqueSuffix } from '../../test-support/targets.js';

/** Everything the app logs, at the most verbose level, to look for secrets in. */
function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('trace', stream), text: () => lines.join('') };
}

const CSRF_REFUSAL = { code: 'FORBIDDEN', message: 'Missing or invalid CSRF token', details: {} };

describe.each(databaseTargets())('accounts and sessions on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  const logs = captureLogs();
  /** Every password typed in this suite: none may show up in a response or a log line. */
  const passwordsUsed = new Set<string>([TEST_PASSWORD]);
  const responses: string[] = [];
  const remember = <R extends { text: string; headers: Record<string, unknown> }>(res: R): R => {
    responses.push(res.text, JSON.stringify(res.headers));
    return res;
  };

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared, logger: logs.logger });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  const fresh = (prefix = 'ada') => `${prefix}_${uniqueSuffix()}`;
  const registration = (username = fresh(), password = 'a-long-enough-secret') => {
    passwordsUsed.add(password);
    return { username, email: `${username}@example.com`, password };
  };

  describe('register, me, logout, login', () => {
    it('registers, signs in at once with an HttpOnly SameSite=Lax cookie, and answers the user without secrets', async () => {
      const client = await anonymousClient(t.app);
      const body = registration();
      const res = remember(await client.send('post', '/api/auth/register', body).expect(201));
      expect(res.body).toEqual({
        id: expect.any(Number),
        username: body.username,
        displayName: body.username,
        email: body.email,
        emailVerified: false,
        role: 'user',
        level: 1,
        points: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('cdna.sid='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Expires=/i);
      expect(cookie).not.toMatch(/Secure/i);

      // The registration day's login pays its point (points subscribers) once the event is delivered.
      await t.events.settled();
      const me = remember(await client.send('get', '/api/auth/me').expect(200));
      expect(me.body).toEqual({ ...res.body, points: 1 });
      expect(me.headers['cache-control']).toBe('no-store');
    });

    it('logs out (204), after which the same cookie is anonymous; login brings the user back', async () => {
      const client = await anonymousClient(t.app);
      const body = registration();
      const registered = await client.send('post', '/api/auth/register', body).expect(201);
      client.csrfToken = registered.get(CSRF_HEADER);
      const out = await client.send('post', '/api/auth/logout').expect(204);
      client.csrfToken = out.get(CSRF_HEADER);
      await client.send('get', '/api/auth/me').expect(401);
      // Signing out again is harmless.
      const again = await client.send('post', '/api/auth/logout').expect(204);
      client.csrfToken = again.get(CSRF_HEADER);

      const login = remember(await client.send('post', '/api/auth/login', { username: body.username, password: body.password }).expect(200));
      expect(login.body).toMatchObject({ id: registered.body.id, username: body.username });
      await client.send('get', '/api/auth/me').expect(200);
    });

    it('answers GET /api/auth/me with 401 in the error shape when nobody is signed in', async () => {
      const res = await request(t.app).get('/api/auth/me').expect(401);
      expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String), details: {} });
    });

    it('answers GET /api/auth/session with 200 either way: { user: null } signed out, the user signed in, null again after logout', async () => {
      const anonymous = await request(t.app).get('/api/auth/session').expect(200);
      expect(anonymous.body).toEqual({ user: null });
      expect(anonymous.headers['cache-control']).toBe('no-store');

      const client = await anonymousClient(t.app);
      const registered = await client.send('post', '/api/auth/register', registration()).expect(201);
      await t.events.settled();
      expect((await client.send('get', '/api/auth/session').expect(200)).body).toEqual({ user: { ...registered.body, points: 1 } });
      client.csrfToken = registered.get(CSRF_HEADER);
      await client.send('post', '/api/auth/logout').expect(204);
      expect((await client.send('get', '/api/auth/session').expect(200)).body).toEqual({ user: null });
    });

    it('says Google sign-in is not offered when Google is not configured (GET /api/auth/providers)', async () => {
      expect((await request(t.app).get('/api/auth/providers').expect(200)).body).toEqual({ google: false });
    });

    it('signs in with the username in another letter case or in full-width letters', async () => {
      const body = registration(fresh('bob'));
      await (await anonymousClient(t.app)).send('post', '/api/auth/register', body).expect(201);
      const upper = await anonymousClient(t.app);
      await upper.send('post', '/api/auth/login', { username: body.username.toUpperCase(), password: body.password }).expect(200);
      const fullWidth = body.username.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
      const wide = await anonymousClient(t.app);
      await wide.send('post', '/api/auth/login', { username: fullWidth, password: body.password }).expect(200);
    });

    it('keeps sessions in the database: a restarted app still knows the signed-in user', async () => {
      const { username } = await createTestUser(t.users);
      const client = await anonymousClient(t.app);
      const login = await client.send('post', '/api/auth/login', { username, password: TEST_PASSWORD }).expect(200);
      const cookie = (login.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('cdna.sid='))!.split(';')[0]!;
      const restarted = t.restart();
      const me = await request(restarted).get('/api/auth/me').set('Cookie', cookie).expect(200);
      expect(me.body.username).toBe(username);
    });
  });

  describe('bad input never half-creates an account', () => {
    const taken = fresh('taken');
    beforeAll(async () => {
      await (await anonymousClient(t.app)).send('post', '/api/auth/register', registration(taken)).expect(201);
    });

    const u = () => fresh('new');
    const cases: Array<[string, () => unknown, number, string]> = [
      ['an empty body', () => ({}), 400, 'VALIDATION_FAILED'],
      ['no body at all', () => undefined, 400, 'VALIDATION_FAILED'],
      ['a JSON array', () => [registration()], 400, 'VALIDATION_FAILED'],
      ['a JSON string', () => 'username=x', 400, 'VALIDATION_FAILED'],
      ['wrong types', () => ({ username: 123, email: true, password: ['a-long-enough-secret'] }), 400, 'VALIDATION_FAILED'],
      ['a missing password', () => ({ username: u(), email: 'x@example.com' }), 400, 'VALIDATION_FAILED'],
      ['an invalid email', () => ({ ...registration(), email: 'not-an-email' }), 400, 'VALIDATION_FAILED'],
      ['an email over 254 characters', () => ({ ...registration(), email: `${'a'.repeat(250)}@example.com` }), 400, 'VALIDATION_FAILED'],
      ['a two-letter username', () => registration('ab'), 400, 'VALIDATION_FAILED'],
      ['a 31-character username', () => registration('a'.repeat(31)), 400, 'VALIDATION_FAILED'],
      ['a username with a space', () => registration(`ada ${uniqueSuffix()}`), 400, 'VALIDATION_FAILED'],
      ['a zero-width joiner inside the username', () => registration(`ad\u200Da_${uniqueSuffix()}`), 400, 'VALIDATION_FAILED'],
      ['a zero-width space at the end', () => registration(`ada_${uniqueSuffix()}\u200B`), 400, 'VALIDATION_FAILED'],
      ['a Cyrillic look-alike letter', () => registration(`\u0430da_${uniqueSuffix()}`), 400, 'VALIDATION_FAILED'],
      ['a right-to-left override', () => registration(`\u202Eada_${uniqueSuffix()}`), 400, 'VALIDATION_FAILED'],
      ['an emoji', () => registration(`ada🎬_${uniqueSuffix()}`), 400, 'VALIDATION_FAILED'],
      ['a NUL character', () => registration(`ada\u0000_${uniqueSuffix()}`), 400, 'VALIDATION_FAILED'],
      ['a 9-character password', () => registration(u(), 'short-pw1'), 400, 'VALIDATION_FAILED'],
      ['a 129-character password', () => registration(u(), 'x'.repeat(64) + 'y'.repeat(65)), 400, 'VALIDATION_FAILED'],
      ['one character repeated as the password', () => registration(u(), 'aaaaaaaaaaaa'), 400, 'VALIDATION_FAILED'],
      ['the username as the password', () => {
        const name = `Same_Name_${uniqueSuffix()}`;
        return registration(name, name.toLowerCase());
      }, 400, 'VALIDATION_FAILED'],
      ['the taken username in capitals', () => registration(taken.toUpperCase()), 409, 'CONFLICT'],
      ['the taken username in full-width letters', () => ({ ...registration(), username: taken.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)) }), 409, 'CONFLICT'],
    ];

    it.each(cases)('refuses %s', async (_name, body, status, code) => {
      const before = await t.users.count();
      const client = await anonymousClient(t.app);
      const payload = body();
      const res = remember(await client.send('post', '/api/auth/register', payload));
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ code, message: expect.any(String) });
      if (status === 400) expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.any(String), message: expect.any(String) })]));
      if (status === 409) expect(res.body.message).toBe('Username already taken');
      expect(await t.users.count()).toBe(before);
      // Nobody got signed in either.
      await client.send('get', '/api/auth/me').expect(401);
    });

    it('states the password rule and the username rule in the error details', async () => {
      const client = await anonymousClient(t.app);
      const res = await client.send('post', '/api/auth/register', { username: 'a b', email: 'x@example.com', password: 'short' }).expect(400);
      expect(res.body.message).toBe('Registration is invalid');
      expect(res.body.details).toEqual(
        expect.arrayContaining([
          { path: 'username', message: USERNAME_RULE },
          { path: 'password', message: PASSWORD_RULE },
        ]),
      );
    });

    it('refuses malformed JSON with 400 INVALID_JSON and a body over 10 kB with 413', async () => {
      const before = await t.users.count();
      const client = await anonymousClient(t.app);
      const broken = await client.agent
        .post('/api/auth/register')
        .set(CSRF_HEADER, client.csrfToken!)
        .set('content-type', 'application/json')
        .send('{"username": "ada",');
      expect(broken.status).toBe(400);
      expect(broken.body.code).toBe('INVALID_JSON');
      const big = await client.send('post', '/api/auth/register', { ...registration(), bio: 'x'.repeat(11_000) });
      expect(big.status).toBe(413);
      expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
      const bigLogin = await client.send('post', '/api/auth/login', { username: 'ada', password: 'x'.repeat(11_000) });
      expect(bigLogin.status).toBe(413);
      expect(await t.users.count()).toBe(before);
    });

    it('ignores fields it does not know: nobody registers as an admin', async () => {
      const client = await anonymousClient(t.app);
      const res = await client.send('post', '/api/auth/register', { ...registration(), role: 'admin', isActive: false, points: 1e9 }).expect(201);
      expect(res.body).toMatchObject({ role: 'user', points: 0 });
    });

    const loginCases: Array<[string, unknown]> = [
      ['an empty body', {}],
      ['no body', undefined],
      ['wrong types', { username: ['ada'], password: { $ne: '' } }],
      ['an empty password', { username: 'ada', password: '' }],
      ['a number as the username', { username: 42, password: 'a-long-enough-secret' }],
    ];
    it.each(loginCases)('refuses a login with %s with 400 in the error shape', async (_name, body) => {
      const client = await anonymousClient(t.app);
      const res = await client.send('post', '/api/auth/login', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Login is invalid', details: expect.any(Array) });
      await client.send('get', '/api/auth/me').expect(401);
    });

    it('answers a login with a zero-width joiner in the name as an unknown user', async () => {
      const client = await anonymousClient(t.app);
      const res = await client.send('post', '/api/auth/login', { username: `${taken.slice(0, 2)}\u200D${taken.slice(2)}`, password: 'a-long-enough-secret' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS, details: {} });
    });
  });

  describe('login failures reveal nothing', () => {
    // Equal cost (one Argon2 verification either way) is checked in platform/auth/passwords.test.ts, not timed here.
    it('answers an unknown username and a wrong password identically', async () => {
      const { username } = await createTestUser(t.users);
      const client = await anonymousClient(t.app);
      passwordsUsed.add('wrong-password-here');
      for (let i = 0; i < 3; i += 1) {
        const a = remember(await client.send('post', '/api/auth/login', { username: `nobody_${uniqueSuffix()}`, password: 'wrong-password-here' }));
        const b = remember(await client.send('post', '/api/auth/login', { username, password: 'wrong-password-here' }));
        expect(a.status).toBe(401);
        expect(b.status).toBe(401);
        expect(a.body).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid username or password.', details: {} });
        expect(b.body).toEqual(a.body);
      }
    });
  });

  describe('CSRF', () => {
    it('refuses login and register without the token, and creates nothing', async () => {
      const before = await t.users.count();
      const { username } = await createTestUser(t.users);
      const bare = await request(t.app).post('/api/auth/login').send({ username, password: TEST_PASSWORD }).expect(403);
      expect(bare.body).toEqual(CSRF_REFUSAL);
      expect(sessionIdOf(bare)).toBeUndefined();
      const reg = await request(t.app).post('/api/auth/register').send(registration()).expect(403);
      expect(reg.body).toEqual(CSRF_REFUSAL);
      expect(await t.users.count()).toBe(before + 1);
    });

    it('refuses a token of another session, and logout without a token', async () => {
      const { username } = await createTestUser(t.users);
      const mine = await anonymousClient(t.app);
      const theirs = await anonymousClient(t.app);
      mine.csrfToken = theirs.csrfToken;
      await mine.send('post', '/api/auth/login', { username, password: TEST_PASSWORD }).expect(403);
      const signedIn = await signedInClient(t.app, username);
      const res = await signedIn.agent.post('/api/auth/logout').expect(403);
      expect(res.body).toEqual(CSRF_REFUSAL);
      await signedIn.send('get', '/api/auth/me').expect(200);
    });

    it('requires the token on every write of a signed-in session, even to public routes', async () => {
      const { username } = await createTestUser(t.users);
      const client = await signedInClient(t.app, username);
      const token = client.csrfToken;
      const contact = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there' };
      client.csrfToken = undefined;
      expect((await client.send('post', '/api/contact', contact).expect(403)).body).toEqual(CSRF_REFUSAL);
      client.csrfToken = 'x'.repeat(43);
      await client.send('post', '/api/contact', contact).expect(403);
      client.csrfToken = token;
      await client.send('post', '/api/contact', contact).expect(201);
    });

    it('lets anonymous callers without a session cookie write to public routes (curl)', async () => {
      await request(t.app)
        .post('/api/contact')
        .send({ name: 'Curl', email: 'curl@example.com', subject: 'Hi', message: 'From a script' })
        .expect(201);
    });
  });

  describe('session fixation', () => {
    it('gives the session a new id, and a new CSRF token, when signing in', async () => {
      const { username } = await createTestUser(t.users);
      const client = apiClient(t.app);
      const csrf = await client.agent.get('/api/auth/csrf').expect(200);
      const anonymousSid = sessionIdOf(csrf)!;
      expect(anonymousSid).toBeTruthy();
      const planted = csrf.headers['set-cookie'] as unknown as string[];
      client.csrfToken = csrf.body.csrfToken;

      const login = await client.send('post', '/api/auth/login', { username, password: TEST_PASSWORD }).expect(200);
      const signedInSid = sessionIdOf(login)!;
      expect(signedInSid).toBeTruthy();
      expect(signedInSid).not.toBe(anonymousSid);
      const rotated = login.get(CSRF_HEADER);
      expect(rotated).toBeTruthy();
      expect(rotated).not.toBe(csrf.body.csrfToken);

      // Whoever planted (or saw) the first cookie has nothing: it is not signed in and is gone from the store.
      const old = await request(t.app).get('/api/auth/me').set('Cookie', planted.map((c) => c.split(';')[0]).join('; '));
      expect(old.status).toBe(401);
      expect(await database.db.select().from(sessions).where(eq(sessions.sid, anonymousSid))).toEqual([]);
      // The old token no longer works for the signed-in session; the rotated one does.
      client.csrfToken = csrf.body.csrfToken;
      await client.send('post', '/api/contact', { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }).expect(403);
      client.csrfToken = rotated;
      await client.send('post', '/api/contact', { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }).expect(201);
    });
  });

  describe('the session cookie', () => {
    const sessionCookieOf = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('cdna.sid='));

    it('is sent only when its session was created or changed, so a request in flight at sign-in cannot bring back the signed-out session', async () => {
      const { username } = await createTestUser(t.users);
      const client = apiClient(t.app);
      const csrf = await client.agent.get('/api/auth/csrf').expect(200);
      const anonymous = sessionCookieOf(csrf)!.split(';')[0]!;
      client.csrfToken = csrf.body.csrfToken;
      // A request with the anonymous session that changes nothing (the socket's handshake, a query) answers without
      // the cookie: had it been answered after the sign-in below, its cookie would have replaced the new one.
      const inFlight = await request(t.app).get('/api/auth/session').set('Cookie', anonymous).expect(200);
      expect(inFlight.body).toEqual({ user: null });
      expect(sessionCookieOf(inFlight)).toBeUndefined();

      const login = await client.send('post', '/api/auth/login', { username, password: TEST_PASSWORD }).expect(200);
      expect(sessionCookieOf(login)).toBeTruthy();
      const again = await client.send('get', '/api/auth/me').expect(200);
      expect(sessionCookieOf(again)).toBeUndefined();
    });

    it('of a signed-in visitor is renewed for 30 days on their first request of each day', async () => {
      const { username } = await createTestUser(t.users);
      const client = await signedInClient(t.app, username);
      await client.send('get', '/api/auth/me').expect(200);
      const tomorrow = Date.now() + 24 * 60 * 60_000;
      vi.useFakeTimers({ toFake: ['Date'], now: tomorrow });
      try {
        const first = await client.send('get', '/api/auth/me').expect(200);
        const renewed = sessionCookieOf(first);
        expect(renewed).toBeTruthy();
        const expires = Date.parse(/Expires=([^;]+)/i.exec(renewed!)![1]!);
        expect(Math.abs(expires - (tomorrow + 30 * 24 * 60 * 60_000))).toBeLessThan(60_000);
        expect(sessionCookieOf(await client.send('get', '/api/auth/me').expect(200))).toBeUndefined();
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('deactivated users', () => {
    it('lose their existing session at once and cannot sign in again', async () => {
      const { user, username } = await createTestUser(t.users);
      const client = await signedInClient(t.app, username);
      await client.send('get', '/api/auth/me').expect(200);
      const sessionRows = async () => database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(await sessionRows()).toHaveLength(1);

      await t.users.setActive(user.id, false);
      expect((await client.send('get', '/api/auth/session').expect(200)).body).toEqual({ user: null });
      await client.send('get', '/api/auth/me').expect(401);
      expect(await sessionRows()).toEqual([]);
      await client.send('post', '/api/connections/save', {}).expect(401);

      const again = await anonymousClient(t.app);
      const refused = await again.send('post', '/api/auth/login', { username, password: TEST_PASSWORD }).expect(403);
      expect(refused.body).toEqual({ code: 'FORBIDDEN', message: 'This account has been deactivated.', details: {} });
      // Without the password it is the same answer as for anyone else.
      const wrong = await again.send('post', '/api/auth/login', { username, password: 'not-the-password' }).expect(401);
      expect(wrong.body).toEqual({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS, details: {} });
      passwordsUsed.add('not-the-password');

      await t.users.setActive(user.id, true);
      await (await anonymousClient(t.app)).send('post', '/api/auth/login', { username, password: TEST_PASSWORD }).expect(200);
    });
  });

  describe('the session store', () => {
    it('prunes expired sessions and never reads them', async () => {
      const store = t.auth.sessionStore;
      const get = (sid: string) => new Promise((resolve, reject) => store.get(sid, (error, value) => (error ? reject(error) : resolve(value))));
      const set = (sid: string, expires: Date) =>
        new Promise<void>((resolve, reject) =>
          store.set(sid, { cookie: { originalMaxAge: 1000, expires } } as never, (error) => (error ? reject(error) : resolve())),
        );
      const sid = `expired-${uniqueSuffix()}`;
      await set(sid, new Date(Date.now() - 1000));
      expect(await get(sid)).toBeNull();
      await set(`live-${sid}`, new Date(Date.now() + 60_000));
      expect(await get(`live-${sid}`)).toMatchObject({ cookie: { originalMaxAge: 1000 } });
      expect(await store.prune()).toBeGreaterThanOrEqual(1);
      expect(await database.db.select().from(sessions).where(eq(sessions.sid, sid))).toEqual([]);
      expect(await get(`live-${sid}`)).not.toBeNull();
    });
  });

  // Last: looks through everything this suite said and logged.
  describe('secrets', () => {
    it('never returns a password or a password hash, and never logs one', async () => {
      const all = responses.join('\n');
      expect(all).not.toContain('$argon2');
      expect(all.toLowerCase()).not.toContain('passwordhash');
      for (const password of passwordsUsed) expect(all).not.toContain(password);

      const logged = logs.text();
      expect(logged.length).toBeGreaterThan(1000);
      expect(logged).toContain('/api/auth/login');
      expect(logged).not.toContain('$argon2');
      for (const password of passwordsUsed) expect(logged).not.toContain(password);
    });

    it('redacts password fields even when code logs a body by mistake', () => {
      const capture = captureLogs();
      capture.logger.info({ body: { username: 'ada', password: 'hunter2-hunter2' }, password: 'top-level-secret' }, 'oops');
      expect(capture.text()).not.toContain('hunter2-hunter2');
      expect(capture.text()).not.toContain('top-level-secret');
      expect(capture.text()).toContain('[redacted]');
    });
  });
});
