import type { Browser } from 'playwright-core';
import { STATUS_SERVICES, STATUS_SERVICE_NAMES } from '@cinema-dna/shared-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, launchBrowser, openPage } from './support/browser.js';
import { expectNoSidewaysScroll, screenshotBothSizes } from './support/screens.js';

/**
 * /status in Chromium against the built app: six services with the response times the server's
 * checker measured, the overall banner, 90-day bars, and Refresh checking again for real.
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

describe('status page', () => {
  it('shows six measured services, and Refresh checks them again', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'status');
    await page.goto(`${server.url}/status`);
    await page.getByRole('heading', { level: 1, name: 'System Status' }).waitFor();
    const services = page.getByTestId('status-service');
    await expect.poll(() => services.count()).toBe(6);
    expect(await services.getByRole('heading').allTextContents()).toEqual(STATUS_SERVICES.map((id: (typeof STATUS_SERVICES)[number]) => STATUS_SERVICE_NAMES[id]));
    const times = await services.getByTestId('response-time').allTextContents();
    // Measured round trips: the services this install runs answer (a service it has no key for may show none).
    expect(times.filter((time) => /^<?\d+ ms$/.test(time)).length).toBeGreaterThanOrEqual(3);
    await page.getByTestId('overall-status').waitFor();
    await expect.poll(() => page.getByTestId('uptime-service').count()).toBe(6);

    const lastChecked = () => services.first().getByTestId('last-checked').locator('time').getAttribute('datetime');
    const before = await lastChecked();
    // The clock shows seconds: wait until the next one has begun so the new check reads differently.
    const nextSecond = Math.floor(Date.parse(before!) / 1_000) * 1_000 + 1_000;
    await expect.poll(() => Date.now() >= nextSecond, { timeout: 5_000, interval: 50 }).toBe(true);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(lastChecked, { timeout: 15_000 }).not.toBe(before);
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    expect(Date.parse((await lastChecked())!)).toBeGreaterThan(Date.parse(before!));

    await screenshotBothSizes(page, 'status');
    await expectNoSidewaysScroll(page);
    expect(pageErrors).toEqual([]);
    await close();
  });
});
