import { z } from 'zod';

/*
 * The status page (spec §3, §4): the six services, their checks, uptime history and incidents.
 */

// ---------------------------------------------------------------- status page

/** §3 Status service statuses and the §4 overall rule. */
export const SERVICE_STATUSES = ['operational', 'degraded', 'down', 'maintenance'] as const;
export const ServiceStatusSchema = z.enum(SERVICE_STATUSES);
export type ServiceStatus = z.infer<typeof ServiceStatusSchema>;

/** The six services the status page lists, in order. */
export const STATUS_SERVICES = ['website', 'database', 'cache', 'engine', 'movie-data', 'knowledge-base'] as const;
export const StatusServiceIdSchema = z.enum(STATUS_SERVICES);
export type StatusServiceId = z.infer<typeof StatusServiceIdSchema>;
export const STATUS_SERVICE_NAMES: Record<StatusServiceId, string> = {
  website: 'Website & API',
  database: 'Database',
  cache: 'Cache & Realtime',
  engine: 'Connection Engine',
  'movie-data': 'Movie Data',
  'knowledge-base': 'Knowledge Base',
};
export const STATUS_CHECK_INTERVAL_MS = 60_000;
export const STATUS_CLOCK_TICK_MS = 30_000;
export const STATUS_UPTIME_DAYS = 90;

/** §3 Status service: `responseTime` is the measured round trip (null when it did not answer). */
export const StatusServiceSchema = z.object({
  id: StatusServiceIdSchema,
  name: z.string(),
  status: ServiceStatusSchema,
  description: z.string(),
  responseTime: z.number().nullable(),
  lastChecked: z.string(),
});
export type StatusServiceRow = z.infer<typeof StatusServiceSchema>;

/** Operational if all are, down if any is down, otherwise degraded (§4). */
export function overallStatus(statuses: readonly ServiceStatus[]): 'operational' | 'degraded' | 'down' {
  if (statuses.every((status) => status === 'operational')) return 'operational';
  if (statuses.some((status) => status === 'down')) return 'down';
  return 'degraded';
}

export const StatusReplicaSchema = z.object({ replica: z.string(), startedAt: z.string(), lastSeen: z.string(), snapshotVersion: z.string().nullable().optional() });

/** GET /api/status and POST /api/status/refresh (the latter checks again first). */
export const StatusResponseSchema = z.object({
  overall: z.enum(['operational', 'degraded', 'down']),
  services: z.array(StatusServiceSchema),
  checkedAt: z.string(),
  /** The app processes that reported in the last few minutes (every replica checks; all share the results). */
  replicas: z.array(StatusReplicaSchema),
  /** How often the server's own checker measures the services, in ms (STATUS_CHECK_INTERVAL_MS). */
  checkIntervalMs: z.number().int().positive(),
});
export type StatusResponse = z.infer<typeof StatusResponseSchema>;

/** "every minute", "every 30 seconds", "every 5 minutes": how often the checks run, in words. */
export function checkIntervalText(intervalMs: number): string {
  const seconds = Math.round(intervalMs / 1000);
  if (seconds % 60 !== 0) return seconds === 1 ? 'every second' : `every ${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? 'every minute' : `every ${minutes} minutes`;
}

/**
 * What the status page says about how it knows: the checks run inside the server (the app measures
 * its own database, cache, engine and sources, and calls its own website), not from outside it.
 */
export const statusCheckNote = (intervalMs: number): string =>
  `The server checks every service itself, ${checkIntervalText(intervalMs)}, from inside the app: the response times are measured, not estimated. An outage of the server itself shows here only once it is back.`;

/** One day of one service: the share of checks that found it operational (null: no checks that day). */
export const UptimeDaySchema = z.object({ date: z.string(), uptime: z.number().min(0).max(1).nullable(), worst: ServiceStatusSchema.nullable() });
export const IncidentSchema = z.object({
  id: z.number().int(),
  service: StatusServiceIdSchema,
  serviceName: z.string(),
  status: ServiceStatusSchema,
  description: z.string(),
  startedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Incident = z.infer<typeof IncidentSchema>;

/** GET /api/status/history: 90 days of uptime per service and the incidents of that span, newest first. */
export const StatusHistorySchema = z.object({
  days: z.number().int(),
  services: z.array(z.object({ id: StatusServiceIdSchema, name: z.string(), uptime: z.number().min(0).max(1).nullable(), days: z.array(UptimeDaySchema) })),
  incidents: z.array(IncidentSchema),
});
export type StatusHistory = z.infer<typeof StatusHistorySchema>;
