import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, MOBILE, dismissToasts, screenshot } from './browser.js';

// Page-side checks: they run code in the page (window, document), so they live apart from browser.ts,
// which the benchmarks compile without the DOM's types.

/**
 * Desktop and phone pictures of the page as it is (`<name>-desktop`, `<name>-mobile`), back at desktop
 * size after. Toasts are closed first; a full-page picture starts from the top (a scrolled page would
 * show the sticky header mid-page).
 */
export async function screenshotBothSizes(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  await dismissToasts(page);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`, { fullPage });
  await page.setViewportSize(MOBILE);
  // The phone layout settles (a chart redraws at its new width).
  await page.waitForTimeout(200);
  await screenshot(page, `${name}-mobile`, { fullPage });
  await page.setViewportSize(DESKTOP);
}

/** Nothing wider than a phone's window (it must not scroll sideways); back at desktop size after. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize(MOBILE);
  // Parts that measure themselves (a chart's ResizeObserver) redraw a moment after the resize.
  await page.waitForTimeout(200);
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  await page.setViewportSize(DESKTOP);
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/** Resolves once every finite animation on the page has finished (a dialog's or a card's entrance): what a picture should show. */
export async function animationsFinished(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { polling: 'raf', timeout: 10_000 },
  );
}

/** Resolves once the page has painted `count` more frames (what it does with the last change is on screen). */
export async function framesPainted(page: Page, count = 2): Promise<void> {
  await page.evaluate(async (frames) => {
    for (let frame = 0; frame < frames; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}
