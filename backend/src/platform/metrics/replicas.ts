import { ADMIN_METRICS_INTERVAL_MS, ReplicaMetricsSchema, type AdminMetrics, type ReplicaMetrics } from '@cinema-dna/shared-types';
import type { SharedState } from '../cache/types.js';
import type { Logger } from '../logging.js';
import type { Metrics } from './index.js';

/**
 * Every app process publishes its live numbers into shared state every interval (Redis with
 * replicas, in-process otherwise): a key per replica (`ops:replica:<host:pid>`, expiring after three
 * intervals) and its last heartbeat in a sorted set. A replica that stops publishing drops out of
 * the admin metrics and the status page's replicas within three intervals.
 */
export const REPLICAS_KEY = 'ops:replicas';
const replicaKey = (replica: string) => `ops:replica:${replica}`;
/** Heartbeats older than this are pruned from the set (their keys expired long before). */
const PRUNE_AFTER_MS = 60 * 60_000;
const MAX_REPLICAS = 256;

export interface LiveReplica {
  metrics: ReplicaMetrics;
  lastSeen: number;
}

export interface ReplicaHeartbeat {
  /** Publishes now, then every interval; each tick's listeners run after the publish. */
  start(): void;
  stop(): Promise<void>;
  /** Publishes this process's numbers now. */
  publish(): Promise<ReplicaMetrics>;
  /** Every replica that published within three intervals (this one with its numbers as of now). */
  live(): Promise<LiveReplica[]>;
  /** The admin:metrics view: every live replica, their totals, and the outbox backlog. */
  adminMetrics(): Promise<AdminMetrics>;
  /** Called after every tick's publish (the admin:metrics push). Returns the unsubscribe. */
  onTick(listener: () => void | Promise<void>): () => void;
}

export interface HeartbeatOptions {
  metrics: Metrics;
  shared: SharedState;
  logger: Logger;
  outboxBacklog: () => Promise<number>;
  intervalMs?: number;
  now?: () => number;
}

export function createReplicaHeartbeat(options: HeartbeatOptions): ReplicaHeartbeat {
  const { metrics, shared, logger } = options;
  const intervalMs = options.intervalMs ?? ADMIN_METRICS_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const ttlMs = intervalMs * 3;
  const listeners = new Set<() => void | Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | null = null;

  async function publish(): Promise<ReplicaMetrics> {
    const snapshot = metrics.snapshot();
    await shared.kv.set(replicaKey(metrics.replica), JSON.stringify(snapshot), ttlMs);
    await shared.sortedSets.setMany(REPLICAS_KEY, [{ member: metrics.replica, score: now() }]);
    return snapshot;
  }

  async function live(): Promise<LiveReplica[]> {
    const own: LiveReplica = { metrics: metrics.snapshot(), lastSeen: now() };
    let members: Array<{ member: string; score: number }>;
    try {
      members = await shared.sortedSets.range(REPLICAS_KEY, 0, MAX_REPLICAS - 1);
    } catch (error) {
      // Shared state unreachable: this process still knows itself.
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'replica heartbeats unreadable');
      return [own];
    }
    const fresh = members.filter(({ member, score }) => member !== metrics.replica && score >= now() - ttlMs);
    for (const { member, score } of members) {
      if (score < now() - PRUNE_AFTER_MS) await shared.sortedSets.remove(REPLICAS_KEY, member).catch(() => {});
    }
    const others = await Promise.all(
      fresh.map(async ({ member, score }): Promise<LiveReplica | null> => {
        const raw = await shared.kv.get(replicaKey(member)).catch(() => null);
        if (!raw) return null;
        const parsed = ReplicaMetricsSchema.safeParse(JSON.parse(raw));
        return parsed.success ? { metrics: parsed.data, lastSeen: score } : null;
      }),
    );
    return [own, ...others.filter((each): each is LiveReplica => each !== null)].sort((a, b) => a.metrics.replica.localeCompare(b.metrics.replica));
  }

  async function tick(): Promise<void> {
    try {
      await publish();
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'replica metrics not published');
    }
    for (const listener of listeners) {
      try {
        await listener();
      } catch (error) {
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'metrics tick listener failed');
      }
    }
  }

  return {
    start() {
      if (timer) return;
      const run = () => {
        ticking ??= tick().finally(() => {
          ticking = null;
        });
      };
      run();
      timer = setInterval(run, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await ticking;
      await shared.sortedSets.remove(REPLICAS_KEY, metrics.replica).catch(() => {});
      await shared.kv.delete(replicaKey(metrics.replica)).catch(() => {});
    },
    publish,
    live,
    async adminMetrics() {
      const [replicas, outboxBacklog] = await Promise.all([live(), options.outboxBacklog().catch(() => 0)]);
      const list = replicas.map((each) => each.metrics);
      const requests = list.reduce((sum, each) => sum + each.requestsPerSecond, 0);
      const errors = list.reduce((sum, each) => sum + each.errorRate * each.requestsPerSecond, 0);
      const round = (value: number) => Math.round(value * 1000) / 1000;
      return {
        at: new Date(now()).toISOString(),
        replicas: list,
        total: {
          requestsPerSecond: round(requests),
          errorRate: requests > 0 ? round(errors / requests) : 0,
          sockets: list.reduce((sum, each) => sum + each.sockets, 0),
          rooms: list.reduce((sum, each) => sum + each.rooms, 0),
          searchesPerMinute: round(list.reduce((sum, each) => sum + each.searchesPerMinute, 0)),
        },
        outboxBacklog,
      };
    },
    onTick(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
