import type { AdminStats, AdminSystem, AdminUser, InboxMessage, ReportedReview, StatusHistory, StatusResponse, StatusServiceRow, UserDeletion } from '@cinema-dna/shared-types';
import { STATUS_SERVICES, STATUS_SERVICE_NAMES } from '@cinema-dna/shared-types';

/** Signed-in users of each role, as the auth store holds them. */
const member = { displayName: '', email: '', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 3, points: 400 };
export const adminUser = { ...member, id: 1, username: 'root', displayName: 'Root', email: 'root@example.com', role: 'admin' as const };
export const moderatorUser = { ...member, id: 2, username: 'mod', displayName: 'Mod', email: 'mod@example.com', role: 'moderator' as const };
export const plainUser = { ...member, id: 3, username: 'ada', displayName: 'Ada', email: 'ada@example.com', role: 'user' as const };

export function adminUserRow(id: number, username: string, patch: Partial<AdminUser> = {}): AdminUser {
  return { id, username, email: `${username}@example.com`, level: 2, points: 150, role: 'user', isActive: true, lastActive: '2026-11-26T10:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z', ...patch };
}

export const stats: AdminStats = {
  totalUsers: 1234,
  dailyActiveUsers: 56,
  totalConnections: 789,
  totalSearches: 4321,
  systemHealth: { database: 'healthy', tmdbApi: 'not_configured', wikidataApi: 'not_configured', serverLoad: 0.25, memoryUsage: 0.5 },
  topConnections: [
    { id: 9, fromEntity: { id: 'kevin-bacon', type: 'person', name: 'Kevin Bacon' }, toEntity: { id: 'tom-hanks', type: 'person', name: 'Tom Hanks' }, searchCount: 42 },
  ],
  recentUsers: [{ id: 5, username: 'grace', level: 4, points: 900, lastActive: '2026-11-27T09:00:00.000Z' }],
};

export const deletion: UserDeletion = {
  userId: 5,
  username: 'grace',
  removed: { diaryEntries: 7, reviews: 3, follows: 4, watchlistItems: 2, savedConnections: 6, ledgerRows: 21, badges: 5, sessions: 2, apiKeys: 1, activityItems: 9, challengeAttempts: 8 },
  anonymised: { activityItems: 11, auditEntries: 0 },
};

export function replica(name: string, patch: Partial<AdminSystem['metrics']['replicas'][number]> = {}): AdminSystem['metrics']['replicas'][number] {
  return {
    replica: name,
    startedAt: '2026-11-27T08:00:00.000Z',
    at: '2026-11-27T14:00:00.000Z',
    requestsPerSecond: 12.5,
    latencyMs: { p50: 3.2, p95: 18, p99: 42.7 },
    errorRate: 0.001,
    eventLoopDelayP99Ms: 11.5,
    sockets: 3,
    rooms: 5,
    searchesPerMinute: 4,
    engineP99Ms: 9.1,
    cacheHitRate: 0.75,
    memoryRssBytes: 150 * 1_048_576,
    serverLoad: 0.3,
    memoryUsage: 0.6,
    ...patch,
  };
}

export const system: AdminSystem = {
  health: [
    { name: 'Database', status: 'healthy', latencyMs: 1.4, detail: 'PostgreSQL 17 answered SELECT 1' },
    { name: 'Movie API', status: 'not_configured', latencyMs: null, detail: 'No TMDB_API_KEY set' },
    { name: 'Knowledge-base API', status: 'not_configured', latencyMs: null, detail: 'No Wikidata endpoint set' },
  ],
  serverLoad: 0.3,
  memoryUsage: 0.6,
  metrics: {
    at: '2026-11-27T14:00:00.000Z',
    replicas: [replica('app-1:101'), replica('app-2:202')],
    total: { requestsPerSecond: 25, errorRate: 0.001, sockets: 6, rooms: 10, searchesPerMinute: 8 },
    outboxBacklog: 0,
  },
};

export function reportedReview(reviewId: number, patch: Partial<ReportedReview> = {}): ReportedReview {
  return {
    reviewId,
    title: 'Buy cheap pills',
    content: 'Visit my site',
    rating: 1,
    entity: { id: 'heat-1995', type: 'movie', name: 'Heat' },
    author: { id: 8, username: 'spammer' },
    createdAt: '2026-11-26T10:00:00.000Z',
    hidden: false,
    reportCount: 2,
    reasons: [{ reason: 'spam', count: 2 }],
    notes: ['Clearly an ad'],
    lastReportedAt: '2026-11-27T10:00:00.000Z',
    ...patch,
  };
}

export function inboxMessage(id: number, patch: Partial<InboxMessage> = {}): InboxMessage {
  return { id, name: 'Lin', email: 'lin@example.com', subject: 'Wrong poster', category: 'data', message: 'The poster of Heat is wrong.', createdAt: '2026-11-27T09:00:00.000Z', readAt: null, answeredAt: null, ...patch };
}

/** A status answer: every service operational unless `statuses` says otherwise. */
export function statusResponse(checkedAt: string, patch: Partial<Record<(typeof STATUS_SERVICES)[number], Partial<StatusServiceRow>>> = {}): StatusResponse {
  const services = STATUS_SERVICES.map((id, index) => ({
    id,
    name: STATUS_SERVICE_NAMES[id],
    status: 'operational' as const,
    description: `${STATUS_SERVICE_NAMES[id]} answered`,
    responseTime: 10 + index,
    lastChecked: checkedAt,
    ...patch[id],
  }));
  return { overall: 'operational', services, checkedAt, replicas: [{ replica: 'app-1:101', startedAt: checkedAt, lastSeen: checkedAt }], checkIntervalMs: 60_000 };
}

export function statusHistory(): StatusHistory {
  const days = Array.from({ length: 90 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 27) - (89 - index) * 86_400_000).toISOString().slice(0, 10);
    return { date, uptime: index < 80 ? null : index === 88 ? 0.5 : 1, worst: index < 80 ? null : index === 88 ? ('down' as const) : ('operational' as const) };
  });
  return {
    days: 90,
    services: STATUS_SERVICES.map((id) => ({ id, name: STATUS_SERVICE_NAMES[id], uptime: id === 'cache' ? 0.95 : 1, days })),
    incidents: [
      { id: 1, service: 'cache', serviceName: 'Cache & Realtime', status: 'down', description: 'Redis did not answer', startedAt: '2026-11-26T10:00:00.000Z', resolvedAt: '2026-11-26T10:05:00.000Z' },
      { id: 2, service: 'movie-data', serviceName: 'Movie Data', status: 'degraded', description: 'Slow answers', startedAt: '2026-11-27T13:00:00.000Z', resolvedAt: null },
    ],
  };
}
