import { STATUS_SERVICES, type ServiceStatus } from '@cinema-dna/shared-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../../test-support/targets.js';
import type { CheckResult } from './probes.js';
import { statusDaily, statusIncidents } from './schema.js';
import { CHECK_RETENTION_MS, dailyCounts, latestChecks, pruneChecks, recordCheck } from './store.js';

const check = (statuses: Partial<Record<(typeof STATUS_SERVICES)[number], ServiceStatus>>): CheckResult[] =>
  STATUS_SERVICES.map((service) => ({ service, status: statuses[service] ?? 'operational', description: `${service} ${statuses[service] ?? 'operational'}`, responseTimeMs: 1.5 }));

describe.each(databaseTargets())('status storage on $name', (target) => {
  let database: Awaited<ReturnType<typeof target.open>>;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('opens an incident at the check that finds a service down, worsens it, and closes it at the check that finds it operational (the check’s own clock)', async () => {
    const { db } = database;
    const t0 = new Date('2026-02-01T10:00:00Z');
    const t1 = new Date('2026-02-01T10:01:00Z');
    const t2 = new Date('2026-02-01T10:02:00Z');
    const t3 = new Date('2026-02-01T10:03:00Z');
    await recordCheck(db, check({ engine: 'degraded' }), 'a:1', t0);
    await recordCheck(db, check({ engine: 'down' }), 'a:1', t1);
    await recordCheck(db, check({ engine: 'down' }), 'b:2', t2);
    let incidents = await db.select().from(statusIncidents);
    expect(incidents).toEqual([expect.objectContaining({ service: 'engine', status: 'down', startedAt: t0, resolvedAt: null })]);
    await recordCheck(db, check({}), 'a:1', t3);
    incidents = await db.select().from(statusIncidents);
    expect(incidents).toEqual([expect.objectContaining({ service: 'engine', startedAt: t0, resolvedAt: t3 })]);
    const engineDay = (await dailyCounts(db, '2026-02-01')).find((row) => row.service === 'engine');
    expect(engineDay).toMatchObject({ day: '2026-02-01', checks: 4, operational: 1, degraded: 1, down: 2 });
    const latest = await latestChecks(db);
    expect(latest).toHaveLength(6);
    expect(latest.every((row) => row.checkedAt.getTime() === t3.getTime())).toBe(true);
  });

  it('opens one incident when two replicas find the same outage at once (the partial unique index)', async () => {
    const { db } = database;
    const at = new Date('2026-02-02T10:00:00Z');
    await Promise.all([recordCheck(db, check({ cache: 'down' }), 'a:1', at), recordCheck(db, check({ cache: 'down' }), 'b:2', at), recordCheck(db, check({ cache: 'down' }), 'c:3', at)]);
    const open = (await db.select().from(statusIncidents)).filter((incident) => incident.service === 'cache' && incident.resolvedAt === null);
    expect(open).toHaveLength(1);
    const day = (await db.select().from(statusDaily)).find((row) => row.service === 'cache' && row.day === '2026-02-02');
    expect(day).toMatchObject({ checks: 3, down: 3 });
  });

  it('prunes checks older than a week', async () => {
    const { db } = database;
    const now = Date.parse('2026-03-01T00:00:00Z');
    await recordCheck(db, check({}), 'a:1', new Date(now - CHECK_RETENTION_MS - 1000));
    await recordCheck(db, check({}), 'a:1', new Date(now - 1000));
    await pruneChecks(db, now);
    const latest = await latestChecks(db);
    expect(latest.every((row) => row.checkedAt.getTime() === now - 1000)).toBe(true);
  });
});
