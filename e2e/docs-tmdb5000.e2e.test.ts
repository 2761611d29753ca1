/**
 * The API docs on a real catalog (issue 26): on the TMDB 5000 import, every example the docs offer —
 * the Run buttons of /docs, the live-search console and the socket example of /api-docs — names
 * entities of the loaded catalog and answers 2xx. Skipped when ../shared/data/tmdb-5000 is absent.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DocsExamplesSchema, type DocsExamples } from '@cinema-dna/shared-types';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promisify } from 'node:util';
import { repoRoot, startAppServer, type AppServer } from './support/app-server.js';
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot } from './support/browser.js';

const TMDB_5000 = path.resolve(repoRoot, '../shared/data/tmdb-5000');
const present = existsSync(TMDB_5000);
if (!present) console.log(`${TMDB_5000} is absent: the docs on the TMDB 5000 import are not tested`);

describe.runIf(present)('the API docs on the TMDB 5000 import', { timeout: 120_000 }, () => {
  let dataDir: string;
  let server: AppServer;
  let browser: Browser;
  let examples: DocsExamples;

  beforeAll(async () => {
    // Imported once, as a user would (`npm run data:tmdb5000`, built), into the data folder and embedded
    // database the app then serves.
    dataDir = mkdtempSync(path.join(tmpdir(), 'cdna-e2e-tmdb5000-'));
    await promisify(execFile)(process.execPath, [path.join(repoRoot, 'backend/dist/ingest/cli.js'), 'tmdb5000', '--dir', TMDB_5000], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, DATA_DIR: dataDir },
      maxBuffer: 64 * 1024 * 1024,
    });
    server = await startAppServer({ env: { DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_SCHEMA: '' } });
    browser = await launchBrowser();
    examples = DocsExamplesSchema.parse(await (await fetch(`${server.url}/api/docs/examples`)).json());
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('chooses its examples from the loaded catalog, not the starter catalog', async () => {
    expect(examples.from.key).not.toBe('person:kevin-bacon');
    for (const entity of [examples.from, examples.to, examples.movie, examples.genre]) {
      expect((await fetch(`${server.url}/api/entity/${entity.type}/${encodeURIComponent(entity.id)}`)).status, entity.key).toBe(200);
    }
  });

  it('runs every /docs example with a 2xx answer', async () => {
    const { page, pageErrors, close } = await openPage(browser, DESKTOP, 'docs-tmdb5000');
    await page.goto(`${server.url}/docs?tab=examples`);
    const runButton = page.getByRole('button', { name: /^Run: / });
    const runnable = page.getByRole('article').filter({ has: runButton });
    await runnable.first().waitFor();
    const count = await runnable.count();
    expect(count).toBeGreaterThanOrEqual(5);
    const statuses: Record<string, string> = {};
    for (let i = 0; i < count; i++) {
      const example = runnable.nth(i);
      const button = example.getByRole('button', { name: /^Run: / });
      const name = (await button.getAttribute('aria-label')) ?? (await button.textContent())!;
      await button.click();
      const status = example.getByTestId('response-status');
      await status.waitFor();
      statuses[name] = (await status.textContent())!;
    }
    expect(Object.entries(statuses).filter(([, status]) => !/^2\d\d /.test(status))).toEqual([]);
    await screenshot(page, 'docs-tmdb5000-examples-desktop', { fullPage: false });
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('runs the live-search console’s example on /api-docs to its answer, and shows the socket example with the same pair', async () => {
    const { page, pageErrors, close } = await openPage(browser, MOBILE, 'api-docs-tmdb5000');
    await page.goto(`${server.url}/api-docs?tab=testing`);
    await page.getByText('Socket connected').waitFor();
    const payload = page.getByRole('textbox', { name: /payload/i });
    await expect.poll(() => payload.inputValue()).toContain(`"id": "${examples.from.id}"`);
    await page.getByRole('button', { name: 'Start live search' }).click();
    const log = page.getByRole('log', { name: 'Live search events' });
    await log.locator('[data-event="search:completed"], [data-event="search:failed"]').first().waitFor();
    expect(await log.locator('[data-event="search:failed"]').count()).toBe(0);
    expect(await log.locator('[data-event="search:completed"]').textContent()).toContain(examples.from.name);
    await screenshot(page, 'api-docs-tmdb5000-live-mobile', { fullPage: false });

    await page.goto(`${server.url}/api-docs`);
    await page.getByText(`fromEntity: { id: '${examples.from.id}', type: '${examples.from.type}' }`).waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  });
});
