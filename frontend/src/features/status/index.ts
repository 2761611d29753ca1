export { STATUS_QUERY_ROOT, statusQueryKeys, useStatus, useStatusHistory } from './api/status';
export { OVERALL_TEXTS, StatusBoard, formatClock } from './components/status-board';
export { UptimeHistory, dayLabel, formatUptime } from './components/uptime-history';
