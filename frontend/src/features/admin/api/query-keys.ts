/** Every admin query starts with this, so an action can refresh what it changed. */
export const ADMIN_QUERY_ROOT = 'admin';

export const adminQueryKeys = {
  stats: () => [ADMIN_QUERY_ROOT, 'stats'] as const,
  usersRoot: () => [ADMIN_QUERY_ROOT, 'users'] as const,
  users: (search: string, offset: number) => [ADMIN_QUERY_ROOT, 'users', search, offset] as const,
  deletion: (userId: number) => [ADMIN_QUERY_ROOT, 'deletion', userId] as const,
  connectionsRoot: () => [ADMIN_QUERY_ROOT, 'connections'] as const,
  connections: (search: string, offset: number) => [ADMIN_QUERY_ROOT, 'connections', search, offset] as const,
  system: () => [ADMIN_QUERY_ROOT, 'system'] as const,
  audit: () => [ADMIN_QUERY_ROOT, 'audit'] as const,
  reportsRoot: () => [ADMIN_QUERY_ROOT, 'reports'] as const,
  reports: (state: string) => [ADMIN_QUERY_ROOT, 'reports', state] as const,
  inboxRoot: () => [ADMIN_QUERY_ROOT, 'inbox'] as const,
  inbox: (state: string) => [ADMIN_QUERY_ROOT, 'inbox', state] as const,
};

/** The `search` and `offset` of a paged admin table's query (either left out when empty or zero). */
export function pageQuery(search: string, offset: number): { search?: string; offset?: number } {
  return { search: search || undefined, offset: offset > 0 ? offset : undefined };
}
