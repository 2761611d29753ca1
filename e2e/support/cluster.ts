import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropSchema } from './app-server.js';
import { startCluster, type Cluster } from '../../scripts/cluster.mjs';

export { findNginx } from '../../scripts/cluster.mjs';

export interface TestCluster extends Cluster {
  /** Every replica's recent log lines, for failure messages. */
  output(): string;
}

/**
 * `npm run cluster`'s cluster (scripts/cluster.mjs: the built app's replicas behind nginx) on the
 * machine's PostgreSQL and Redis (DATABASE_URL / REDIS_URL), in a schema and key prefix of its own and
 * a fresh data folder, removed again by stop().
 */
export async function startTestCluster({ replicas = 3, env = {} }: { replicas?: number; env?: Record<string, string> } = {}): Promise<TestCluster> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) throw new Error('The cluster test needs DATABASE_URL and REDIS_URL (one PostgreSQL and one Redis shared by the replicas).');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cinema-dna-cluster-e2e-'));
  const isolation = `e2e_${randomBytes(5).toString('hex')}`;
  const lines: string[] = [];
  const cluster = await startCluster({
    replicas,
    dataDir,
    env: {
      DATABASE_SCHEMA: isolation,
      REDIS_KEY_PREFIX: `${isolation}:`,
      SESSION_SECRET: randomBytes(48).toString('base64'),
      LOG_LEVEL: 'info',
      // Every browser of the test talks from 127.0.0.1 (see app-server.ts).
      RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
      RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '100000',
      FIND_CONNECTION_RATE_LIMIT: '500',
      ...env,
    },
    output: (id, line) => {
      lines.push(`[${id}] ${line}`);
      if (lines.length > 400) lines.splice(0, lines.length - 400);
    },
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    await dropSchema(process.env.DATABASE_URL!, isolation);
    throw error;
  });
  return {
    ...cluster,
    output: () => lines.join('\n'),
    async stop() {
      await cluster.stop();
      await rm(dataDir, { recursive: true, force: true });
      await dropSchema(process.env.DATABASE_URL!, isolation);
    },
  };
}

