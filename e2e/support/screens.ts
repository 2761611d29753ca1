import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, MOBILE, dismissToasts, screenshot, screenshotsWanted } from './browser.js';

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
  if (!screenshotsWanted) return;
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`, { fullPage });
  await page.setViewportSize(MOBILE);
  // The phone layout settles (a chart redraws at its new width).
  await layoutSettled(page);
  await screenshot(page, `${name}-mobile`, { fullPage });
  await page.setViewportSize(DESKTOP);
}

/** Nothing wider than a phone's window (it must not scroll sideways); back at desktop size after. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await page.setViewportSize(MOBILE);
  // Parts that measure themselves (a chart's ResizeObserver) redraw a moment after the resize.
  await layoutSettled(page);
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

/**
 * Resolves once the page has taken its window size in: the width applied, and the page's size the same
 * over three painted frames (what reacts to the resize — a listener, a ResizeObserver, the render it
 * starts — has redrawn).
 */
export async function layoutSettled(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? null;
  await page.evaluate(() => {
    delete (window as unknown as { layoutProbe?: unknown }).layoutProbe;
  });
  await page.waitForFunction(
    (expected) => {
      if (expected !== null && window.innerWidth !== expected) return false;
      const state = window as unknown as { layoutProbe?: { layout: string; stableFrames: number } };
      const layout = `${document.documentElement.scrollWidth}x${document.documentElement.scrollHeight}`;
      const stableFrames = state.layoutProbe?.layout === layout ? state.layoutProbe.stableFrames + 1 : 0;
      state.layoutProbe = { layout, stableFrames };
      return stableFrames >= 3;
    },
    width,
    { polling: 'raf', timeout: 10_000 },
  );
}
