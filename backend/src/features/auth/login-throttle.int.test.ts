import { INVALID_CREDENTIALS } from '@cinema-dna/shared-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedState } from '../../platform/cache/types.js';
import { anonymousClient, createTestUser, TEST_PASSWORD } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets, uniqueSuffix } from '../../test-support/targets.js';

const PER_ACCOUNT = 10;
const PER_IP = 50;
const WINDOW_SECONDS = 15 * 60;

describe.each(sharedStateTargets())('login throttle on $name counters', (stateTarget) => {
  let database: Awaited<ReturnType<ReturnType<typeof databaseTargets>[number]['open']>>;
  let shared: SharedState;
  let t: TestApp;
  /** Failed sign-ins this suite has made (all from 127.0.0.1), for the per-IP count. */
  let failuresFromThisIp = 0;

  beforeAll(async () => {
    database = await databaseTargets()[0]!.open();
    shared = await stateTarget.open();
    t = await openTestApp({ database, shared, loginThrottle: { failuresPerAccount: PER_ACCOUNT, failuresPerIp: PER_IP, windowMs: WINDOW_SECONDS * 1000 } });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  async function attempt(username: string, password: string) {
    const client = await anonymousClient(t.app);
    const res = await client.send('post', '/api/auth/login', { username, password });
    if (res.status === 401) failuresFromThisIp += 1;
    return Object.assign(res, { client });
  }

  it('refuses the 11th attempt on one account, even with the right password, in any letter case; other accounts go on', async () => {
    const { username } = await createTestUser(t.users, { prefix: 'Target' });
    const bystander = await createTestUser(t.users, { prefix: 'bystander' });
    for (let i = 0; i < PER_ACCOUNT; i += 1) {
      const res = await attempt(i % 2 ? username.toUpperCase() : username, `wrong-password-${i}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS, details: {} });
    }
    for (const variant of [username, username.toLowerCase(), `  ${username.toUpperCase()}  `]) {
      const refused = await attempt(variant, TEST_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(refused.body).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many failed sign-ins for this account\. Try again in \d+ minutes?\.$/),
        details: { scope: 'account', limit: PER_ACCOUNT, windowSeconds: WINDOW_SECONDS, retryAfterSeconds: Number(refused.headers['retry-after']) },
      });
      await refused.client.send('get', '/api/auth/me').expect(401);
    }
    expect((await attempt(bystander.username, TEST_PASSWORD)).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const { username } = await createTestUser(t.users);
    for (let i = 0; i < PER_ACCOUNT + 5; i += 1) expect((await attempt(username, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < PER_ACCOUNT - 1; i += 1) expect((await attempt(username, 'not-the-password')).status).toBe(401);
    expect((await attempt(username, TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses every sign-in from an IP after 50 failures across accounts, unknown names included', async () => {
    const { username } = await createTestUser(t.users);
    while (failuresFromThisIp < PER_IP) {
      const res = await attempt(`nobody_${uniqueSuffix()}`, 'not-the-password');
      expect(res.status).toBe(401);
    }
    const refused = await attempt(username, TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many failed sign-ins for your network\./), details: { scope: 'ip', limit: PER_IP } });
  });
});
