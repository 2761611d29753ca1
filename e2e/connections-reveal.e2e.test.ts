import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, launchBrowser, openPage, screenshot, dismissToasts } from './support/browser.js';
import { overlaps, recordReveal, waitForLiveConnection, waitForResultOnScreen } from './support/live-search.js';

/**
 * The reveal timed against the server's answer: the layers are held back and played one after another, and
 * Skip shows the result the moment it is clicked. These watch animation frames, so this file runs alone, after
 * the other browser files (project browser-serial); the rest of the live search is e2e/connections.e2e.test.ts.
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

describe('the reveal (issue 9)', () => {
  it('an example pair: the layers play, then the result is on screen; the same pair again replays its layers as a Cached Result', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'reveal-example-pair', { reducedMotion: 'no-preference' });
    await page.goto(server.url);
    await waitForLiveConnection(page);
    const example = page.getByRole('button', { name: 'Shah Rukh Khan and Tom Cruise', exact: true });
    const stage = page.getByTestId('search-stage');

    let reveal = await recordReveal(page);
    await example.click();
    // A six-layer search (five layers drawn: the last one met the other side), caught while it plays.
    await waitForResultOnScreen(page);
    const fresh = await reveal();
    expect(fresh.heldBack).toBe(true);
    // At least one state with fewer layers before the last. Not more: on a loaded machine the search
    // outlasts the reveal's budget, and layers then show as they arrive (a slow search is never slowed
    // down), several in one frame; the paced reveal, layer after layer, is checked on the replay below.
    expect(fresh.counts.length).toBeGreaterThanOrEqual(2);
    expect(fresh.cachedBadgeWhileSearching).toBe(false);
    expect(await stage.getByTestId('frontier-layer').count()).toBe(5);
    expect(await page.getByText('Cached Result').count()).toBe(0);
    // The 'Connection Found!' toast leaves the path's step cards uncovered.
    await page.getByText('Found a 6-degree connection...').first().waitFor();
    expect(await overlaps(page, '[data-variant]', '[data-testid="step-card"]')).toEqual([]);
    await screenshot(page, 'issue9-result-desktop', { fullPage: false });

    // Again: answered from the cache, and still animated layer by layer.
    await page.evaluate(() => window.scrollTo(0, 0));
    reveal = await recordReveal(page);
    await example.click();
    await stage.getByText('Replaying the search...').waitFor();
    await waitForResultOnScreen(page);
    const replay = await reveal();
    expect(replay.cachedBadgeWhileSearching).toBe(true);
    // The layers appeared one after another, not all at once.
    expect(replay.counts.filter((count) => count > 0).length).toBeGreaterThanOrEqual(3);
    expect(replay.counts.at(-1)).toBe(5);
    expect(await page.getByRole('heading', { name: 'Connection Found!' }).locator('xpath=../..').getByText('Cached Result').isVisible()).toBe(true);
    await dismissToasts(page);
    await screenshot(page, 'issue9-cached-result-desktop', { fullPage: false });
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('Skip shows the result at once', async () => {
    const { page, close } = await openPage(browser, DESKTOP, 'reveal-skip', { reducedMotion: 'no-preference' });
    await page.goto(server.url);
    await waitForLiveConnection(page);
    await page.getByRole('button', { name: 'Meryl Streep and Keanu Reeves', exact: true }).click();
    const stage = page.getByTestId('search-stage');
    const skip = stage.getByRole('button', { name: 'Skip' });
    await skip.waitFor();
    // The answer is in (2-8 ms after the click) while the animation has most of its way to go. All inside the
    // page, with no round trip to the test between: the moment the answer is in, the phase is read and Skip is
    // clicked (a round trip on a busy machine can outlast the animation), then the page is looked at once it
    // has handled the click: no animation frame later, the result is there.
    const { before, after } = await page.evaluate(async () => {
      const stageElement = () => document.querySelector<HTMLElement>('[data-testid="search-stage"]');
      while (stageElement()?.dataset.resultMs === undefined) await new Promise((resolve) => requestAnimationFrame(resolve));
      const phaseWhenAnswered = stageElement()!.dataset.phase;
      const resultMs = stageElement()!.dataset.resultMs;
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Skip');
      if (!button) return { before: `${phaseWhenAnswered ?? '?'} (no Skip button; answered after ${resultMs} ms)`, after: null };
      button.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
      const stageNow = stageElement()!;
      return {
        before: phaseWhenAnswered,
        after: { phase: stageNow.dataset.phase, steps: stageNow.querySelectorAll('[data-testid="step-card"]').length, heading: [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Connection Found!') },
      };
    });
    expect(before).toBe('searching');
    expect(after).toEqual({ phase: 'found', steps: 5, heading: true });
    await waitForResultOnScreen(page);
    expect(await skip.count()).toBe(0);
    await close();
  });
});
