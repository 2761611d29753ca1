import { randomBytes } from 'node:crypto';
import { SOLVE_FLOOR_SECONDS_PER_LINK, type DailyChallenge, type EntitySummary, type PathStep, type RaceState } from '@cinema-dna/shared-types';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, dismissToasts, launchBrowser, LONG_FLOW_TIMEOUT_MS, MOBILE, openPage, screenshot } from './support/browser.js';
import { expectNoSidewaysScroll, screenshotBothSizes } from './support/screens.js';

/**
 * Challenges in Chromium against the built app on the starter catalog: the daily played link by link
 * to a success (a refused pick on the way), its reveal and share text; the /challenges page's states;
 * two browsers racing in one room until both see the result. Screenshots at 1280×800 and 390×844.
 */

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  // The chains are looked up with the finder's API, many times from one address.
  server = await startAppServer({ env: { FIND_CONNECTION_RATE_LIMIT: '500' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PASSWORD = 'analytical-engine-1843';
const newUsername = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/** Registers on /login?tab=register and waits to land on the home page, signed in. */
async function register(page: Page, username: string): Promise<void> {
  await page.goto(`${server.url}/login?tab=register&returnTo=%2F`);
  const form = page.getByRole('tabpanel', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(`${server.url}/`);
}


/**
 * A shortest chain between two entities, by the finder's API (its strict pass walks the game's links).
 * Asked anonymously, from outside the browser: the player's own session is refused while her
 * challenge is open (CHALLENGE_IN_PROGRESS), which is the point of the rule.
 */
async function shortestChain(page: Page, from: EntitySummary, to: EntitySummary): Promise<EntitySummary[]> {
  const response = await fetch(new URL('/api/find-connection', page.url()), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fromEntity: { id: from.id, type: from.type }, toEntity: { id: to.id, type: to.type } }),
  });
  const result = (await response.json()) as { found: boolean; path: PathStep[] };
  expect(result.found, JSON.stringify(result).slice(0, 300)).toBe(true);
  return result.path.map((step) => step.entity);
}

/** The play screen's clock (m:ss, the server's time left) in seconds. */
async function secondsLeft(page: Page): Promise<number> {
  const [minutes, seconds] = ((await page.getByTestId('time-left').textContent()) ?? '').split(':').map(Number);
  return minutes! * 60 + seconds!;
}

/** Types a name into the chain builder's typeahead and picks that entity. */
async function pickNext(page: Page, entity: EntitySummary) {
  const input = page.getByRole('combobox', { name: 'Next link' });
  await input.fill(entity.name.slice(0, Math.min(entity.name.length, 12)));
  const escaped = entity.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('option', { name: new RegExp(`^${escaped},`) }).first().click();
}

describe('challenges', () => {
  it('shows the log-in prompt on /challenges when signed out', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'challenges-signed-out');
    await page.goto(`${server.url}/challenges`);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    await screenshotBothSizes(page, 'challenges-signed-out');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('plays the daily link by link to a success, with a refused pick, the reveal and the share text', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'challenges-daily', { permissions: ['clipboard-read', 'clipboard-write'] });
    await register(page, newUsername('daily'));

    // The card on the home page: every field of the spec.
    const card = page.getByTestId('daily-challenge-card');
    await card.getByRole('button', { name: 'Accept Challenge' }).waitFor({ timeout: 15_000 });
    const daily = await page.evaluate(async () => (await (await fetch('/api/challenges/daily')).json()) as DailyChallenge);
    const cardText = (await card.textContent()) ?? '';
    for (const text of [daily.fromEntity.name, daily.toEntity.name, `≤ ${daily.targetDegrees}`, `${daily.timeLimit} min`, 'Time left', 'Community progress', '/ 1,000 completed']) {
      expect(cardText).toContain(text);
    }
    await dismissToasts(page);
    await card.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 120));
    await screenshot(page, 'challenges-home-card-desktop', { fullPage: false });
    await page.setViewportSize(MOBILE);
    await card.evaluate((element) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 80));
    await screenshot(page, 'challenges-home-card-mobile', { fullPage: false });
    await page.setViewportSize(DESKTOP);

    // /challenges: the stat cards and the three tabs, then All Challenges and Rankings.
    await page.goto(`${server.url}/challenges`);
    await page.getByTestId('challenge-stat-card').first().waitFor();
    expect(await page.getByTestId('challenge-stat-card').count()).toBe(4);
    await page.getByTestId('daily-challenge-card').getByRole('button', { name: 'Accept Challenge' }).waitFor();
    await screenshotBothSizes(page, 'challenges-page-daily');
    await expectNoSidewaysScroll(page);
    await page.getByRole('tab', { name: 'All Challenges' }).click();
    await page.getByTestId('challenge-card').first().waitFor();
    expect(await page.getByTestId('challenge-card').count()).toBeLessThanOrEqual(6);
    await screenshotBothSizes(page, 'challenges-page-all');
    for (const tab of ['Speed', 'Puzzle', 'Weekly']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByTestId('challenge-card').or(page.getByTestId('challenge-list-empty')).first().waitFor();
    }
    await screenshotBothSizes(page, 'challenges-page-weekly', { fullPage: false });
    await page.getByRole('tab', { name: 'Rankings' }).click();
    await page.getByTestId('board-caption').or(page.getByTestId('leaderboard-empty')).first().waitFor();
    await screenshotBothSizes(page, 'challenges-page-rankings');

    // Play: accept from the card.
    await page.getByRole('tab', { name: 'Daily Challenge' }).click();
    await page.getByTestId('daily-challenge-card').getByRole('button', { name: 'Accept Challenge' }).click();
    await page.waitForURL(`${server.url}/challenges/play/${daily.id}`);
    await page.getByRole('combobox', { name: 'Next link' }).waitFor();
    expect(await page.getByTestId('moves-left').textContent()).toBe(String(daily.moveLimit));
    expect(await page.getByRole('button', { name: /^Hint −\d+ pts$/ }).count()).toBe(1);
    expect(await page.getByTestId('time-left').textContent()).toMatch(/^\d+:\d\d$/);
    await screenshotBothSizes(page, 'challenges-play-start');

    // The target itself is not linked to the start (par ≥ 2): refused, and it costs a move.
    await pickNext(page, daily.toEntity);
    await page.getByTestId('refusal').waitFor();
    expect(await page.getByTestId('refusal').textContent()).toContain('That cost a move.');
    expect(await page.getByTestId('moves-left').textContent()).toBe(String(daily.moveLimit - 1));
    await screenshotBothSizes(page, 'challenges-play-refused');

    // A shortest chain, link by link.
    const chain = await shortestChain(page, daily.fromEntity, daily.toEntity);
    expect(chain.length - 1).toBe(daily.par);
    for (const [index, entity] of chain.slice(1).entries()) {
      // A solve faster than 2 s a link pays nothing: the last pick waits until a person's pace is reached.
      if (index === chain.length - 2) await expect.poll(async () => secondsLeft(page), { timeout: 30_000 }).toBeLessThanOrEqual(daily.timeLimit * 60 - SOLVE_FLOOR_SECONDS_PER_LINK * daily.par - 1);
      await pickNext(page, entity);
      if (index < chain.length - 2) {
        await expect.poll(() => page.getByTestId('chain-step').count()).toBe(index + 2);
        if (index === 0) await screenshotBothSizes(page, 'challenges-play-one-link');
      }
    }

    // The end screen: success, degrees vs par, time, moves, points, the message, share text and reveal.
    await page.getByRole('heading', { name: 'Challenge Completed!' }).waitFor({ timeout: 15_000 });
    const message = (await page.getByTestId('result-message').textContent()) ?? '';
    expect(message).toMatch(/You earned \d+ points! Connection found in \d+ degrees?\./);
    const share = (await page.getByTestId('share-text').textContent()) ?? '';
    expect(share).toContain(`#${daily.number}`);
    expect(share).toContain(`(par ${daily.par})`);
    expect(share).not.toContain(daily.fromEntity.name);
    expect(await page.getByTestId('reveal-chain').count()).toBeGreaterThanOrEqual(1);
    expect((await page.getByTestId('reveal').textContent()) ?? '').toMatch(/found by \d+%/);
    await page.getByRole('button', { name: 'Copy Text' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(share);
    await screenshotBothSizes(page, 'challenges-play-result');

    // Back on the card: completed, with the points.
    await page.goto(`${server.url}/challenges`);
    await page.getByText('Challenge Completed', { exact: true }).waitFor();
    expect(await page.getByTestId('daily-points-earned').textContent()).toMatch(/You earned \d+ points/);
    await screenshotBothSizes(page, 'challenges-page-daily-completed', { fullPage: false });

    expect(pageErrors).toEqual([]);
    await close();
  }, LONG_FLOW_TIMEOUT_MS);

  it('gives up the daily: after a reload of the play page and of the list, the finished result and the reveal are shown, and no new clock starts', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'challenges-daily-given-up');
    await register(page, newUsername('quitter'));
    await page.goto(`${server.url}/challenges`);
    await page.getByTestId('daily-challenge-card').getByRole('button', { name: 'Accept Challenge' }).click({ timeout: 15_000 });
    await page.getByRole('combobox', { name: 'Next link' }).waitFor();
    await page.getByRole('button', { name: 'Give up' }).click();
    const gaveUp = page.waitForResponse((response) => response.url().endsWith('/give-up') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Really give up?' }).click();
    const attempt = (await (await gaveUp).json()) as { attemptId: string; status: string };
    expect(attempt.status).toBe('gave_up');
    await page.getByRole('heading', { name: 'Challenge Failed' }).waitFor();

    // The play page, reloaded: the same finished attempt, its share text and reveal; no chain builder, no clock.
    await page.reload();
    await page.getByRole('heading', { name: 'Challenge Failed' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('result-message').textContent()).toContain('You gave up.');
    expect(await page.getByTestId('share-text').textContent()).toContain('not solved');
    expect(await page.getByTestId('reveal-chain').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByRole('combobox', { name: 'Next link' }).count()).toBe(0);
    expect(await page.getByTestId('time-left').count()).toBe(0);
    expect(await page.getByTestId('archive-note').count()).toBe(0);
    await dismissToasts(page);
    await screenshotBothSizes(page, 'challenges-daily-given-up-play');

    // The challenges page, reloaded: the card shows the finished result and the reveal, and no Accept Challenge.
    await page.goto(`${server.url}/challenges`);
    await page.reload();
    const card = page.getByTestId('daily-challenge-card');
    await card.getByTestId('daily-finished').waitFor({ timeout: 15_000 });
    expect(await card.getByText('Challenge Failed').count()).toBe(1);
    expect(await card.getByTestId('daily-result-message').textContent()).toContain('You gave up.');
    expect(await card.getByTestId('daily-share-text').textContent()).toContain('not solved');
    expect(await card.getByTestId('reveal-chain').count()).toBeGreaterThanOrEqual(1);
    expect(await card.getByRole('button', { name: /Accept Challenge|Continue Challenge/ }).count()).toBe(0);
    await dismissToasts(page);
    await screenshotBothSizes(page, 'challenges-daily-given-up-card');

    // The server agrees: the daily's finished attempt is the one given up, and no attempt is open.
    const daily = await page.evaluate(async () => (await (await fetch('/api/challenges/daily')).json()) as DailyChallenge);
    expect(daily.activeAttemptId).toBeNull();
    expect(daily.finished).toMatchObject({ attemptId: attempt.attemptId, status: 'gave_up' });

    // A list challenge given up: its card says so and opens the result, not a new attempt.
    const listed = await page.evaluate(async () => {
      const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
      const post = async (url: string, body: unknown) =>
        (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken }, body: JSON.stringify(body) })).json() as Promise<{ attemptId: string; version: number }>;
      const { challenges } = (await (await fetch('/api/challenges')).json()) as { challenges: Array<{ id: string; title: string }> };
      const first = challenges[0]!;
      const started = await post(`/api/challenges/${first.id}/attempts`, {});
      await post(`/api/challenges/attempts/${started.attemptId}/give-up`, { version: started.version });
      return first;
    });
    await page.getByRole('tab', { name: 'All Challenges' }).click();
    const listCard = page.getByTestId('challenge-card').filter({ hasText: listed.title }).first();
    await listCard.getByTestId('challenge-finished').waitFor();
    expect(await listCard.getByTestId('challenge-finished').textContent()).toBe('Gave up');
    await dismissToasts(page);
    await screenshotBothSizes(page, 'challenges-list-given-up', { fullPage: false });
    await listCard.getByRole('button', { name: `See Result: ${listed.title}` }).click();
    await page.getByRole('heading', { name: 'Challenge Failed' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Next link' }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('shows the error state for a race code that does not exist', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'race-wrong-code');
    await register(page, newUsername('lost'));
    await page.goto(`${server.url}/challenges`);
    await page.getByLabel('Join with a code').fill('ZZZZ9999');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.waitForURL(`${server.url}/challenges/race/ZZZZ9999`);
    await page.getByTestId('race-error').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('race-error').textContent()).toContain('Race not found');
    await screenshotBothSizes(page, 'race-error-not-found');
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('races two browsers in one room: lobby, countdown, racing with live progress, a player back after a reload, a spectator, the result for all, and a rematch', async () => {
    const host = await openPage(browser, DESKTOP, 'race-host');
    const guest = await openPage(browser, DESKTOP, 'race-guest');
    await register(host.page, newUsername('host'));
    await register(guest.page, newUsername('guest'));

    // The host creates a room from /challenges.
    await host.page.goto(`${server.url}/challenges`);
    await host.page.getByRole('button', { name: 'Create a race room' }).click();
    await host.page.waitForURL(/\/challenges\/race\/[A-Z0-9]{8}$/);
    const code = host.page.url().slice(-8);
    await host.page.getByTestId('race-code').waitFor({ timeout: 15_000 });

    // The guest joins with the code.
    await guest.page.goto(`${server.url}/challenges`);
    await guest.page.getByLabel('Join with a code').fill(code.toLowerCase());
    await guest.page.getByRole('button', { name: 'Join' }).click();
    await guest.page.waitForURL(`${server.url}/challenges/race/${code}`);
    await expect.poll(() => host.page.getByTestId('lobby-player').count(), { timeout: 15_000 }).toBe(2);
    expect(await host.page.getByText('Host', { exact: true }).count()).toBeGreaterThanOrEqual(1);

    // Both ready; the host starts.
    await guest.page.getByRole('button', { name: 'I’m ready' }).click();
    await host.page.getByRole('button', { name: 'I’m ready' }).click();
    await expect.poll(() => host.page.locator('[data-testid="lobby-player"][data-ready="true"]').count(), { timeout: 10_000 }).toBe(2);
    await screenshotBothSizes(host.page, 'race-lobby-host');
    await screenshotBothSizes(guest.page, 'race-lobby-guest');
    await host.page.getByRole('button', { name: 'Start race' }).click();

    // The countdown, the same seconds on both screens (server time, corrected for each clock).
    await host.page.getByTestId('race-countdown').waitFor({ timeout: 10_000 });
    await guest.page.getByTestId('race-countdown').waitFor({ timeout: 10_000 });
    const [a, b] = await Promise.all([host.page.getByTestId('race-countdown').textContent(), guest.page.getByTestId('race-countdown').textContent()]);
    expect(Math.abs(Number(a) - Number(b)), `host ${a}, guest ${b}`).toBeLessThanOrEqual(1);
    await screenshot(host.page, 'race-countdown-desktop', { fullPage: false });

    // Racing: the host builds a shortest chain; the guest sees the host's links count go up.
    await host.page.getByRole('combobox', { name: 'Next link' }).waitFor({ timeout: 15_000 });
    await guest.page.getByRole('combobox', { name: 'Next link' }).waitFor({ timeout: 15_000 });
    const room = await host.page.evaluate(async (roomCode) => (await (await fetch(`/api/challenges/races/${roomCode}`)).json()) as RaceState, code);
    const chain = await shortestChain(host.page, room.fromEntity!, room.toEntity!);
    // A visitor who is not signed in opens the link: a spectator, counted in the room.
    const spectator = await openPage(browser, DESKTOP, 'race-spectator');
    await spectator.page.goto(`${server.url}/challenges/race/${code}`);
    await spectator.page.getByTestId('race-waiting').waitFor({ timeout: 15_000 });
    expect(await spectator.page.getByTestId('race-waiting').textContent()).toBe('You are watching.');

    await pickNext(host.page, chain[1]!);
    await expect.poll(async () => (await spectator.page.getByTestId('race-progress-row').first().textContent()) ?? '', { timeout: 10_000 }).toContain('1 link');
    await screenshotBothSizes(spectator.page, 'race-spectator');
    const hostRow = guest.page.getByTestId('race-progress-row').filter({ hasNotText: '(you)' });
    await expect.poll(async () => (await hostRow.textContent()) ?? '', { timeout: 10_000 }).toContain('1 link');
    // The guest makes a link, then drops (a reload) and comes back: the same room, their chain as it was.
    await pickNext(guest.page, chain[1]!);
    await expect.poll(() => guest.page.getByTestId('chain-step').count(), { timeout: 10_000 }).toBe(2);
    await guest.page.reload();
    await guest.page.getByRole('combobox', { name: 'Next link' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => guest.page.getByTestId('chain-step').count(), { timeout: 10_000 }).toBe(2);
    expect(await guest.page.getByTestId('links-so-far').textContent()).toBe('1');
    await screenshotBothSizes(guest.page, 'race-racing-guest');
    await screenshotBothSizes(host.page, 'race-racing-host');
    for (const entity of chain.slice(2)) await pickNext(host.page, entity);

    // The guest gives up; the race is over for both.
    await guest.page.getByRole('button', { name: 'Give up' }).click().catch(() => undefined);
    if (await guest.page.getByRole('button', { name: 'Really give up?' }).count()) await guest.page.getByRole('button', { name: 'Really give up?' }).click();
    await host.page.getByTestId('race-results').waitFor({ timeout: 20_000 });
    await guest.page.getByTestId('race-results').waitFor({ timeout: 20_000 });
    await spectator.page.getByTestId('race-results').waitFor({ timeout: 20_000 });
    for (const page of [host.page, guest.page, spectator.page]) {
      expect((await page.getByTestId('race-winner').textContent()) ?? '').toMatch(/won in \d+ degrees?/);
      expect(await page.getByTestId('race-result-row').count()).toBe(2);
    }
    expect(await host.page.getByRole('button', { name: 'Rematch' }).count()).toBe(1);
    expect(await guest.page.getByRole('button', { name: 'Rematch' }).count()).toBe(0);
    await screenshotBothSizes(host.page, 'race-results-host');
    await screenshotBothSizes(guest.page, 'race-results-guest');

    // Rematch: the host starts the next round; everyone counts down again, with a new pair.
    await host.page.getByRole('button', { name: 'Rematch' }).click();
    await host.page.getByTestId('race-countdown').or(host.page.getByRole('combobox', { name: 'Next link' })).first().waitFor({ timeout: 10_000 });
    await guest.page.getByTestId('race-countdown').or(guest.page.getByRole('combobox', { name: 'Next link' })).first().waitFor({ timeout: 10_000 });
    expect(await guest.page.getByText('round 2').count()).toBe(1);
    expect(spectator.pageErrors).toEqual([]);
    await spectator.close();

    expect(host.pageErrors).toEqual([]);
    expect(guest.pageErrors).toEqual([]);
    await host.close();
    await guest.close();
  }, LONG_FLOW_TIMEOUT_MS);
});
