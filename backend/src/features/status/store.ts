import { and, desc, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ServiceStatus, StatusServiceId } from '@cinema-dna/shared-types';
import type { Db } from '../../platform/db/database.js';
import { incidentChanges, utcDay, type DailyCounts, type OpenIncident } from './history.js';
import type { CheckResult } from './probes.js';
import { statusChecks, statusDaily, statusIncidents } from './schema.js';

/** Checks older than this are pruned (the daily counts keep the 90-day history). */
export const CHECK_RETENTION_MS = 7 * 24 * 60 * 60_000;

export interface StoredCheck {
  service: string;
  status: string;
  responseTimeMs: number | null;
  description: string;
  replica: string;
  checkedAt: Date;
}

/**
 * Stores one check of the six services: its rows, the day's counts, and the incidents it opens,
 * worsens or closes. Opening relies on the partial unique index (one open incident per service):
 * two replicas noticing the same outage at once open one incident.
 */
export async function recordCheck(db: Db, results: readonly CheckResult[], replica: string, checkedAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(statusChecks).values(results.map((result) => ({ ...result, replica, checkedAt })));
    const day = utcDay(checkedAt);
    const count = (status: ServiceStatus, result: CheckResult) => (result.status === status ? 1 : 0);
    await tx
      .insert(statusDaily)
      .values(
        results.map((result) => ({
          service: result.service,
          day,
          checks: 1,
          operational: count('operational', result),
          degraded: count('degraded', result),
          down: count('down', result),
          maintenance: count('maintenance', result),
        })),
      )
      .onConflictDoUpdate({
        target: [statusDaily.service, statusDaily.day],
        set: {
          checks: sql`${statusDaily.checks} + excluded.checks`,
          operational: sql`${statusDaily.operational} + excluded.operational`,
          degraded: sql`${statusDaily.degraded} + excluded.degraded`,
          down: sql`${statusDaily.down} + excluded.down`,
          maintenance: sql`${statusDaily.maintenance} + excluded.maintenance`,
        },
      });
    const open = (await tx
      .select({ id: statusIncidents.id, service: statusIncidents.service, status: statusIncidents.status })
      .from(statusIncidents)
      .where(isNull(statusIncidents.resolvedAt))) as OpenIncident[];
    const changes = incidentChanges(results, open);
    for (const incident of changes.open) {
      await tx
        .insert(statusIncidents)
        .values({ ...incident, startedAt: checkedAt })
        .onConflictDoNothing({ target: statusIncidents.service, where: isNull(statusIncidents.resolvedAt) });
    }
    for (const { id, status } of changes.worsen) {
      await tx.update(statusIncidents).set({ status }).where(and(sql`${statusIncidents.id} = ${id}`, isNull(statusIncidents.resolvedAt)));
    }
    if (changes.close.length > 0) {
      await tx.update(statusIncidents).set({ resolvedAt: checkedAt }).where(and(inArray(statusIncidents.id, changes.close), isNull(statusIncidents.resolvedAt)));
    }
  });
}

export async function pruneChecks(db: Db, now: number): Promise<void> {
  await db.delete(statusChecks).where(lt(statusChecks.checkedAt, new Date(now - CHECK_RETENTION_MS)));
}

/** The latest stored check of each service. */
export async function latestChecks(db: Db): Promise<StoredCheck[]> {
  return db
    .selectDistinctOn([statusChecks.service], {
      service: statusChecks.service,
      status: statusChecks.status,
      responseTimeMs: statusChecks.responseTimeMs,
      description: statusChecks.description,
      replica: statusChecks.replica,
      checkedAt: statusChecks.checkedAt,
    })
    .from(statusChecks)
    .orderBy(statusChecks.service, desc(statusChecks.checkedAt));
}

export async function dailyCounts(db: Db, fromDay: string): Promise<DailyCounts[]> {
  return db.select().from(statusDaily).where(gte(statusDaily.day, fromDay));
}

/** Incidents started since `from`, or still open, newest first. */
export async function incidentsSince(db: Db, from: Date) {
  return db
    .select()
    .from(statusIncidents)
    .where(or(gte(statusIncidents.startedAt, from), isNull(statusIncidents.resolvedAt)))
    .orderBy(desc(statusIncidents.startedAt), desc(statusIncidents.id));
}

export type { StatusServiceId };
