import { randomBytes } from 'node:crypto';
import type { EntitySummary, PathStep, RaceState } from '@cinema-dna/shared-types';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './support/api.js';
import { registerUser } from './support/accounts.js';
import { DESKTOP, launchBrowser, openPage, type OpenedPage } from './support/browser.js';
import { findNginx, startTestCluster, type TestCluster } from './support/cluster.js';

/**
 * More than one machine, proven in Chromium: `npm run cluster`'s three replicas of the built app behind
 * nginx (the compose scale profile's template), on one PostgreSQL and one Redis. Two browsers from one
 * address stick to two different replicas (a cookie set by nginx); they follow each other and see each
 * other's feed items, leaderboard changes and race moves live across replicas; then one player's replica
 * is killed with SIGKILL mid-race and that player's page reconnects to another replica, with the same
 * race, the same clock and its earlier moves, and finishes.
 */

const nginx = findNginx();
if (!nginx) console.warn('cluster.e2e.test.ts skipped: nginx is not installed (Debian: apt-get install -y nginx-light); the cluster runs behind it.');

let cluster: TestCluster;
let browser: Browser;

beforeAll(async () => {
  if (!nginx) return;
  cluster = await startTestCluster({ replicas: 3 });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await cluster?.stop();
});

const newUsername = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/** The replica that answers this page's requests (its sticky cookie), by /api/health. */
async function replicaOf(page: Page): Promise<string> {
  return page.evaluate(async () => ((await (await fetch('/api/health', { cache: 'no-store' })).json()) as { replica: string }).replica);
}

/** A fresh browser context on the cluster, its sticky cookie set by the proxy on the first page. */
async function openOnCluster(name: string): Promise<{ opened: OpenedPage; replica: string }> {
  const opened = await openPage(browser, DESKTOP, name, { reducedMotion: 'no-preference' });
  await opened.page.goto(`${cluster.url}/about`);
  const cookies = await opened.page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain('cdna_replica');
  return { opened, replica: await replicaOf(opened.page) };
}

/** The home page's live connection is up (the presence count comes over the socket). */
async function waitForLiveConnection(page: Page) {
  await page.getByTestId('presence-count').waitFor({ timeout: 15_000 });
}

/** A shortest chain by the finder's API, asked from outside the browsers (anonymous, any replica). */
async function shortestChain(from: EntitySummary, to: EntitySummary): Promise<EntitySummary[]> {
  const response = await fetch(`${cluster.url}/api/find-connection`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fromEntity: { id: from.id, type: from.type }, toEntity: { id: to.id, type: to.type } }),
  });
  const result = (await response.json()) as { found: boolean; path: PathStep[] };
  expect(result.found, JSON.stringify(result).slice(0, 300)).toBe(true);
  return result.path.map((step) => step.entity);
}

/** Types a name into the chain builder's typeahead and picks that entity. */
async function pickNext(page: Page, entity: EntitySummary) {
  const input = page.getByRole('combobox', { name: 'Next link' });
  await input.fill(entity.name.slice(0, Math.min(entity.name.length, 12)));
  const escaped = entity.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('option', { name: new RegExp(`^${escaped},`) }).first().click();
}

const boardOrder = (page: Page) => page.getByTestId('leaderboard-row').evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.userId)));
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

describe.skipIf(!nginx)('a cluster of three replicas behind nginx', () => {
  let a: OpenedPage;
  let b: OpenedPage;
  let replicaA: string;
  let replicaB: string;
  let idA: number;
  let idB: number;

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('keeps each browser on one replica, and puts two browsers from one address on different replicas', async () => {
    ({ opened: a, replica: replicaA } = await openOnCluster('cluster-a'));
    // The proxy hashes each browser's own cookie: a new browser lands on any of the three; try again
    // until it is on another replica than the first (1 in 3 share it).
    for (let attempt = 0; attempt < 12; attempt++) {
      const candidate = await openOnCluster(`cluster-b-${attempt}`);
      if (candidate.replica !== replicaA) {
        ({ opened: b, replica: replicaB } = candidate);
        break;
      }
      await candidate.opened.close();
    }
    expect(b, 'twelve browsers all landed on the first one’s replica').toBeDefined();
    // Sticky: every later request of each browser reaches its replica.
    for (let i = 0; i < 5; i++) {
      expect(await replicaOf(a.page)).toBe(replicaA);
      expect(await replicaOf(b.page)).toBe(replicaB);
    }
  });

  it('the two follow each other and see each other’s feed items and leaderboard changes live, across replicas', async () => {
    idA = await registerUser(a.page, cluster.url, newUsername('ada'));
    idB = await registerUser(b.page, cluster.url, newUsername('grace'));
    await callApi(a.page, 'POST', '/api/users/follow', { userId: idB });
    await callApi(b.page, 'POST', '/api/users/follow', { userId: idA });

    // A watches the Activity tab on its replica; B writes a review on the other: it arrives live.
    await a.page.goto(`${cluster.url}/social`);
    await a.page.getByRole('tab', { name: 'Activity' }).click();
    await a.page.getByRole('heading', { name: 'Recent Activity' }).waitFor();
    await markDocument(a.page);
    await callApi(b.page, 'POST', '/api/reviews', {
      entityId: 'mad-max-fury-road-2015',
      entityType: 'movie',
      rating: 5,
      title: 'A chase that never lets go',
      content: 'Two hours of momentum, and every frame tells you where you are.',
    });
    const reviewItem = a.page.getByRole('list', { name: 'Recent Activity' }).getByTestId('activity-item').filter({ hasText: 'reviewed' });
    await reviewItem.waitFor({ timeout: 15_000 });
    expect(await sameDocument(a.page)).toBe(true);

    // B watches the global board; A discovers a connection (10 points) and climbs to the top of it, live.
    await b.page.goto(`${cluster.url}/leaderboards`);
    await waitForLiveConnection(b.page);
    await expect.poll(async () => (await boardOrder(b.page)).sort(), { timeout: 15_000 }).toEqual([idA, idB].sort());
    await markDocument(b.page);
    await a.page.goto(cluster.url);
    await waitForLiveConnection(a.page);
    await a.page.getByRole('button', { name: 'Kevin Bacon and Tom Hanks', exact: true }).click();
    await a.page.getByRole('heading', { name: 'Connection Found!' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => boardOrder(b.page), { timeout: 15_000 }).toEqual([idA, idB]);
    expect(await sameDocument(b.page)).toBe(true);
    expect(await replicaOf(a.page)).toBe(replicaA);
    expect(await replicaOf(b.page)).toBe(replicaB);
  });

  it('races across replicas; the host’s replica is killed mid-race and the host comes back to the same race, clock and moves, and finishes', async () => {
    // A hosts, B joins (each on its own replica).
    await a.page.goto(`${cluster.url}/challenges`);
    await a.page.getByRole('button', { name: 'Create a race room' }).click();
    await a.page.waitForURL(/\/challenges\/race\/[A-Z0-9]{8}$/);
    const code = a.page.url().slice(-8);
    await a.page.getByTestId('race-code').waitFor({ timeout: 15_000 });
    await b.page.goto(`${cluster.url}/challenges`);
    await b.page.getByLabel('Join with a code').fill(code);
    await b.page.getByRole('button', { name: 'Join' }).click();
    await b.page.waitForURL(`${cluster.url}/challenges/race/${code}`);
    await expect.poll(() => a.page.getByTestId('lobby-player').count(), { timeout: 15_000 }).toBe(2);
    await b.page.getByRole('button', { name: 'I’m ready' }).click();
    await a.page.getByRole('button', { name: 'I’m ready' }).click();
    await expect.poll(() => a.page.locator('[data-testid="lobby-player"][data-ready="true"]').count(), { timeout: 10_000 }).toBe(2);
    await a.page.getByRole('button', { name: 'Start race' }).click();
    await a.page.getByRole('combobox', { name: 'Next link' }).waitFor({ timeout: 20_000 });
    await b.page.getByRole('combobox', { name: 'Next link' }).waitFor({ timeout: 20_000 });

    // Each sees the other's moves live.
    const room = await a.page.evaluate(async (roomCode) => (await (await fetch(`/api/challenges/races/${roomCode}`)).json()) as RaceState, code);
    expect(room.endsAt).not.toBeNull();
    const chain = await shortestChain(room.fromEntity!, room.toEntity!);
    expect(chain.length).toBeGreaterThanOrEqual(3);
    await pickNext(a.page, chain[1]!);
    await expect.poll(() => a.page.getByTestId('chain-step').count(), { timeout: 10_000 }).toBe(2);
    const rowOfA = b.page.getByTestId('race-progress-row').filter({ hasNotText: '(you)' });
    await expect.poll(async () => (await rowOfA.textContent()) ?? '', { timeout: 10_000 }).toContain('1 link');
    await pickNext(b.page, chain[1]!);
    const rowOfB = a.page.getByTestId('race-progress-row').filter({ hasNotText: '(you)' });
    await expect.poll(async () => (await rowOfB.textContent()) ?? '', { timeout: 10_000 }).toContain('1 link');

    // A's replica dies without a word (SIGKILL) mid-race.
    await markDocument(a.page);
    await cluster.kill(replicaA, 'SIGKILL');
    expect(cluster.running(replicaA)).toBe(false);

    // A's page (no reload) reconnects through nginx to a live replica: the same race, the same clock, its move.
    await expect.poll(() => replicaOf(a.page), { timeout: 15_000 }).not.toBe(replicaA);
    const after = await a.page.evaluate(async (roomCode) => (await (await fetch(`/api/challenges/races/${roomCode}`)).json()) as RaceState, code);
    expect(after.code).toBe(code);
    expect(after.endsAt).toBe(room.endsAt);
    expect(after.startsAt).toBe(room.startsAt);
    expect(await sameDocument(a.page)).toBe(true);
    await a.page.getByRole('combobox', { name: 'Next link' }).waitFor({ timeout: 15_000 });
    expect(await a.page.getByTestId('chain-step').count()).toBe(2);
    expect(await a.page.getByTestId('links-so-far').textContent()).toBe('1');

    // The race goes on live: A's next link reaches B (B's replica never went away), and A finishes.
    await pickNext(a.page, chain[2]!);
    if (chain.length > 3) await expect.poll(async () => (await rowOfA.textContent()) ?? '', { timeout: 15_000 }).toContain('2 links');
    for (const entity of chain.slice(3)) await pickNext(a.page, entity);
    await b.page.getByRole('button', { name: 'Give up' }).click().catch(() => undefined);
    if (await b.page.getByRole('button', { name: 'Really give up?' }).count()) await b.page.getByRole('button', { name: 'Really give up?' }).click();
    await a.page.getByTestId('race-results').waitFor({ timeout: 20_000 });
    await b.page.getByTestId('race-results').waitFor({ timeout: 20_000 });
    for (const page of [a.page, b.page]) expect((await page.getByTestId('race-winner').textContent()) ?? '').toMatch(/won in \d+ degrees?/);
    expect(await sameDocument(a.page)).toBe(true);
    expect(a.pageErrors).toEqual([]);
    expect(b.pageErrors).toEqual([]);
  });
});
