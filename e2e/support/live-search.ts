import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { animationsFinished, framesPainted } from './screens.js';

// The live search's page helpers, shared by e2e/connections.e2e.test.ts and e2e/connections-reveal.e2e.test.ts.
// They run code in the page (window, document): like screens.ts, this module is not compiled for the benchmarks.

/** The hero finder (the advanced panel has its own From/To pickers). */
export const finder = (page: Page) => page.getByRole('form', { name: 'Find a connection' });

/** Types into a typeahead and picks the suggestion whose name matches. */
export async function pickEntity(page: Page, scope: ReturnType<Page['locator']>, label: string, text: string, name: string) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.fill(text);
  const option = page.getByRole('option', { name: new RegExp(`^${name},`) }).first();
  await option.click();
  expect(await input.inputValue()).toBe(name);
}


/** Scrolls so the result heading sits just under the sticky header. */
export async function scrollToResult(page: Page) {
  await page.evaluate(() => {
    const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Connection Found!');
    if (heading) window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 96);
  });
  await framesPainted(page);
  await animationsFinished(page);
}

/** The socket is connected once the header shows the server's online count. */
export async function waitForLiveConnection(page: Page) {
  await page.getByTestId('presence-count').waitFor({ timeout: 15_000 });
}

/**
 * Starts recording the reveal in the page: every change of the number of frontier layers on screen
 * while the search stage says `searching`, and whether 'Cached Result' showed during it.
 */
export async function recordReveal(page: Page) {
  await page.evaluate(() => {
    const record = { counts: [] as number[], cachedBadgeWhileSearching: false, heldBack: false };
    (window as unknown as { __reveal: typeof record }).__reveal = record;
    let ended = false;
    const observer = new MutationObserver(() => {
      const stage = document.querySelector<HTMLElement>('[data-testid="search-stage"]');
      if (ended || !stage) return;
      // The last layer and the switch to 'found' can land in one batch of mutations on a busy
      // machine: the layers present when the search ends are counted once more.
      if (stage.dataset.phase !== 'searching') {
        if (record.counts.length === 0) return;
        ended = true;
        const count = stage.querySelectorAll('[data-testid="frontier-layer"]').length;
        if (count !== record.counts.at(-1)) record.counts.push(count);
        return;
      }
      // The answer has arrived but the page is still animating towards it.
      if (stage.dataset.resultMs !== undefined) record.heldBack = true;
      const count = stage.querySelectorAll('[data-testid="frontier-layer"]').length;
      if (count !== record.counts.at(-1)) record.counts.push(count);
      if (stage.querySelector('[data-testid="search-status"]')?.textContent?.includes('Cached Result')) record.cachedBadgeWhileSearching = true;
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { __reveal: { counts: number[]; cachedBadgeWhileSearching: boolean; heldBack: boolean } }).__reveal);
}

/** Pairs of elements that overlap on screen: the first matching `a` against every matching `b`. */
export async function overlaps(page: Page, a: string, b: string): Promise<string[]> {
  return page.evaluate(
    ([first, second]) => {
      const boxes = (selector: string) => [...document.querySelectorAll(selector)].map((element) => ({ element, rect: element.getBoundingClientRect() }));
      const hits: string[] = [];
      for (const x of boxes(first!)) {
        for (const y of boxes(second!)) {
          const overlap = x.rect.left < y.rect.right && y.rect.left < x.rect.right && x.rect.top < y.rect.bottom && y.rect.top < x.rect.bottom;
          if (overlap && x.rect.width > 0 && y.rect.width > 0) hits.push(`${x.element.textContent?.slice(0, 30)} / ${y.element.textContent?.slice(0, 30)}`);
        }
      }
      return hits;
    },
    [a, b],
  );
}

/** The result heading, on screen (inside the viewport), not only in the page. */
export async function waitForResultOnScreen(page: Page) {
  const heading = page.getByRole('heading', { name: 'Connection Found!' });
  await heading.waitFor({ timeout: 15_000 });
  await expect.poll(() => heading.evaluate((h) => {
    const rect = h.getBoundingClientRect();
    return rect.bottom > 0 && rect.top < window.innerHeight;
  }), { timeout: 5_000 }).toBe(true);
}
