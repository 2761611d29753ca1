import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Each check of each service (every 60 s); pruned after a week (the daily rows keep the history). */
export const statusChecks = pgTable(
  'status_checks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    service: text('service').notNull(),
    status: text('status').notNull(),
    responseTimeMs: real('response_time_ms'),
    description: text('description').notNull(),
    /** The app process that checked (host:pid). */
    replica: text('replica').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('status_checks_service_idx').on(table.service, table.checkedAt)],
);

/** One row per service and UTC day: how many checks found it in each state (the 90-day uptime bars). */
export const statusDaily = pgTable(
  'status_daily',
  {
    service: text('service').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    checks: integer('checks').notNull().default(0),
    operational: integer('operational').notNull().default(0),
    degraded: integer('degraded').notNull().default(0),
    down: integer('down').notNull().default(0),
    maintenance: integer('maintenance').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.service, table.day] })],
);

/** A service found degraded or down opens an incident; the first check that finds it operational closes it. */
export const statusIncidents = pgTable(
  'status_incidents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    service: text('service').notNull(),
    /** The worst status seen while it was open. */
    status: text('status').notNull(),
    description: text('description').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    // At most one open incident per service, whichever replica noticed first.
    uniqueIndex('status_incidents_open_idx').on(table.service).where(sql`${table.resolvedAt} is null`),
    index('status_incidents_started_idx').on(table.startedAt),
  ],
);
