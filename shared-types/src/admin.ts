import { z } from 'zod';
import { EntityTypeSchema } from './entities.js';
import { text } from './text.js';
import { RoleSchema } from './users.js';

/*
 * The admin dashboard (spec §2 Admin dashboard, §6, §7, §8): users, searched connections, stats and
 * system health, live metrics, exports and the audit log. Every number here is measured.
 */

/** The spec's admin toasts, word for word (§8). */
export const ADMIN_TEXTS = {
  userUpdated: 'User updated successfully',
  userDeleted: 'User deleted successfully',
  connectionDeleted: 'Connection deleted successfully',
  cacheCleared: 'Cache cleared successfully',
  exportInitiated: 'Data export initiated',
  leaderboardsRebuilt: 'Leaderboards rebuilt successfully',
  reviewReported: 'Review reported. Thank you — a moderator will look at it.',
  reviewHidden: 'Review hidden',
  reviewRestored: 'Review restored',
  lastAdmin: 'The last administrator cannot be demoted, deactivated or deleted.',
  notYourself: 'You cannot demote, deactivate or delete your own account.',
} as const;

export const ADMIN_TABS = ['overview', 'users', 'connections', 'system', 'content'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

// ---------------------------------------------------------------- users

/** §3 Admin user. `lastActive` and `createdAt` are ISO instants. */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  level: z.number().int(),
  points: z.number().int(),
  role: RoleSchema,
  isActive: z.boolean(),
  lastActive: z.string(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_DEFAULT = 50;

/** GET /api/admin/users and /api/admin/connections: `search` filters (username or email; from or to entity id). */
export const AdminListQuerySchema = z.object({
  search: text().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminListQuery = z.infer<typeof AdminListQuerySchema>;

export const AdminUsersResponseSchema = z.object({ users: z.array(AdminUserSchema), total: z.number().int() });
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

export const AdminUserParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

/** PATCH /api/admin/users/{userId} (§7 "updates holding role or isActive"): at least one of them. */
export const AdminUserUpdateSchema = z
  .object({ role: RoleSchema.optional(), isActive: z.boolean().optional() })
  .strict()
  .refine((value) => value.role !== undefined || value.isActive !== undefined, { message: 'Give a role or isActive' });
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;

/**
 * What deleting a user does, counted before the dialog opens and again when it happens: `removed`
 * rows go (their diary, reviews, follows both ways, watchlist, saved connections, ledger rows,
 * badges, sessions, API keys, the activity items they made, their challenge attempts); `anonymised`
 * rows stay for the others who saw them, without the name.
 */
export const UserDeletionSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  removed: z.object({
    diaryEntries: z.number().int(),
    reviews: z.number().int(),
    follows: z.number().int(),
    watchlistItems: z.number().int(),
    savedConnections: z.number().int(),
    ledgerRows: z.number().int(),
    badges: z.number().int(),
    sessions: z.number().int(),
    apiKeys: z.number().int(),
    /** Feed items of their own moments (no feed reaches them once their follows go). */
    activityItems: z.number().int(),
    /** Their challenge attempts (boards derive from the ledger, so nobody else's standing keeps them). */
    challengeAttempts: z.number().int(),
  }),
  anonymised: z.object({
    /** Feed items of others that named them ("X followed …"), kept as "a deleted member". */
    activityItems: z.number().int(),
    /** Admin actions they took stay in the audit log without their name. */
    auditEntries: z.number().int(),
  }),
});
export type UserDeletion = z.infer<typeof UserDeletionSchema>;

// ---------------------------------------------------------------- connections

/** An entity as the admin tables show it. */
export const AdminEntityRefSchema = z.object({ id: z.string(), type: EntityTypeSchema, name: z.string() });
export type AdminEntityRef = z.infer<typeof AdminEntityRefSchema>;

/**
 * §3 Admin connection: a searched pair, recorded from `connection.found` (one row per from → to).
 * `degrees` is the path length (null: no connection within six); `path` the entities of the last answer.
 */
export const AdminConnectionSchema = z.object({
  id: z.number().int(),
  fromEntityId: z.string(),
  toEntityId: z.string(),
  fromEntityName: z.string(),
  toEntityName: z.string(),
  fromEntityType: EntityTypeSchema,
  toEntityType: EntityTypeSchema,
  degrees: z.number().int().nullable(),
  path: z.array(AdminEntityRefSchema),
  searchCount: z.number().int(),
  createdAt: z.string(),
  lastSearchedAt: z.string(),
});
export type AdminConnection = z.infer<typeof AdminConnectionSchema>;

export const AdminConnectionsResponseSchema = z.object({ connections: z.array(AdminConnectionSchema), total: z.number().int() });
export type AdminConnectionsResponse = z.infer<typeof AdminConnectionsResponseSchema>;

export const AdminConnectionParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// ---------------------------------------------------------------- stats and system

/** §3 systemHealth values, plus `not_configured` (no key or URL set: a state, not an error). */
export const DependencyHealthSchema = z.enum(['healthy', 'warning', 'error', 'not_configured']);
export type DependencyHealth = z.infer<typeof DependencyHealthSchema>;

export const SystemHealthSchema = z.object({
  database: DependencyHealthSchema,
  tmdbApi: DependencyHealthSchema,
  wikidataApi: DependencyHealthSchema,
  /** 1-minute load average / cores of the machine that answered, 0..1 (capped). */
  serverLoad: z.number().min(0).max(1),
  /** Memory in use / total of the machine that answered, 0..1. */
  memoryUsage: z.number().min(0).max(1),
});
export type SystemHealth = z.infer<typeof SystemHealthSchema>;

/** §3 Admin stats. Daily active users: distinct users seen (requests or sign-ins) in the last 24 hours. */
export const AdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  dailyActiveUsers: z.number().int(),
  totalConnections: z.number().int(),
  totalSearches: z.number().int(),
  systemHealth: SystemHealthSchema,
  topConnections: z.array(
    z.object({ id: z.number().int(), fromEntity: AdminEntityRefSchema, toEntity: AdminEntityRefSchema, searchCount: z.number().int() }),
  ),
  recentUsers: z.array(z.object({ id: z.number().int(), username: z.string(), level: z.number().int(), points: z.number().int(), lastActive: z.string() })),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
export const ADMIN_TOP_CONNECTIONS = 10;
export const ADMIN_RECENT_USERS = 10;

/** One health row of the System tab: a real round trip's latency, or why there is none. */
export const HealthRowSchema = z.object({
  name: z.string(),
  status: DependencyHealthSchema,
  latencyMs: z.number().nullable(),
  detail: z.string(),
});
export type HealthRow = z.infer<typeof HealthRowSchema>;

/** Live numbers of one app process, over the last window (a few seconds). */
export const ReplicaMetricsSchema = z.object({
  /** host:pid, stable while the process lives. */
  replica: z.string(),
  startedAt: z.string(),
  /** When these numbers were measured. */
  at: z.string(),
  /** The catalog version of the graph snapshot this replica serves (a new import rolls it out to every replica). */
  snapshotVersion: z.string().nullable().optional(),
  requestsPerSecond: z.number(),
  latencyMs: z.object({ p50: z.number().nullable(), p95: z.number().nullable(), p99: z.number().nullable() }),
  /** 5xx answers / all answers in the window, 0..1. */
  errorRate: z.number(),
  eventLoopDelayP99Ms: z.number(),
  sockets: z.number().int(),
  rooms: z.number().int(),
  searchesPerMinute: z.number(),
  /** The connection engine's p99 over the window (searches answered by the engine, not the cache). */
  engineP99Ms: z.number().nullable(),
  /** Cache hits / lookups of connection searches in the window, 0..1; null without lookups. */
  cacheHitRate: z.number().nullable(),
  memoryRssBytes: z.number(),
  serverLoad: z.number(),
  memoryUsage: z.number(),
});
export type ReplicaMetrics = z.infer<typeof ReplicaMetricsSchema>;

/** `admin:metrics`, pushed every few seconds to the admin:metrics room: every live replica (through Redis) and the totals. */
export const AdminMetricsSchema = z.object({
  at: z.string(),
  replicas: z.array(ReplicaMetricsSchema),
  total: z.object({
    requestsPerSecond: z.number(),
    errorRate: z.number(),
    sockets: z.number().int(),
    rooms: z.number().int(),
    searchesPerMinute: z.number(),
  }),
  /** Domain events not yet delivered to every subscriber (the outbox, shared by all replicas). */
  outboxBacklog: z.number().int(),
});
export type AdminMetrics = z.infer<typeof AdminMetricsSchema>;
export const ADMIN_METRICS_INTERVAL_MS = 3_000;
export const ADMIN_METRICS_ROOM = 'admin:metrics';

/** GET /api/admin/system: the System tab. */
export const AdminSystemSchema = z.object({
  health: z.array(HealthRowSchema),
  serverLoad: z.number().min(0).max(1),
  memoryUsage: z.number().min(0).max(1),
  metrics: AdminMetricsSchema,
});
export type AdminSystem = z.infer<typeof AdminSystemSchema>;

/** POST /api/admin/clear-cache and /api/admin/rebuild-leaderboards answers. */
export const AdminOperationResultSchema = z.object({ success: z.literal(true), message: z.string(), count: z.number().int() });
export type AdminOperationResult = z.infer<typeof AdminOperationResultSchema>;

export const EXPORT_KINDS = ['all', 'users', 'connections'] as const;
export const ExportKindSchema = z.enum(EXPORT_KINDS);
export type ExportKind = z.infer<typeof ExportKindSchema>;
/** GET /api/admin/export/{kind}?format=csv|json: streamed as a download (never built in memory). */
export const AdminExportParamsSchema = z.object({ kind: ExportKindSchema });
export const AdminExportQuerySchema = z.object({ format: z.enum(['csv', 'json']).default('csv') });

// ---------------------------------------------------------------- audit log

/** Every admin and moderator action: who, what, target, before → after, when. */
export const AUDIT_ACTIONS = [
  'user.updated',
  'user.deleted',
  'connection.deleted',
  'cache.cleared',
  'leaderboards.rebuilt',
  'data.exported',
  'review.hidden',
  'review.restored',
  'contact.updated',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** null once the actor's account is deleted (the row stays). */
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  action: AuditActionSchema,
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
  before: z.coerce.number().int().positive().optional(),
});
export const AuditResponseSchema = z.object({ entries: z.array(AuditEntrySchema), nextBefore: z.number().int().nullable() });
export type AuditResponse = z.infer<typeof AuditResponseSchema>;
