import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, MOBILE, launchBrowser, openPage, screenshot } from './support/browser.js';
import { expectNoSidewaysScroll, screenshotBothSizes } from './support/screens.js';

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

describe('help', () => {
  it('lists the six sections and opens one', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP);
    await page.goto(`${server.url}/help`);
    const triggers = page.getByRole('main').getByRole('button');
    await triggers.first().waitFor();
    expect(await triggers.allTextContents()).toEqual([
      'Getting Started',
      'Understanding Connections',
      'Social Features',
      'Points and Achievements',
      'Account Management',
      'Technical Issues',
    ]);
    const points = page.getByRole('button', { name: 'Points and Achievements' });
    await points.click();
    expect(await points.getAttribute('aria-expanded')).toBe('true');
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.textContent()).toContain('Connection discovery10');
    expect(await page.getByText(/‘Movie Newbie’ at 0 points to ‘Cinema Legend’ at 10000\+/).isVisible()).toBe(true);
    await screenshot(page, 'help-desktop');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('writes down the rules of points: what pays, how often, what never pays, at both sizes', async () => {
    const { page, pageErrors, close } = await openPage(browser, MOBILE);
    await page.goto(`${server.url}/help`);
    await page.getByRole('button', { name: 'Points and Achievements' }).click();
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('rowheader').allTextContents()).toEqual(['Connection discovery', 'Review', 'Watchlist add', 'Daily login', 'Challenge', 'Badge']);
    expect(await table.textContent()).toContain('at least 40 characters of text; up to 5 a day');
    for (const title of ['What pays', 'Challenges', 'The search engine will not play for you', 'Races', 'What never pays', 'Badges count different things', 'Past awards']) await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await page.getByText('nobody can stop an anonymous look-up', { exact: false }).waitFor();
    await expectNoSidewaysScroll(page);
    await screenshotBothSizes(page, 'help-points-rules');
    expect(pageErrors).toEqual([]);
    await close();
  });
});

describe('contact', () => {
  it('sends a message to the real backend, says so and clears the form', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP);
    await page.goto(`${server.url}/contact`);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.waitFor();
    await screenshot(page, 'contact-desktop');

    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Subject').fill('A missing composer credit');
    await form.getByLabel(/Category/).selectOption('data');
    await form.getByLabel('Message').fill('The score credit for this film is missing.');
    const request = page.waitForRequest((req) => req.url().endsWith('/api/contact') && req.method() === 'POST');
    await form.getByRole('button', { name: /Send Message/ }).click();
    expect((await request).postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'A missing composer credit',
      category: 'data',
      message: 'The score credit for this film is missing.',
    });

    await page.getByText('Message Sent', { exact: true }).waitFor();
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('');
    expect(await form.getByLabel('Message').inputValue()).toBe('');
    await screenshot(page, 'contact-sent-desktop');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('is usable on a phone', async () => {
    const { page, close } = await openPage(browser, MOBILE);
    await page.goto(`${server.url}/contact`);
    await page.getByRole('form', { name: 'Contact form' }).waitFor();
    await screenshot(page, 'contact-mobile');
    await page.goto(`${server.url}/help`);
    await page.getByRole('button', { name: 'Getting Started' }).click();
    await page.getByText('What is Cinema DNA?').waitFor();
    await screenshot(page, 'help-mobile');
    await page.goto(`${server.url}/nowhere`);
    await page.getByText('404 Page Not Found').waitFor();
    await screenshot(page, 'not-found-mobile');
    await close();
  });
});
