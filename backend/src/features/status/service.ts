import {
  STATUS_CHECK_INTERVAL_MS,
  STATUS_SERVICE_NAMES,
  STATUS_SERVICES,
  STATUS_UPTIME_DAYS,
  overallStatus,
  type ServiceStatus,
  type StatusHistory,
  type StatusResponse,
  type StatusServiceId,
} from '@cinema-dna/shared-types';
import type { SharedState } from '../../platform/cache/types.js';
import type { Db } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logging.js';
import { DAY_MS, uptimeBars, utcDay } from './history.js';
import { checkAll, type CheckResult, type StatusProbeDeps } from './probes.js';
import { dailyCounts, incidentsSince, latestChecks, pruneChecks, recordCheck, type StoredCheck } from './store.js';

/** The app processes that published a heartbeat lately (the replica heartbeats in shared state). */
export interface ReplicaSource {
  live(): Promise<Array<{ metrics: { replica: string; startedAt: string; snapshotVersion?: string | null }; lastSeen: number }>>;
}

export interface StatusServiceDeps {
  db: Db;
  shared: SharedState;
  logger: Logger;
  /** host:pid of this process (stored with each check). */
  replica: string;
  probes: Omit<StatusProbeDeps, 'selfUrl'>;
  replicas: ReplicaSource;
  intervalMs?: number;
  now?: () => number;
}

export interface StatusService {
  /** Measures the six services now, stores the results, and answers the status page (concurrent calls share one check). */
  refresh(): Promise<StatusResponse>;
  /** The latest stored result per service (checked now when none is stored yet). */
  current(): Promise<StatusResponse>;
  history(): Promise<StatusHistory>;
  /** The base URL this process listens on (the website check goes through the network to it). */
  setSelfUrl(url: string): void;
  /** Checks now (when this interval is not claimed yet), then every interval. */
  start(): void;
  close(): Promise<void>;
}

/** The claim of one interval's check (one replica checks per interval). */
const claimKey = (slot: number) => `status:claim:${slot}`;

/**
 * The status checker. Every replica runs the timer; each interval one replica checks, the one whose
 * increment of `status:claim:<interval>` in shared state came first (as the discovery job claims its
 * hour). When shared state is unreachable (Redis down: exactly what the cache row must report) every
 * replica checks: a few duplicate checks beat a silent status page. All replicas read the same rows.
 */
export function createStatusService(deps: StatusServiceDeps): StatusService {
  const { db, shared, logger } = deps;
  const now = deps.now ?? Date.now;
  const intervalMs = deps.intervalMs ?? STATUS_CHECK_INTERVAL_MS;
  let selfUrl: string | null = null;
  let running: Promise<CheckResult[]> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let scheduled: Promise<void> | null = null;
  let closed = false;
  let lastPrune = 0;
  let wanted = false;

  function check(): Promise<CheckResult[]> {
    running ??= (async () => {
      const results = await checkAll({ ...deps.probes, selfUrl: () => selfUrl });
      const checkedAt = new Date(now());
      await recordCheck(db, results, deps.replica, checkedAt);
      if (checkedAt.getTime() - lastPrune > 60 * 60_000) {
        lastPrune = checkedAt.getTime();
        await pruneChecks(db, checkedAt.getTime()).catch((error: unknown) => logger.warn({ err: error }, 'status checks not pruned'));
      }
      const bad = results.filter((result) => result.status !== 'operational');
      if (bad.length > 0) logger.warn({ services: bad.map(({ service, status, description }) => ({ service, status, description })) }, 'status check found services not operational');
      return results;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  async function claimed(): Promise<boolean> {
    const slot = Math.floor(now() / intervalMs);
    try {
      const { value } = await shared.counters.increment(claimKey(slot), { ttlMs: intervalMs * 2 });
      return value === 1;
    } catch {
      return true;
    }
  }

  async function scheduledCheck(): Promise<void> {
    if (closed || !(await claimed())) return;
    await check().then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, 'status check failed'),
    );
  }

  async function respond(rows: StoredCheck[] | CheckResult[], checkedAt?: Date): Promise<StatusResponse> {
    const stored = new Map<string, { status: ServiceStatus; description: string; responseTime: number | null; lastChecked: string }>();
    for (const row of rows) {
      const at = 'checkedAt' in row ? row.checkedAt : checkedAt!;
      stored.set(row.service, { status: row.status as ServiceStatus, description: row.description, responseTime: row.responseTimeMs, lastChecked: at.toISOString() });
    }
    const services = STATUS_SERVICES.map((id: StatusServiceId) => {
      const row = stored.get(id) ?? { status: 'down' as const, description: 'Not checked yet', responseTime: null, lastChecked: new Date(now()).toISOString() };
      return { id, name: STATUS_SERVICE_NAMES[id], ...row };
    });
    const replicas = await deps.replicas.live().catch(() => []);
    return {
      overall: overallStatus(services.map((service) => service.status)),
      services,
      checkedAt: services.reduce((latest, service) => (service.lastChecked > latest ? service.lastChecked : latest), services[0]!.lastChecked),
      replicas: replicas.map(({ metrics, lastSeen }) => ({ replica: metrics.replica, startedAt: metrics.startedAt, lastSeen: new Date(lastSeen).toISOString(), snapshotVersion: metrics.snapshotVersion ?? null })),
      checkIntervalMs: intervalMs,
    };
  }

  return {
    async refresh() {
      const results = await check();
      return respond(results, new Date(now()));
    },
    async current() {
      const rows = await latestChecks(db);
      if (rows.length < STATUS_SERVICES.length) {
        await check();
        return respond(await latestChecks(db));
      }
      return respond(rows);
    },
    async history() {
      const today = now();
      const from = today - (STATUS_UPTIME_DAYS - 1) * DAY_MS;
      const [daily, incidents] = await Promise.all([dailyCounts(db, utcDay(from)), incidentsSince(db, new Date(`${utcDay(from)}T00:00:00.000Z`))]);
      return {
        days: STATUS_UPTIME_DAYS,
        services: uptimeBars(daily, today, STATUS_UPTIME_DAYS),
        incidents: incidents
          .filter((incident) => (STATUS_SERVICES as readonly string[]).includes(incident.service))
          .map((incident) => ({
            id: incident.id,
            service: incident.service as StatusServiceId,
            serviceName: STATUS_SERVICE_NAMES[incident.service as StatusServiceId],
            status: incident.status as ServiceStatus,
            description: incident.description,
            startedAt: incident.startedAt.toISOString(),
            resolvedAt: incident.resolvedAt?.toISOString() ?? null,
          })),
      };
    },
    setSelfUrl(url) {
      selfUrl = url.replace(/\/+$/, '');
      if (wanted) this.start();
    },
    start() {
      wanted = true;
      // The website check goes through the network: the timer starts once this process listens.
      if (timer || closed || !selfUrl) return;
      const run = () => {
        scheduled ??= scheduledCheck().finally(() => {
          scheduled = null;
        });
      };
      run();
      timer = setInterval(run, intervalMs);
      timer.unref();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      timer = undefined;
      await scheduled;
      await running?.catch(() => undefined);
    },
  };
}
