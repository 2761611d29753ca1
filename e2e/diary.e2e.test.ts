import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, launchBrowser, openPage, expectToast } from './support/browser.js';
import { expectNoSidewaysScroll, screenshotBothSizes } from './support/screens.js';

/**
 * The film diary in Chromium against the built app on the starter catalog: log a film through the dialog
 * (search, stars, date field, notes), edit and delete it, import a Letterboxd CSV through the review step;
 * the watchlist and a review on a movie's page. Screenshots at 1280×800 and 390×844.
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
const newUsername = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/** A Letterboxd diary.csv: one film the catalog has once, one it has twice (no year), one it lacks. */
const LETTERBOXD_DIARY = [
  'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
  '2024-03-02,Casablanca,1942,https://boxd.it/1a,4.5,,,2024-03-01',
  '2024-03-05,Don,,https://boxd.it/1b,3,,,2024-03-04',
  '2024-03-07,A Film That Was Never Made,2031,https://boxd.it/1c,2,,,2024-03-06',
].join('\n');

/** A member's whole export, in Letterboxd's real layout (backend/src/features/diary/test-fixtures/letterboxd-export). */
const MEMBER_EXPORT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'backend', 'src', 'features', 'diary', 'test-fixtures', 'letterboxd-export');
const memberZip = async () =>
  Buffer.from(zipSync(Object.fromEntries(await Promise.all(['diary.csv', 'ratings.csv', 'watched.csv', 'watchlist.csv', 'reviews.csv'].map(async (name) => [name, new Uint8Array(await readFile(path.join(MEMBER_EXPORT, name)))])))));

async function register(page: Page, username: string): Promise<void> {
  await page.goto(`${server.url}/login?tab=register&returnTo=%2F`);
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(`${server.url}/`);
}



describe('film diary', () => {
  it('asks a signed-out visitor to sign in with the diary’s message', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'diary-signed-out');
    await page.goto(`${server.url}/diary`);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    await page.getByText('Please sign in to create and manage your personal movie diary.').first().waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('logs, edits and deletes an entry through the dialog', { timeout: 180_000 }, async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'diary-flow');
    await register(page, newUsername('diary'));
    await page.goto(`${server.url}/diary`);
    await page.getByRole('heading', { name: 'No Entries Yet' }).waitFor();
    await screenshotBothSizes(page, 'diary-empty');

    // Log a Movie: search, 4 stars, a date in the date field, notes.
    await page.getByRole('button', { name: 'Log Movie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log a Movie' });
    await dialog.waitFor();
    await dialog.getByRole('combobox').fill('Vertigo');
    await dialog.getByRole('option', { name: 'Vertigo (1958)' }).click();
    await dialog.getByTestId('diary-selected-movie').waitFor();
    await dialog.getByRole('radio', { name: '4 stars' }).click();
    // The browser's own date field: typed like a user on a keyboard (month, day, year).
    await dialog.getByLabel('Watched on').focus();
    await page.keyboard.type('03152024');
    await expect(dialog.getByLabel('Watched on').inputValue()).resolves.toBe('2024-03-15');
    await dialog.getByLabel(/^Notes/).fill('  The tower, the spiral, the green light.  ');
    await dialog.getByLabel(/^Location/).fill('BFI Southbank');
    await screenshotBothSizes(page, 'diary-dialog-open', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save Entry' }).click();
    await expectToast(page, 'Movie Logged');
    await dialog.waitFor({ state: 'detached' });
    const year2024 = page.getByTestId('diary-year').filter({ has: page.getByRole('heading', { name: '2024' }) });
    await year2024.getByRole('link', { name: 'Vertigo' }).waitFor();
    expect(await year2024.textContent()).toContain('The tower, the spiral, the green light.');

    // A second film, watched today, so two years show.
    await page.getByRole('button', { name: 'Log Movie' }).click();
    await dialog.waitFor();
    await dialog.getByRole('combobox').fill('Casablanca');
    await dialog.getByRole('option', { name: 'Casablanca (1942)' }).click();
    await dialog.getByRole('radio', { name: '5 stars' }).click();
    await dialog.locator('label', { hasText: 'Rewatch' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'Rewatch' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Save Entry' }).click();
    await expectToast(page, 'Movie Logged');
    await dialog.waitFor({ state: 'detached' });
    const years = await page.getByTestId('diary-year').getByRole('heading', { level: 2 }).allTextContents();
    expect(years).toEqual([String(new Date().getFullYear()), '2024']);

    // Edit: Edit Diary Entry, Entry Updated.
    await page.getByRole('button', { name: 'Edit Vertigo' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Diary Entry' });
    await edit.waitFor();
    await edit.getByLabel(/^Notes/).fill('Better the second time.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Entry Updated');
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Better the second time.').waitFor();
    await screenshotBothSizes(page, 'diary-with-entries');
    await expectNoSidewaysScroll(page);

    // Filter by year.
    await page.getByLabel('Filter by year').fill('2024');
    expect(await page.getByTestId('diary-entry').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await page.getByTestId('diary-entry').count()).toBe(2);

    // Delete, after the question.
    await page.getByRole('button', { name: 'Delete Vertigo' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete entry' }).click();
    await expectToast(page, 'Entry Deleted');
    await page.getByRole('link', { name: 'Vertigo' }).waitFor({ state: 'detached' });

    expect(pageErrors).toEqual([]);
    await close();
  });

  it('imports a member’s whole Letterboxd export: the diary the file holds, skipped rows said as they are, the watchlist counted alone', { timeout: 180_000 }, async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'diary-import-export');
    await register(page, newUsername('boxdz'));
    await page.goto(`${server.url}/diary`);
    await page.getByRole('heading', { name: 'No Entries Yet' }).waitFor();
    await page.getByRole('button', { name: 'Import from Letterboxd' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import from Letterboxd' });
    await importDialog.getByLabel('Letterboxd file').setInputFiles({ name: 'letterboxd-member-2026-11-28-utc.zip', mimeType: 'application/zip', buffer: await memberZip() });
    await importDialog.getByRole('button', { name: 'Upload' }).click();
    const review = importDialog.getByTestId('import-review');
    await review.waitFor({ timeout: 30_000 });
    expect(await review.getByTestId('import-diary-rows').textContent()).toBe('Diary: 34 rows — 31 matched, 1 ambiguous, 2 not in the catalog.');
    // The Host without a year: for the member to settle (its one candidate chosen to start with).
    await review.getByRole('group', { name: 'The Host' }).getByRole('radio', { name: /The Host\s*2006/ }).waitFor();
    await screenshotBothSizes(page, 'letterboxd-import-review', { fullPage: false });
    await review.getByRole('button', { name: 'Import' }).click();
    const summary = importDialog.getByTestId('import-summary');
    await summary.waitFor({ timeout: 30_000 });
    const text = await summary.textContent();
    // 32 diary entries + 31 ratings + 1 watched + 12 watchlist + 4 reviews.
    expect(text).toContain('Imported 80 items');
    expect(text).toContain('6 rows skipped: of films not in the catalog or that you skipped.');
    expect(text).toContain('Each review went on your diary entry of the same film and watched date, never a second one');
    expect(text).not.toContain('already imported');
    await screenshotBothSizes(page, 'letterboxd-import-result', { fullPage: false });
    await importDialog.getByRole('button', { name: 'Done' }).click();
    // Se7en once in the diary: its reviews are on its entry.
    await page.getByRole('link', { name: 'Se7en' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Se7en' }).count()).toBe(1);
    await screenshotBothSizes(page, 'letterboxd-diary-after-import', { fullPage: false });

    // The same export again: every row already imported before, nothing added.
    await page.getByRole('button', { name: 'Import from Letterboxd' }).click();
    await importDialog.getByLabel('Letterboxd file').setInputFiles({ name: 'letterboxd-member-2026-11-28-utc.zip', mimeType: 'application/zip', buffer: await memberZip() });
    await importDialog.getByRole('button', { name: 'Upload' }).click();
    await review.waitFor({ timeout: 30_000 });
    await review.getByRole('button', { name: 'Import' }).click();
    await summary.waitFor({ timeout: 30_000 });
    const again = await summary.textContent();
    expect(again).toContain('Nothing new to import');
    expect(again).toContain('112 rows skipped: already imported before.');
    expect(again).toContain('6 rows skipped: of films not in the catalog or that you skipped.');
    await screenshotBothSizes(page, 'letterboxd-reimport-result', { fullPage: false });
    await importDialog.getByRole('button', { name: 'Done' }).click();
    // The diary reloads after an import: wait for it before counting.
    await importDialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Se7en' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Se7en' }).count()).toBe(1);

    // The profile's Lists tab: the 12 films of watchlist.csv; the 32 watched films apart.
    await page.goto(`${server.url}/profile?tab=lists`);
    const heading = page.getByRole('heading', { name: /^Watchlist/ });
    await heading.waitFor();
    expect(await heading.textContent()).toBe('Watchlist · 12');
    expect(await page.getByRole('heading', { name: /^Watched/ }).textContent()).toBe('Watched · 32');
    expect(await page.getByTestId('watchlist-items').getByRole('listitem').count()).toBe(12);
    await screenshotBothSizes(page, 'letterboxd-profile-lists');
    await heading.scrollIntoViewIfNeeded();
    await screenshotBothSizes(page, 'letterboxd-profile-lists-top', { fullPage: false });
    await expectNoSidewaysScroll(page);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('imports a Letterboxd CSV through the review step', { timeout: 120_000 }, async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'diary-import');
    await register(page, newUsername('boxd'));
    await page.goto(`${server.url}/diary`);
    await page.getByRole('heading', { name: 'No Entries Yet' }).waitFor();
    // Import from Letterboxd: upload, review, import.
    await page.getByRole('button', { name: 'Import from Letterboxd' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import from Letterboxd' });
    await importDialog.getByLabel('Letterboxd file').setInputFiles({ name: 'diary.csv', mimeType: 'text/csv', buffer: Buffer.from(LETTERBOXD_DIARY) });
    await importDialog.getByRole('button', { name: 'Upload' }).click();
    const review = importDialog.getByTestId('import-review');
    await review.waitFor({ timeout: 20_000 });
    expect(await review.getByTestId('import-count-matched').textContent()).toContain('1');
    expect(await review.getByTestId('import-count-ambiguous').textContent()).toContain('1');
    expect(await review.getByTestId('import-count-unmatched').textContent()).toContain('1');
    await review.getByRole('group', { name: 'Don' }).getByRole('radio').first().waitFor();
    await screenshotBothSizes(page, 'diary-import-review', { fullPage: false });
    await review.getByRole('button', { name: 'Import' }).click();
    const summary = importDialog.getByTestId('import-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/Imported \d+ items?/);
    await screenshotBothSizes(page, 'diary-import-summary', { fullPage: false });
    await importDialog.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('diary-year').filter({ has: page.getByRole('heading', { name: '2024' }) }).getByRole('link', { name: 'Casablanca' }).waitFor();
    await screenshotBothSizes(page, 'diary-after-import');

    // Export: the Letterboxd CSV and the JSON of everything, as downloads.
    await page.getByRole('button', { name: 'Export' }).click();
    const csvLink = page.getByRole('link', { name: /Letterboxd CSV/ });
    const jsonLink = page.getByRole('link', { name: /Download all my data \(JSON\)/ });
    expect(await csvLink.getAttribute('href')).toBe('/api/diary/export.csv');
    expect(await jsonLink.getAttribute('href')).toBe('/api/users/me/export');
    const download = page.waitForEvent('download');
    await csvLink.click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv.split('\n')[0]).toContain('Title,Year');
    expect(csv).toContain('Casablanca');

    expect(pageErrors).toEqual([]);
    await close();
  });

  it('adds a movie to the watchlist from its page and writes a review there', { timeout: 120_000 }, async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'diary-entity');
    await register(page, newUsername('critic'));
    await page.goto(`${server.url}/entity/movie/rear-window-1954`);
    await page.getByRole('heading', { level: 1, name: 'Rear Window' }).waitFor();
    await page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await expectToast(page, 'Added to Watchlist');
    await page.getByRole('button', { name: 'Remove from Watchlist' }).waitFor();

    await page.getByText('No Reviews Yet').waitFor();
    const form = page.getByRole('form', { name: 'Write a Review' });
    await form.getByRole('radio', { name: '5 stars' }).click();
    await form.getByLabel('Title').fill('A courtyard of secrets');
    await form.getByLabel('Review').fill('Hitchcock makes a whole world out of one window.');
    // The text box says what a review must be to earn points (the server decides; the rules of points).
    await form.getByText('48 characters: long enough to earn 5 points (your first review of this, within the daily limit).').waitFor();
    await form.scrollIntoViewIfNeeded();
    await screenshotBothSizes(page, 'entity-review-form', { fullPage: false });
    await form.getByRole('button', { name: 'Post Review' }).click();
    await expectToast(page, 'Review Posted');
    await page.getByRole('article', { name: 'Review: A courtyard of secrets' }).waitFor();
    expect(await page.getByTestId('reviews-summary').textContent()).toContain('5.0 average');
    await page.getByRole('heading', { name: 'Reviews', exact: true }).scrollIntoViewIfNeeded();
    await screenshotBothSizes(page, 'entity-reviews');
    await expectNoSidewaysScroll(page);
    expect(pageErrors).toEqual([]);
    await close();
  });
});
