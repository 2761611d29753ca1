/**
 * The short kill loop (the long one: `npm run bench:kill-loop`, 200 kills): the built server on its
 * embedded PostgreSQL under 8 concurrent writers, killed with SIGKILL — the app alone, or the app
 * with every PostgreSQL process — restarted, and every acknowledged write looked up in the database.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runKillLoop } from '../../test-support/kill-loop.js';

const serverEntry = fileURLToPath(new URL('../../../dist/index.js', import.meta.url));

describe('kill -9 under write load on the embedded default', () => {
  it('opens the database after every kill and loses no acknowledged write', async () => {
    expect(existsSync(serverEntry), `${path.relative(process.cwd(), serverEntry)} is missing: run npm run build first`).toBe(true);
    // Seeded: the same two kinds of kill every run (app alone, app with PostgreSQL).
    const result = await runKillLoop({ kills: 4, seed: 7, minRunMs: 300, maxRunMs: 900 });
    console.log(`kill loop: ${result.kills} kills (${result.killsOfPostgres} with PostgreSQL), restarts ${result.restartMs.join(', ')} ms, ${result.acknowledged.total} acknowledged writes`);
    expect(result.healthyStarts).toBe(result.kills + 1);
    expect(result.killsOfPostgres).toBeGreaterThan(0);
    expect(result.killsOfPostgres).toBeLessThan(result.kills);
    expect(result.acknowledged.total).toBeGreaterThan(0);
    expect(result.lost).toEqual([]);
  }, 300_000);
});
