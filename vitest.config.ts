import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the contract from source, so they never depend on a stale build of shared-types.
const sharedTypes = fileURLToPath(new URL('./shared-types/src/index.ts', import.meta.url));
const alias = { '@cinema-dna/shared-types': sharedTypes };

/**
 * Three tiers, each its own project so `npm test` runs them in order:
 * unit (no I/O beyond temp files), integration (real HTTP/socket servers, embedded storage and,
 * when DATABASE_URL/REDIS_URL are set, PostgreSQL and Redis), browser (Chromium against the built app).
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['backend/src/**/*.test.ts', 'shared-types/src/**/*.test.ts'],
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
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['backend/src/**/*.int.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Integration files share PostgreSQL/Redis; run them one at a time to keep them independent.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
