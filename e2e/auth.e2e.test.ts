import { randomBytes } from 'node:crypto';
import { CSRF_HEADER } from '@cinema-dna/shared-types';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, MOBILE, launchBrowser, openPage, screenshot, expectToast } from './support/browser.js';

/**
 * Signing in, in Chromium, against the built app: Google sign-in end to end against a local
 * OAuth 2.0 server (oauth2-mock-server: its authorize endpoint consents at once and redirects back
 * with a code), and a password account registered, signed out and signed in through the login dialog.
 */

let oauth: OAuth2Server;
let server: AppServer;
let browser: Browser;
/** What the OAuth server's userinfo endpoint says about the person signing in. */
const googleProfile = { sub: `google-${randomBytes(4).toString('hex')}`, email: 'grace.hopper@example.com', email_verified: true, name: 'Grace Hopper' };

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate('RS256');
  await oauth.start(0, '127.0.0.1');
  oauth.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = googleProfile;
  });
  const issuer = oauth.issuer.url!;
  server = await startAppServer({
    env: {
      GOOGLE_CLIENT_ID: 'cinema-dna-e2e',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_AUTH_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await oauth?.stop();
});

const banner = (page: Page) => page.getByRole('banner');

/** The signed-in navigation: a Level badge and Logout instead of the Login button. */
async function expectSignedIn(page: Page) {
  await banner(page).getByRole('button', { name: 'Logout' }).waitFor();
  await banner(page).getByText(/^Level \d+$/).waitFor();
  expect(await banner(page).getByRole('button', { name: 'Login' }).count()).toBe(0);
}

async function openLoginDialog(page: Page) {
  await banner(page).getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Cinema DNA' });
  await dialog.waitFor();
  await dialog.getByText('Discover the hidden connections in cinema').waitFor();
  return dialog;
}

describe('Google sign-in', () => {
  it('goes to the OAuth server and back, creating the account and showing the signed-in navigation', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'google-sign-in');
    await page.goto(server.url);
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('button', { name: 'Sign in with Google' }).click();

    // /api/login → the OAuth server's /authorize → /api/auth/google/callback → back to where we were.
    await page.waitForURL(`${server.url}/`);
    await expectSignedIn(page);
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
    expect(me).toMatchObject({ username: 'grace.hopper', displayName: 'Grace Hopper', email: 'grace.hopper@example.com', role: 'user' });
    await screenshot(page, 'google-signed-in', { fullPage: false });

    // The session survives a reload.
    await page.reload();
    await expectSignedIn(page);
    expect(pageErrors).toEqual([]);
    await close();
  });
});

describe('username and password', () => {
  it('registers, logs out and logs back in through the login dialog with the spec’s toasts', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'password-sign-in');
    const username = `ada_${randomBytes(4).toString('hex')}`;
    const password = 'analytical-engine-1843';
    await page.goto(server.url);

    const dialog = await openLoginDialog(page);
    await dialog.getByRole('tab', { name: 'Register' }).click();
    const register = dialog.getByRole('tabpanel', { name: 'Register' });
    await register.getByLabel('Username').fill(username);
    await register.getByLabel('Email').fill(`${username}@example.com`);
    await register.getByLabel('Password').fill(password);
    await register.getByRole('button', { name: 'Register' }).click();
    await expectToast(page, 'Account Created!', 'Welcome to Six Degrees of Cinema DNA!');
    await expectSignedIn(page);
    await screenshot(page, 'registered', { fullPage: false });

    await banner(page).getByRole('button', { name: 'Logout' }).click();
    await banner(page).getByRole('button', { name: 'Login' }).waitFor();
    // Signed out on the server too, not only on screen.
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);

    const again = await openLoginDialog(page);
    const login = again.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(username.toUpperCase());
    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Welcome back!', 'You have successfully logged in.');
    await expectSignedIn(page);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('answers a wrong password with the spec’s Login Failed toast', async () => {
    const { page, close } = await openPage(browser, DESKTOP, 'password-wrong');
    await page.goto(server.url);
    const dialog = await openLoginDialog(page);
    const login = dialog.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill('nobody_here');
    await login.getByLabel('Password').fill('not-the-password');
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Login Failed', 'Invalid username or password.');
    // The dialog stays open with what was typed; nobody is signed in.
    expect(await login.getByLabel('Username').inputValue()).toBe('nobody_here');
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);
    await close();
  });
});

describe('email verification', () => {
  /**
   * The newest verification link the app logged for `email` (no mailer is configured outside
   * production). The log is written asynchronously, so it may land just after the 201.
   */
  async function loggedLink(email: string): Promise<string> {
    const find = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { to?: string; link?: string })
        .filter((entry) => entry.to === email && entry.link)
        .at(-1)?.link;
    await expect.poll(find, { message: `no verification link logged for ${email}`, timeout: 10_000 }).toBeDefined();
    return find()!;
  }

  it('confirms the email from the emailed link, and explains a link that was already used', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'verify-email-desktop'],
      [MOBILE, 'verify-email-mobile'],
    ] as const) {
      const { page, pageErrors, close } = await openPage(browser, viewport, name);
      const username = `ver_${randomBytes(4).toString('hex')}`;
      const email = `${username}@example.com`;
      await page.goto(server.url);
      const status = await page.evaluate(
        async ({ body, csrfHeader }) => {
          const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
          const res = await fetch('/api/auth/register', { method: 'POST', headers: { 'Content-Type': 'application/json', [csrfHeader]: csrfToken }, body: JSON.stringify(body) });
          return res.status;
        },
        { body: { username, email, password: 'analytical-engine-1843' }, csrfHeader: CSRF_HEADER },
      );
      expect(status).toBe(201);

      const link = await loggedLink(email);
      expect(link.startsWith(`${server.url}/verify-email?token=`)).toBe(true);
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Email confirmed' }).waitFor();
      await expectToast(page, 'Email confirmed', 'Your address is verified.');
      expect(await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()).emailVerified)).toBe(true);
      await screenshot(page, `${name}-confirmed`, { fullPage: false });

      // The link works once.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Already confirmed' }).waitFor();
      await screenshot(page, `${name}-used`, { fullPage: false });
      expect(pageErrors).toEqual([]);
      await close();
    }
  });
});
