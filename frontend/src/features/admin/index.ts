export { ConnectionsTab } from './components/connections-tab';
export { ContentTab } from './components/content-tab';
export { OverviewTab } from './components/overview-tab';
export { SystemTab } from './components/system-tab';
export { UsersTab } from './components/users-tab';
export { ADMIN_SEARCH_DEBOUNCE_MS } from './hooks/use-paged-search';
export { ADMIN_QUERY_ROOT, adminQueryKeys } from './api/query-keys';
