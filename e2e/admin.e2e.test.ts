import { randomBytes } from 'node:crypto';
import { ADMIN_TEXTS, REPORT_REASON_LABELS } from '@cinema-dna/shared-types';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, signIn } from './support/accounts.js';
import { callApi } from './support/api.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, launchBrowser, MOBILE, openPage, expectToast } from './support/browser.js';
import { expectNoSidewaysScroll, screenshotBothSizes } from './support/screens.js';

/**
 * The admin dashboard in Chromium against the built app: the first administrator (from ADMIN_USERNAME)
 * walks the five tabs, changes a member's role, clears the cache, and hides a review another member
 * reported (it is then gone from the film's page); the new moderator sees only Content.
 * Screenshots of every tab at 1280×800 and 390×844.
 */

const ADMIN = { username: `root_${randomBytes(3).toString('hex')}`, password: 'projection-booth-1927' };
const suffix = randomBytes(3).toString('hex');
const WRITER = `writer_${suffix}`;
const REPORTER = `reporter_${suffix}`;
const FILM = { id: 'heat-1995', type: 'movie', path: '/entity/movie/heat-1995' } as const;
const REVIEW_TITLE = `Buy cheap tickets ${suffix}`;
const PANEL = '/secure-admin-access-panel';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startAppServer({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('tab') === name.toLowerCase() || (name === 'Overview' && !url.searchParams.has('tab')));
};

describe('admin dashboard', () => {
  it('a member reports a review; the admin walks the five tabs, changes a role, clears the cache and hides the review', async () => {
    // A writer posts a review; a second member reports it from the film's page.
    const writer = await openPage(browser, DESKTOP, 'admin-writer');
    await registerUser(writer.page, server.url, WRITER);
    await callApi(writer.page, 'POST', '/api/reviews', { entityId: FILM.id, entityType: FILM.type, rating: 1, title: REVIEW_TITLE, content: 'Visit my site for cheap cinema tickets.' });
    // A searched pair, so the Connections tab has a row.
    await callApi(writer.page, 'POST', '/api/find-connection', { fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } });
    await writer.close();

    const reporter = await openPage(browser, DESKTOP, 'admin-reporter');
    await registerUser(reporter.page, server.url, REPORTER);
    await reporter.page.goto(`${server.url}${FILM.path}`);
    await reporter.page.getByRole('button', { name: `Report review: ${REVIEW_TITLE}` }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this review' });
    await dialog.getByRole('radio', { name: REPORT_REASON_LABELS.spam }).check();
    await dialog.getByRole('textbox', { name: /Note/ }).fill('An advert, not a review');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expectToast(reporter.page, ADMIN_TEXTS.reviewReported);
    // And writes to the team from /contact: the message lands in the Content tab's inbox.
    await callApi(reporter.page, 'POST', '/api/contact', { name: 'Rita Reporter', email: `${REPORTER}@example.com`, subject: `Poster missing ${suffix}`, category: 'data', message: 'Heat has no poster.' });
    expect(reporter.pageErrors).toEqual([]);
    await reporter.close();

    const admin = await openPage(browser, DESKTOP, 'admin-walk');
    const page = admin.page;
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await page.goto(`${server.url}/`);
    // The header's Admin shortcut leads to the dashboard.
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Overview', 'Users', 'Connections', 'System', 'Content']);
    // On a phone every tab is whole on screen: none is cut off at the edge with nothing saying the row scrolls.
    await page.setViewportSize(MOBILE);
    const cutOff = await page.getByRole('tab').evaluateAll((tabs) =>
      tabs.filter((tab) => {
        const box = tab.getBoundingClientRect();
        const row = tab.parentElement!.getBoundingClientRect();
        return box.left < Math.max(0, row.left) || box.right > Math.min(window.innerWidth, row.right);
      }).map((tab) => tab.textContent),
    );
    expect(cutOff).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // Overview: real counts (the admin, the writer and the reporter at least).
    const totalUsers = page.getByRole('article', { name: 'Total Users' });
    await totalUsers.getByTestId('daily-active-users').waitFor();
    expect(Number((await totalUsers.locator('p').first().textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(3);
    await page.getByRole('list', { name: 'Recent Users' }).getByRole('link', { name: REPORTER }).waitFor();
    await screenshotBothSizes(page, 'admin-overview');
    await expectNoSidewaysScroll(page);

    // Users: search, then make the reporter a moderator.
    await openTab(page, 'Users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(REPORTER);
    await page.getByRole('row', { name: REPORTER }).waitFor();
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);
    await page.getByRole('combobox', { name: `Role of ${REPORTER}` }).selectOption('moderator');
    await expectToast(page, ADMIN_TEXTS.userUpdated);
    expect(await page.getByRole('combobox', { name: `Role of ${REPORTER}` }).inputValue()).toBe('moderator');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBeGreaterThanOrEqual(3);
    await screenshotBothSizes(page, 'admin-users');
    await expectNoSidewaysScroll(page);

    // Connections: the searched pair.
    await openTab(page, 'Connections');
    await page.getByTestId('admin-connection-row').first().waitFor();
    expect(await page.getByTestId('admin-connection-row').first().textContent()).toContain('Kevin Bacon');
    await screenshotBothSizes(page, 'admin-connections');
    await expectNoSidewaysScroll(page);

    // System: health rows, live metrics over the socket, Clear cache.
    await openTab(page, 'System');
    await expect.poll(() => page.getByTestId('health-row').count()).toBe(3);
    await page.locator('[data-testid="metrics-live"][data-live="true"]').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('replica-metrics').count()).toBeGreaterThanOrEqual(1);
    await page.getByRole('button', { name: 'Clear cache' }).click();
    await expectToast(page, ADMIN_TEXTS.cacheCleared);
    // The audit log lists what this admin just did.
    await page.getByRole('list', { name: 'Audit log' }).getByText('Cleared cache').first().waitFor();
    await screenshotBothSizes(page, 'admin-system');
    await expectNoSidewaysScroll(page);

    // Content: the reported review, hidden.
    await openTab(page, 'Content');
    const reported = page.getByRole('article', { name: `Reported review: ${REVIEW_TITLE}` });
    await reported.waitFor();
    expect(await reported.textContent()).toContain(REPORT_REASON_LABELS.spam);
    expect(await reported.textContent()).toContain('An advert, not a review');
    await screenshotBothSizes(page, 'admin-content');
    await expectNoSidewaysScroll(page);
    // The inbox: unread until opened; then answered.
    await expect.poll(() => page.getByTestId('inbox-unread').textContent()).toBe('1 unread');
    await page.getByRole('button', { name: new RegExp(`Poster missing ${suffix}`) }).click();
    await page.getByText('Heat has no poster.').waitFor();
    await page.getByTestId('inbox-unread').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Mark answered' }).click();
    await page.getByRole('button', { name: 'Answered', pressed: true }).waitFor();
    await reported.getByRole('button', { name: 'Hide' }).click();
    await expectToast(page, ADMIN_TEXTS.reviewHidden);
    await reported.waitFor({ state: 'detached' });

    // Gone from the film's page.
    await page.goto(`${server.url}${FILM.path}`);
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    await page.getByTestId('reviews-empty').or(page.getByTestId('review-card').first()).waitFor();
    expect(await page.getByRole('article', { name: `Review: ${REVIEW_TITLE}` }).count()).toBe(0);
    expect(admin.pageErrors).toEqual([]);
    await admin.close();
  });

  it('shows the new moderator only Content, and a member "You don\'t have access"', async () => {
    const moderator = await openPage(browser, DESKTOP, 'admin-moderator');
    await signIn(moderator.page, server.url, REPORTER);
    await moderator.page.goto(`${server.url}${PANEL}?tab=users`);
    await moderator.page.getByRole('heading', { name: 'Reported reviews' }).waitFor();
    expect(await moderator.page.getByRole('tab').allTextContents()).toEqual(['Content']);
    await moderator.page.getByRole('heading', { name: 'Contact inbox' }).waitFor();
    expect(moderator.pageErrors).toEqual([]);
    await moderator.close();

    const member = await openPage(browser, DESKTOP, 'admin-member');
    await signIn(member.page, server.url, WRITER);
    await member.page.goto(`${server.url}${PANEL}`);
    await member.page.getByRole('heading', { name: "You don't have access" }).waitFor();
    expect(await member.page.getByRole('banner').getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await member.close();
  });
});
