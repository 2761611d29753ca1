import { randomBytes } from 'node:crypto';
import { DocsExamplesSchema, type DocsExamples } from '@cinema-dna/shared-types';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, MOBILE, launchBrowser, openPage, screenshot } from './support/browser.js';

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

/** The entities the docs' examples name: chosen by the server from the catalog it loaded. */
async function docsExamples(page: Page): Promise<DocsExamples> {
  return DocsExamplesSchema.parse(await (await page.request.get(`${server.url}/api/docs/examples`)).json());
}

/** Opens the console with `operation` ("GET /api/search") picked; resolves to the console's form. */
async function openConsole(page: Page, operation: string) {
  await page.goto(`${server.url}/api-docs?tab=testing`);
  await page.getByLabel('Endpoint', { exact: true }).selectOption(operation);
  return page.getByRole('form', { name: 'Test console' });
}

/** Registers a user through the API and creates an API key as that user; resolves to the key. */
async function createApiKey(page: Page): Promise<string> {
  const { csrfToken } = (await (await page.request.get(`${server.url}/api/auth/csrf`)).json()) as { csrfToken: string };
  const username = `docs_${randomBytes(4).toString('hex')}`;
  const registered = await page.request.post(`${server.url}/api/auth/register`, {
    headers: { 'X-CSRF-Token': csrfToken },
    data: { username, email: `${username}@example.com`, password: 'analytical-engine-1843' },
  });
  expect(registered.status()).toBe(201);
  // Registration starts a new session and hands over its token.
  const sessionToken = registered.headers()['x-csrf-token'];
  const created = await page.request.post(`${server.url}/api/users/me/api-keys`, { headers: { 'X-CSRF-Token': sessionToken! }, data: { name: 'api-docs e2e' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { key: string }).key;
}

describe('/api-docs', () => {
  it('shows the four tabs and the endpoints of the generated document, grouped by feature, with samples', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'api-docs-tabs');
    await page.goto(`${server.url}/api-docs`);
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual(['Overview', 'Endpoints', 'API Testing', 'Authentication']);
    await page.getByTestId('endpoint-count').waitFor();
    expect(await page.getByTestId('endpoint-count').textContent()).toMatch(/^\d+ in \d+ groups$/);
    await screenshot(page, 'api-docs-overview-desktop');

    await page.getByRole('tab', { name: 'Endpoints' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Endpoints' });
    const groups = await panel.getByRole('heading', { level: 2 }).allTextContents();
    expect(groups).toEqual(expect.arrayContaining(['Connections', 'Saved connections', 'Socket.IO events']));
    const find = panel.getByRole('button', { name: /^POST \/api\/find-connection/ });
    await find.click();
    const details = panel.getByRole('region', { name: /^POST \/api\/find-connection/ });
    await details.getByRole('button', { name: 'Copy cURL' }).waitFor();
    expect(await details.getByRole('button', { name: 'Copy JavaScript' }).isVisible()).toBe(true);
    expect(await details.getByText(/^20 a minute/).isVisible()).toBe(true);
    expect(await details.locator('figure').filter({ hasText: 'cURL' }).locator('pre').textContent()).toContain(`curl -X POST '${server.url}/api/find-connection'`);
    await screenshot(page, 'api-docs-endpoints-desktop');

    await page.getByRole('tab', { name: 'Authentication' }).click();
    expect(await page.getByRole('link', { name: 'your API keys page' }).getAttribute('href')).toBe('/account/api-keys');
    await screenshot(page, 'api-docs-authentication-desktop');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('sends GET /api/search?q=tom from the console and shows the 200 response with time and headers', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'api-docs-console');
    const form = await openConsole(page, 'GET /api/search');
    expect(await form.getByLabel('API key').count()).toBe(0);
    await form.getByLabel(/^q/).fill('tom');
    const sent = page.waitForRequest((request) => request.url().includes('/api/search?'));
    await form.getByRole('button', { name: 'Send Request' }).click();
    expect(new URL((await sent).url()).search).toBe('?q=tom');

    const response = page.getByTestId('api-response');
    await response.waitFor();
    expect(await response.getByTestId('response-status').textContent()).toBe('200 OK');
    expect(await response.getByTestId('response-time').textContent()).toMatch(/^\d+ ms$|^\d+\.\d\d s$/);
    expect(await response.getByText('content-type:').isVisible()).toBe(true);
    expect(await response.locator('pre').last().textContent()).toContain('"name": "Tom Hanks"');
    await screenshot(page, 'api-docs-testing-desktop');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('shows the error text for a body that is not JSON, and sends nothing', async () => {
    const { page, close } = await openPage(browser, DESKTOP, 'api-docs-invalid-json');
    const form = await openConsole(page, 'POST /api/find-connection');
    const sent: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/find-connection')) sent.push(request);
    });
    await form.getByLabel('Request body (JSON)').fill('{"fromEntity": {"id": "kevin-bacon",');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await form.getByText(/^Invalid JSON/).waitFor();
    expect(sent).toEqual([]);
    expect(await page.getByTestId('api-response').count()).toBe(0);
    await screenshot(page, 'api-docs-invalid-json', { fullPage: false });

    // Fixed, the same body is sent and answered.
    await form.getByLabel('Request body (JSON)').fill('{"fromEntity": {"id": "kevin-bacon", "type": "person"}, "toEntity": {"id": "tom-hanks", "type": "person"}}');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await page.getByTestId('api-response').waitFor();
    expect(await page.getByTestId('response-status').textContent()).toBe('200 OK');
    expect(sent).toHaveLength(1);
    await close();
  });

  it('answers 200 on an authenticated endpoint with an API key typed into the masked field, 401 without it', async () => {
    const owner = await openPage(browser, DESKTOP, 'api-docs-key-owner');
    const key = await createApiKey(owner.page);
    await owner.close();

    // A browser that was never signed in: only the key can make the call count as its owner.
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'api-docs-key');
    const form = await openConsole(page, 'GET /api/users/me/connections');
    const field = form.getByLabel('API key');
    expect(await field.getAttribute('type')).toBe('password');

    await form.getByRole('button', { name: 'Send Request' }).click();
    await page.getByTestId('api-response').waitFor();
    expect(await page.getByTestId('response-status').textContent()).toBe('401 Unauthorized');

    await field.fill(key);
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/users/me/connections'));
    await form.getByRole('button', { name: 'Send Request' }).click();
    expect((await sent).headers().authorization).toBe(`Bearer ${key}`);
    await expect.poll(() => page.getByTestId('response-status').textContent()).toBe('200 OK');
    expect(await page.getByTestId('api-response').locator('pre').last().textContent()).toContain('"connections"');
    await screenshot(page, 'api-docs-testing-api-key-desktop');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('runs a live search over Socket.IO and lists each event as it streams', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'api-docs-live');
    await page.goto(`${server.url}/api-docs?tab=testing`);
    await page.getByText('Socket connected').waitFor();
    await page.getByRole('button', { name: 'Start live search' }).click();
    const log = page.getByRole('log', { name: 'Live search events' });
    await log.locator('[data-event="search:completed"]').waitFor();
    const events = await log.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-event')));
    // Sent, acknowledged, at least one layer, then the answer: in the order they arrived.
    expect(events[0]).toBe('search:start →');
    expect(events[1]).toBe('ack');
    expect(events.at(-1)).toBe('search:completed');
    const layers = events.filter((event) => event === 'search:progressed');
    expect(layers.length).toBeGreaterThan(0);
    expect(events.slice(2, -1).every((event) => event === 'search:progressed')).toBe(true);
    expect(await log.locator('[data-event="search:progressed"]').first().textContent()).toMatch(/Layer \d+ from the (start|target)/);
    // The console's example names the pair the server chose from its catalog.
    const examples = await docsExamples(page);
    expect(await log.locator('[data-event="search:completed"]').textContent()).toMatch(new RegExp(`\\d degrees?.*: ${examples.from.name} → .* → ${examples.to.name}`));
    await screenshot(page, 'api-docs-live-search-desktop');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('is usable on a phone: no sideways page scroll, code scrolls inside its box', async () => {
    const { page, pageErrors, close } = await openPage(browser, MOBILE, 'api-docs-mobile');
    for (const [tab, name] of [
      ['overview', 'Overview'],
      ['endpoints', 'Endpoints'],
      ['testing', 'API Testing'],
      ['authentication', 'Authentication'],
    ] as const) {
      await page.goto(`${server.url}/api-docs?tab=${tab}`);
      await page.getByRole('tabpanel', { name }).waitFor();
      if (tab === 'endpoints') {
        await page.getByRole('button', { name: /^POST \/api\/find-connection/ }).click();
        await page.getByRole('button', { name: 'Copy cURL' }).waitFor();
      }
      if (tab === 'testing') {
        const form = page.getByRole('form', { name: 'Test console' });
        await form.getByLabel(/^q/).fill('tom');
        await form.getByRole('button', { name: 'Send Request' }).click();
        await page.getByTestId('api-response').waitFor();
      }
      if (tab === 'overview') await page.getByTestId('endpoint-count').waitFor();
      if (tab === 'authentication') await page.getByRole('heading', { name: 'Endpoints that need credentials' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `page overflow on ${tab}`).toBe(0);
      await screenshot(page, `api-docs-${tab}-mobile`);
    }
    // The long cURL line of the endpoint opened above scrolls inside its own box.
    await page.goto(`${server.url}/api-docs?tab=endpoints`);
    await page.getByRole('button', { name: /^POST \/api\/find-connection/ }).click();
    const curl = page.locator('figure').filter({ hasText: 'cURL' }).locator('pre').first();
    await curl.waitFor();
    expect(await curl.evaluate((pre) => pre.scrollWidth > pre.clientWidth && getComputedStyle(pre).overflowX === 'auto')).toBe(true);
    // The request body's fields (long enums and defaults) wrap inside their box: nothing is cut off at its edge.
    const fields = page.getByRole('region', { name: /^POST \/api\/find-connection/ }).locator('ul').first();
    expect(await fields.evaluate((list) => list.scrollWidth - list.clientWidth)).toBe(0);
    expect(pageErrors).toEqual([]);
    await close();
  });
});

describe('/docs', () => {
  it('shows its four tabs and runs an example against this server', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'docs');
    await page.goto(`${server.url}/docs`);
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual(['Overview', 'Endpoints', 'Examples', 'Auth']);
    await screenshot(page, 'docs-overview-desktop');

    await page.getByRole('tab', { name: 'Examples' }).click();
    const example = page.getByRole('article', { name: 'Find the chain between two people' });
    await example.getByRole('button', { name: /^Run/ }).click();
    const response = example.getByTestId('api-response');
    await response.waitFor();
    expect(await response.getByTestId('response-status').textContent()).toBe('200 OK');
    const body = JSON.parse((await response.locator('pre').last().textContent())!) as { found: boolean; degrees: number; path: Array<{ entity: { name: string } }> };
    expect(body.found).toBe(true);
    const examples = await docsExamples(page);
    expect(body.path[0]!.entity.name).toBe(examples.from.name);
    expect(body.path.at(-1)!.entity.name).toBe(examples.to.name);
    expect(body.degrees).toBe(body.path.length - 1);
    await screenshot(page, 'docs-examples-desktop');

    await page.getByRole('tab', { name: 'Endpoints' }).click();
    await page.getByRole('tabpanel', { name: 'Endpoints' }).getByRole('heading', { name: 'Connections', exact: true }).waitFor();
    await screenshot(page, 'docs-endpoints-desktop');
    await page.getByRole('tab', { name: 'Auth' }).click();
    await page.getByRole('heading', { name: 'Bearer API keys' }).waitFor();
    await screenshot(page, 'docs-auth-desktop');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('is usable on a phone', async () => {
    const { page, pageErrors, close } = await openPage(browser, MOBILE, 'docs-mobile');
    for (const [tab, name] of [
      ['overview', 'Overview'],
      ['endpoints', 'Endpoints'],
      ['examples', 'Examples'],
      ['auth', 'Auth'],
    ] as const) {
      await page.goto(`${server.url}/docs?tab=${tab}`);
      await page.getByRole('tabpanel', { name }).waitFor();
      if (tab === 'endpoints') await page.getByRole('heading', { name: 'Connections', exact: true }).waitFor();
      if (tab === 'examples') {
        const example = page.getByRole('article', { name: 'Find an entity as you type' });
        await example.getByRole('button', { name: /^Run/ }).click();
        await example.getByTestId('api-response').waitFor();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `page overflow on ${tab}`).toBe(0);
      await screenshot(page, `docs-${tab}-mobile`);
    }
    expect(pageErrors).toEqual([]);
    await close();
  });
});
