import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, MOBILE, launchBrowser, openPage, screenshot, dismissToasts, expectToast } from './support/browser.js';

/**
 * Account pages in Chromium against the built app (Google sign-in not configured): the guarded
 * API keys page, its keys shown once and revoked, the /login page and Save Path when signed in.
 */

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PASSWORD = 'analytical-engine-1843';
const newUsername = () => `ada_${randomBytes(4).toString('hex')}`;
const banner = (page: Page) => page.getByRole('banner');


/** Fills a Register form (dialog tab or login page tab) and submits it. */
async function register(scope: ReturnType<Page['locator']>, username: string) {
  await scope.getByLabel('Username').fill(username);
  await scope.getByLabel('Email').fill(`${username}@example.com`);
  await scope.getByLabel('Password').fill(PASSWORD);
  await scope.getByRole('button', { name: 'Register' }).click();
}

/** Registers on /login?tab=register and waits to land on `returnTo`. */
async function registerOnLoginPage(page: Page, returnTo = '/') {
  const username = newUsername();
  await page.goto(`${server.url}/login?tab=register&returnTo=${encodeURIComponent(returnTo)}`);
  await register(page.getByRole('tabpanel', { name: 'Register' }), username);
  await page.waitForURL(`${server.url}${returnTo}`);
  return username;
}

/** GET /api/auth/me with a Bearer key and no cookies: the key's own status. */
function callWithKey(page: Page, key: string) {
  return page.evaluate(async (secret) => {
    const response = await fetch('/api/auth/me', { credentials: 'omit', headers: { Authorization: `Bearer ${secret}` } });
    return { status: response.status, body: response.ok ? ((await response.json()) as { username: string }) : null };
  }, key);
}

async function createKey(page: Page, name: string) {
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const panel = page.getByTestId('new-api-key');
  await panel.waitFor();
  const key = (await panel.getByLabel('New API key').textContent())!.trim();
  expect(key).toMatch(/^cdna_[A-Za-z0-9_-]{43}$/);
  return { panel, key };
}

describe('a guarded page', () => {
  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const)('shows the sign-in prompt and the Authentication Required toast when signed out (%s)', async (label, viewport) => {
    const { page, pageErrors, close } = await openPage(browser, viewport, `guarded-prompt-${label}`);
    await page.goto(`${server.url}/account/api-keys`);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    await expectToast(page, 'Authentication Required', 'Please log in to manage your API keys.');
    expect(await page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe('/login?returnTo=%2Faccount%2Fapi-keys');
    expect(await page.getByRole('heading', { name: 'API keys' }).count()).toBe(0);
    await screenshot(page, `guarded-prompt-${label}`, { fullPage: false });
    expect(pageErrors).toEqual([]);
    await close();
  });
});

describe('API keys', () => {
  it('registers from the prompt, creates a key shown once, keeps only its prefix after a reload, and revokes it', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'api-keys', { permissions: ['clipboard-read', 'clipboard-write'] });
    const username = newUsername();
    await page.goto(`${server.url}/account/api-keys`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome to Cinema DNA' });
    await dialog.getByRole('tab', { name: 'Register' }).click();
    await register(dialog.getByRole('tabpanel', { name: 'Register' }), username);
    await expectToast(page, 'Account Created!', 'Welcome to Six Degrees of Cinema DNA!');

    // Signed in from the prompt: the page itself appears in place.
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByText('No API keys yet').waitFor();

    const { panel, key } = await createKey(page, 'Research notebook');
    await expectToast(page, 'API Key Created', 'Copy it now');
    expect(await panel.textContent()).toContain('you won’t see it again');
    const row = page.getByRole('listitem', { name: 'Research notebook' });
    await row.waitFor();
    const prefix = (await row.getByTestId('api-key-prefix').textContent())!.replace('…', '');
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix.length).toBeLessThan(key.length);

    await dismissToasts(page);
    await page.mouse.move(0, 0);
    await screenshot(page, 'api-keys-new-key-desktop');

    await panel.getByRole('button', { name: 'Copy' }).click();
    await panel.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // The key works as a Bearer token, as this user.
    expect(await callWithKey(page, key)).toEqual({ status: 200, body: expect.objectContaining({ username }) });

    // After a reload the secret is gone for good: only the prefix remains.
    await page.reload();
    await page.getByRole('listitem', { name: 'Research notebook' }).waitFor();
    expect(await page.getByTestId('new-api-key').count()).toBe(0);
    const text = await page.locator('body').textContent();
    expect(text).not.toContain(key);
    expect(text).toContain(`${prefix}…`);

    // Revoking asks first; Cancel keeps the key.
    await page.getByRole('button', { name: 'Revoke Research notebook' }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
    await confirm.waitFor();
    await screenshot(page, 'api-keys-revoke-dialog', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await callWithKey(page, key)).status).toBe(200);

    await page.getByRole('button', { name: 'Revoke Research notebook' }).click();
    confirm = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expectToast(page, 'API Key Revoked', '“Research notebook” can no longer be used.');
    await page.getByRole('listitem', { name: 'Research notebook' }).waitFor({ state: 'detached' });
    await page.getByText('No API keys yet').waitFor();
    expect((await callWithKey(page, key)).status).toBe(401);

    // The signed-in header links to the page.
    await page.goto(server.url);
    await banner(page).getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(`${server.url}/account/api-keys`);
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('works on a phone: register on /login, come back to the page, create a key', async () => {
    const { page, pageErrors, close } = await openPage(browser, MOBILE, 'api-keys-mobile');
    await registerOnLoginPage(page, '/account/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByText('No API keys yet').waitFor();
    await createKey(page, 'Phone shortcuts');
    await page.getByRole('listitem', { name: 'Phone shortcuts' }).waitFor();
    await dismissToasts(page);
    // A full-page shot from the top, so the sticky header sits at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'api-keys-new-key-mobile');

    // The menu toggle's panel links to it too, below the spec's navigation.
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#mobile-menu').getByRole('link', { name: /API keys/ }).waitFor();
    await screenshot(page, 'mobile-menu-signed-in', { fullPage: false });
    await page.locator('#mobile-menu').getByRole('link', { name: /API keys/ }).click();
    await page.waitForURL(`${server.url}/account/api-keys`);
    expect(pageErrors).toEqual([]);
    await close();
  });
});

describe('the login page', () => {
  it.each([
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const)('says Welcome Back with both forms and the guest option, and no Google button on a server without Google (%s)', async (label, viewport) => {
    const { page, pageErrors, close } = await openPage(browser, viewport, `login-${label}`);
    const providers = page.waitForResponse((response) => response.url().endsWith('/api/auth/providers'));
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
    await page.getByRole('link', { name: 'Continue as Guest' }).waitFor();
    expect(await (await providers).json()).toEqual({ google: false });
    expect(await page.getByRole('link', { name: 'Continue with Google' }).count()).toBe(0);
    await screenshot(page, `login-${label}`);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByText(/^Passwords are 10 to 128 characters/).waitFor();
    await screenshot(page, `login-register-${label}`);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('explains that Google sign-in is not configured to a visitor who reaches it anyway, then Continue as Guest goes home', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'login-google-unavailable');
    // No button offers it here; an old bookmark still can. The server sends the browser back with the reason.
    await page.goto(`${server.url}/api/auth/google?returnTo=%2Faccount%2Fapi-keys`);
    await page.waitForURL(`${server.url}/login?error=google-unavailable`);
    expect(await page.getByRole('alert').textContent()).toContain('Google sign-in is not configured on this server.');
    await screenshot(page, 'login-google-unavailable', { fullPage: false });

    await page.getByRole('link', { name: 'Continue as Guest' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Cinema DNA' }).waitFor();
    await banner(page).getByRole('button', { name: 'Login' }).waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('signs in with the spec’s toast and returns to where the visitor was going', async () => {
    const { page, close } = await openPage(browser, DESKTOP, 'login-return');
    const username = await registerOnLoginPage(page);
    await banner(page).getByRole('button', { name: 'Logout' }).click();
    await banner(page).getByRole('button', { name: 'Login' }).waitFor();

    await page.goto(`${server.url}/login?returnTo=%2Fhelp`);
    const login = page.getByRole('tabpanel', { name: 'Login' });
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Login', exact: true }).click();
    await expectToast(page, 'Welcome back!', 'You have successfully logged in.');
    await page.waitForURL(`${server.url}/help`);

    // Signed in, /login itself moves straight on.
    await page.goto(`${server.url}/login?returnTo=%2Fabout`);
    await page.waitForURL(`${server.url}/about`);
    await close();
  });
});

describe('Save Path', () => {
  it('saves the found path to the signed-in user’s connections', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'save-path');
    await registerOnLoginPage(page);
    await page.getByRole('button', { name: 'Kevin Bacon and Tom Hanks', exact: true }).click();
    await page.getByRole('heading', { name: 'Connection Found!' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Save Path' }).click();
    await expectToast(page, 'Connection Saved', 'Added to your discovered connections');
    const saved = await page.evaluate(async () => (await (await fetch('/api/users/me/connections')).json()) as { connections: Array<{ fromEntity: { name: string }; toEntity: { name: string } }> });
    expect(saved.connections).toHaveLength(1);
    expect(saved.connections[0]).toMatchObject({ fromEntity: { name: 'Kevin Bacon' }, toEntity: { name: 'Tom Hanks' } });
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('asks a signed-out visitor to log in', async () => {
    const { page, close } = await openPage(browser, DESKTOP, 'save-path-signed-out');
    await page.goto(server.url);
    await banner(page).getByRole('button', { name: 'Login' }).waitFor();
    await page.getByRole('button', { name: 'Kevin Bacon and Tom Hanks', exact: true }).click();
    await page.getByRole('heading', { name: 'Connection Found!' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Save Path' }).click();
    await expectToast(page, 'Login Required', 'Please log in to save connections to your collection');
    await page.getByRole('dialog', { name: 'Welcome to Cinema DNA' }).waitFor();
    await close();
  });
});
