import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Tests import the contract from source, so they never depend on a stale build of shared-types.
const sharedTypes = fileURLToPath(new URL('./shared-types/src/index.ts', import.meta.url));
const alias = { '@cinema-dna/shared-types': sharedTypes };

/**
 * Integration files whose assertions depend on timing (rate windows, socket delivery across processes,
 * restarts, a Redis stopped mid-run, live-search budgets): never run beside a file of the integration project.
 * Most of their time is waiting (an outage, a window, a restart: under half of the two cores is busy), so they
 * run three at a time, in this order: the longest (two app processes through two Redis outages, answers
 * within 1 s) in one lane while the others take the files that start no process of their own; the two that
 * start and kill app processes and PostgreSQL come last, once it is done.
 */
const TIMING_SENSITIVE = [
  'backend/src/redis-outages.int.test.ts',
  'backend/src/features/challenges/races/races.int.test.ts',
  'backend/src/features/connections/socket.int.test.ts',
  'backend/src/platform/realtime.int.test.ts',
  'backend/src/platform/rate-limit.int.test.ts',
  'backend/src/features/activity/live.int.test.ts',
  'backend/src/features/status/status-outage.int.test.ts',
  'backend/src/platform/cache/redis-outage.int.test.ts',
  'backend/src/platform/events/outbox.int.test.ts',
  'backend/src/platform/cache/redis-timeouts.int.test.ts',
  'backend/src/platform/db/kill-loop.int.test.ts',
  'backend/src/features/status/replicas.int.test.ts',
];

/**
 * Files that promise a latency under load of their own making (`/api/health` within 100 ms while the server
 * reads a hostile upload, docs/rules/community.md): alone, once the others are done. Beside two other
 * timing-sensitive files on a 2-core machine the upload's worker and its slices waited for the cores, and
 * /api/health took 125-160 ms for reasons that were not the server's.
 */
const ALONE = ['backend/src/features/diary/letterboxd-limits.int.test.ts'];

/**
 * The files that take longest, longest first: with two files at a time, a long one started last would
 * run alone at the end. Vitest orders by the durations of the last run when it has them, and by file
 * size in a fresh clone (CI); these go first either way.
 */
const LONGEST_FIRST = [
  'e2e/accessibility.e2e.test.ts',
  'e2e/connections.e2e.test.ts',
  'e2e/cluster.e2e.test.ts',
  // The hostile-input sweep's files are a few lines each (the sweep lives in test-support): by size they would start last.
  'backend/src/platform/hostile-input-diaries-lists.int.test.ts',
  'backend/src/platform/hostile-input-catalog-search.int.test.ts',
  'backend/src/platform/hostile-input-sign-in.int.test.ts',
  'backend/src/platform/hostile-input-people.int.test.ts',
  'backend/src/platform/hostile-input-own-account.int.test.ts',
  'backend/src/platform/hostile-input-everything-else.int.test.ts',
  'backend/src/platform/hostile-input-admin.int.test.ts',
  'backend/src/platform/hostile-input-games.int.test.ts',
  'backend/src/platform/hostile-input-entities.int.test.ts',
  // Starts and stops app processes (16 s): by size it would start last and run alone at the end.
  'backend/src/server.int.test.ts',
  // integration-serial: the order above.
  ...TIMING_SENSITIVE,
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return at === -1 ? LONGEST_FIRST.length : at;
    };
    // Within each project's run of files (the projects keep their order); Array.prototype.sort is stable.
    const runs: TestSpecification[][] = [];
    for (const file of sorted) {
      const last = runs.at(-1);
      if (last && last[0]!.project.name === file.project.name) last.push(file);
      else runs.push([file]);
    }
    return runs.flatMap((run) => run.sort((a, b) => rank(a) - rank(b)));
  }
}

/**
 * One PostgreSQL for the run (DATABASE_URL or an embedded cluster), a migrated template database every
 * test database copies, and the starter catalog imported once.
 */
const STORAGE_SETUP = [
  'backend/src/test-support/embedded-postgres-setup.ts',
  'backend/src/test-support/template-database-setup.ts',
  'backend/src/test-support/starter-data-setup.ts',
];

/** The storage setup, plus a template of a started app's database (migrated, starter details in) for e2e/support/app-server.ts. */
const BROWSER_SETUP = [...STORAGE_SETUP, 'backend/src/test-support/app-data-setup.ts'];

/** Browser files that time an animation against the server's answer (Skip while the reveal still plays). */
const BROWSER_TIMING_SENSITIVE = ['e2e/connections-reveal.e2e.test.ts'];

/**
 * Three tiers, each its own project so `npm test` runs them in order:
 * unit (no I/O beyond temp files), integration (real HTTP/socket servers on PostgreSQL — DATABASE_URL,
 * or one embedded cluster the global setup starts for the run — with in-process shared state and,
 * when REDIS_URL is set, Redis), browser (Chromium against the built app).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          // A worker's files share their modules (the rules, the graph and the contract import once per worker).
          isolate: false,
          // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Three keep both cores
          // busy while a worker waits on a file's imports or a temp file (61 -> 55 s for both unit projects).
          maxWorkers: 3,
          // A hang guard, not a speed check: three files share the cores, and some start worker threads.
          testTimeout: 20_000,
          include: ['backend/src/**/*.test.ts', 'shared-types/src/**/*.test.ts', 'eslint/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: './frontend/vite.config.ts',
        root: './frontend',
        resolve: { alias },
        test: {
          name: 'unit-frontend',
          environment: 'jsdom',
          // A worker's files share their modules (React, Radix and the contract import once per worker, not
          // once per file: 132 s -> 40 s); src/test/setup.ts gives each file a fresh page's state.
          isolate: false,
          // Three, like unit: the two run as one group, which needs one worker count.
          maxWorkers: 3,
          // A hang guard, not a speed check: a page rendered in jsdom on a busy 2-core machine takes seconds.
          testTimeout: 20_000,
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          globalSetup: STORAGE_SETUP,
          environment: 'node',
          include: ['backend/src/**/*.int.test.ts'],
          exclude: [...TIMING_SENSITIVE, ...ALONE, '**/node_modules/**'],
          // A worker's files share their modules (the app, its features and the contract import once per
          // worker): each file still opens its own app, schema and key prefix.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file has its own schema and key prefix, so two run at once.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration-serial',
          globalSetup: STORAGE_SETUP,
          environment: 'node',
          include: TIMING_SENSITIVE,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // These measure windows, clocks and delivery across processes: after the others, three at a time (above).
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration-alone',
          globalSetup: STORAGE_SETUP,
          environment: 'node',
          include: ALONE,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Nothing else runs meanwhile (above).
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          globalSetup: BROWSER_SETUP,
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: [...BROWSER_TIMING_SENSITIVE, '**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's 1 s default is a speed check in disguise: the app starts after the first paint.
          expect: { poll: { timeout: 10_000 } },
          // Two files at once, each with its own app server, schema, key prefix and Chromium: most of a
          // browser test is waiting (network idle, animations settling), so two share the cores well (three
          // took longer: 402 s against 368-373 s).
          // The longest (accessibility) starts first (LongestFirst) so it does not run alone at the end.
          maxWorkers: 2,
          sequence: { groupOrder: 4 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser-serial',
          globalSetup: BROWSER_SETUP,
          environment: 'node',
          include: BROWSER_TIMING_SENSITIVE,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's 1 s default is a speed check in disguise: the app starts after the first paint.
          expect: { poll: { timeout: 10_000 } },
          // They watch an animation against the server's answer: alone, after the others.
          fileParallelism: false,
          sequence: { groupOrder: 5 },
        },
      },
    ],
  },
});
