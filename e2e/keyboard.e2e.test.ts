import { randomBytes } from 'node:crypto';
import { SOLVE_FLOOR_SECONDS_PER_LINK, type DailyChallenge, type EntitySummary, type PathStep, type RaceState } from '@cinema-dna/shared-types';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts.js';
import { startAppServer, type AppServer } from './support/app-server.js';
import { MOBILE, launchBrowser } from './support/browser.js';

/**
 * Today's daily challenge played with the keyboard alone (Tab, Enter, arrows, Escape; no clicks), from
 * the home page to the reveal, at 390×844: every control reached shows its focus ring, and the screen's
 * polite live region says each move (refused, then accepted link by link); the reveal takes the focus.
 * Then a race, the host on the keyboard alone (the other player uses the mouse): create, ready, start,
 * the typeahead takes the focus at the start, a shortest chain, and the results take the focus.
 */

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  // The chain is looked up with the finder's API.
  server = await startAppServer({ env: { FIND_CONNECTION_RATE_LIMIT: '500' } });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A shortest chain by the finder's API, asked anonymously from outside the browser (the player's session is refused mid-challenge). */
async function shortestChain(from: EntitySummary, to: EntitySummary): Promise<EntitySummary[]> {
  const response = await fetch(`${server.url}/api/find-connection`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fromEntity: { id: from.id, type: from.type }, toEntity: { id: to.id, type: to.type } }),
  });
  const result = (await response.json()) as { found: boolean; path: PathStep[] };
  expect(result.found).toBe(true);
  return result.path.map((step) => step.entity);
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has the focus (at most `max` times), then checks that the focus is visible on it. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) {
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return { visible: element.matches(':focus-visible'), outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px', shadow: style.boxShadow !== 'none' };
      });
      expect(ring.visible, 'focus-visible matches').toBe(true);
      expect(ring.outline || ring.shadow, 'a focus ring is drawn').toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Types the start of a name into the focused typeahead, walks the suggestions with ArrowDown to that entity, and picks it with Enter. */
async function pickByKeyboard(page: Page, entity: EntitySummary): Promise<void> {
  const input = page.getByRole('combobox', { name: 'Next link' });
  expect(await isFocused(input)).toBe(true);
  await page.keyboard.type(entity.name.slice(0, Math.min(entity.name.length, 12)));
  const escaped = entity.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const wanted = page.getByRole('option', { name: new RegExp(`^${escaped},`) }).first();
  await wanted.waitFor();
  // The list answers the whole name typed, not a first few letters of it, before the arrows walk it.
  await page.locator('[role="listbox"][aria-label="Next link suggestions"]:not([aria-busy="true"])').waitFor();
  for (let presses = 0; presses < 12; presses++) {
    await page.keyboard.press('ArrowDown');
    if ((await wanted.getAttribute('aria-selected')) === 'true') break;
  }
  expect(await wanted.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Enter');
}

/** The play screen's clock (m:ss) in seconds. */
async function secondsLeft(page: Page): Promise<number> {
  const [minutes, seconds] = ((await page.getByTestId('time-left').textContent()) ?? '').split(':').map(Number);
  return minutes! * 60 + seconds!;
}

const liveText = async (page: Page) => ((await page.getByTestId('live-region').textContent()) ?? '').trim();

describe('keyboard only', () => {
  it("plays today's daily from the home page to the reveal, with the moves announced", async () => {
    const context = await browser.newContext({ viewport: MOBILE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await registerUser(page, server.url, `keys_${randomBytes(4).toString('hex')}`);
    const daily = (await (await fetch(`${server.url}/api/challenges/daily`)).json()) as DailyChallenge;
    const chain = await shortestChain(daily.fromEntity, daily.toEntity);

    // Home: Tab to the daily card's button, Enter.
    await page.goto(`${server.url}/`);
    const accept = page.getByTestId('daily-challenge-card').getByRole('button', { name: 'Accept Challenge' });
    await accept.waitFor({ timeout: 15_000 });
    await tabTo(page, accept, 120);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/challenges/play/${daily.id}`);

    // The play screen: Tab to the typeahead.
    const input = page.getByRole('combobox', { name: 'Next link' });
    await input.waitFor();
    await tabTo(page, input);

    // Escape closes the suggestions and leaves the typed text alone.
    await page.keyboard.type(daily.toEntity.name.slice(0, 6));
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    for (let index = 0; index < 6; index++) await page.keyboard.press('Backspace');

    // The target is not linked to the start: refused, said politely.
    await pickByKeyboard(page, daily.toEntity);
    await page.getByTestId('refusal').waitFor();
    const refusal = (await page.getByTestId('refusal').textContent())?.trim() ?? '';
    expect(refusal).toMatch(/\. That cost a move\.$/);
    await expect.poll(() => liveText(page), { timeout: 10_000 }).toBe(`Refused: ${refusal}`);

    // A shortest chain, link by link, each accepted aloud; the focus stays in the typeahead for the next.
    for (const [index, entity] of chain.slice(1).entries()) {
      const last = index === chain.length - 2;
      if (last) {
        // A solve faster than the floor pays nothing: the last pick waits for a person's pace.
        await expect.poll(() => secondsLeft(page), { timeout: 30_000 }).toBeLessThanOrEqual(daily.timeLimit * 60 - SOLVE_FLOOR_SECONDS_PER_LINK * daily.par - 1);
      }
      await expect.poll(() => isFocused(input), { timeout: 10_000 }).toBe(true);
      await pickByKeyboard(page, entity);
      if (!last) await expect.poll(() => liveText(page), { timeout: 10_000 }).toBe(`${entity.name} accepted. ${index + 1} ${index === 0 ? 'link' : 'links'} so far.`);
    }

    // The reveal: its heading takes the focus.
    const heading = page.getByRole('heading', { name: 'Challenge Completed!' });
    await heading.waitFor({ timeout: 15_000 });
    await expect.poll(() => isFocused(heading)).toBe(true);
    await context.close();
  }, 120_000);

  it('races with the keyboard alone: create the room, ready, start, a chain, the results', async () => {
    const context = await browser.newContext({ viewport: MOBILE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await registerUser(page, server.url, `keyhost_${randomBytes(4).toString('hex')}`);
    const guestContext = await browser.newContext({ viewport: MOBILE, reducedMotion: 'reduce' });
    const guest = await guestContext.newPage();
    await registerUser(guest, server.url, `keyguest_${randomBytes(4).toString('hex')}`);

    await page.goto(`${server.url}/challenges`);
    const create = page.getByRole('button', { name: 'Create a race room' });
    await create.waitFor({ timeout: 15_000 });
    await tabTo(page, create, 120);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/challenges\/race\/[A-Z0-9]{8}$/);
    const code = page.url().slice(-8);

    // The other player joins and is ready (with the mouse: only the host is under test).
    await guest.goto(`${server.url}/challenges/race/${code}`);
    await expect.poll(() => page.getByTestId('lobby-player').count(), { timeout: 15_000 }).toBe(2);
    await guest.getByRole('button', { name: 'I’m ready' }).click();

    const ready = page.getByRole('button', { name: 'I’m ready' });
    await tabTo(page, ready);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-testid="lobby-player"][data-ready="true"]').count(), { timeout: 10_000 }).toBe(2);
    const start = page.getByRole('button', { name: 'Start race' });
    await tabTo(page, start);
    await page.keyboard.press('Enter');

    // The race starts: the typeahead has the focus without a Tab.
    const input = page.getByRole('combobox', { name: 'Next link' });
    await input.waitFor({ timeout: 20_000 });
    await expect.poll(() => isFocused(input), { timeout: 10_000 }).toBe(true);
    const room = (await (await fetch(`${server.url}/api/challenges/races/${code}`)).json()) as RaceState;
    const chain = await shortestChain(room.fromEntity!, room.toEntity!);
    for (const [index, entity] of chain.slice(1).entries()) {
      await expect.poll(() => isFocused(input), { timeout: 10_000 }).toBe(true);
      await pickByKeyboard(page, entity);
      if (index < chain.length - 2) await expect.poll(() => liveText(page), { timeout: 10_000 }).toBe(`${entity.name} accepted. ${index + 1} ${index === 0 ? 'link' : 'links'} so far.`);
    }
    await page.getByTestId('race-waiting').waitFor({ timeout: 15_000 });

    // The other player gives up: the results, their heading focused.
    await guest.getByRole('button', { name: 'Give up' }).click();
    await guest.getByRole('button', { name: 'Really give up?' }).click();
    const results = page.locator('#results-title');
    await results.waitFor({ timeout: 20_000 });
    await expect.poll(() => isFocused(results)).toBe(true);
    expect((await page.getByTestId('race-winner').textContent()) ?? '').toMatch(/won in \d+ degrees?/);
    await guestContext.close();
    await context.close();
  }, 120_000);
});
