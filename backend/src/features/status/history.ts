import { STATUS_SERVICE_NAMES, STATUS_SERVICES, type ServiceStatus, type StatusServiceId } from '@cinema-dna/shared-types';
import { utcDay } from '../../platform/time.js';

/** One status_daily row: how many checks found the service in each state that UTC day. */
export interface DailyCounts {
  service: string;
  day: string;
  checks: number;
  operational: number;
  degraded: number;
  down: number;
  maintenance: number;
}

export const DAY_MS = 24 * 60 * 60_000;
export { utcDay };

/** The worst state of a day (down > degraded > maintenance > operational); null without checks. */
export function worstOf(row: Pick<DailyCounts, 'checks' | 'operational' | 'degraded' | 'down' | 'maintenance'> | undefined): ServiceStatus | null {
  if (!row || row.checks === 0) return null;
  if (row.down > 0) return 'down';
  if (row.degraded > 0) return 'degraded';
  if (row.maintenance > 0) return 'maintenance';
  return 'operational';
}

/**
 * The uptime bars: `days` UTC days ending today (oldest first), each the share of that day's checks
 * that found the service operational (null: no checks that day), and the share over the whole span.
 */
export function uptimeBars(rows: readonly DailyCounts[], today: number, days: number) {
  const byKey = new Map(rows.map((row) => [`${row.service}|${row.day}`, row]));
  const dates = Array.from({ length: days }, (_, i) => utcDay(today - (days - 1 - i) * DAY_MS));
  return STATUS_SERVICES.map((id: StatusServiceId) => {
    let checks = 0;
    let operational = 0;
    const bars = dates.map((date) => {
      const row = byKey.get(`${id}|${date}`);
      if (row && row.checks > 0) {
        checks += row.checks;
        operational += row.operational;
      }
      return { date, uptime: row && row.checks > 0 ? round4(row.operational / row.checks) : null, worst: worstOf(row) };
    });
    return { id, name: STATUS_SERVICE_NAMES[id], uptime: checks > 0 ? round4(operational / checks) : null, days: bars };
  });
}
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** An open incident as stored. */
export interface OpenIncident {
  id: number;
  service: string;
  status: ServiceStatus;
}

export interface IncidentChanges {
  /** Services found degraded or down with no open incident: open one. */
  open: Array<{ service: StatusServiceId; status: ServiceStatus; description: string }>;
  /** Open incidents whose service got worse (degraded → down): their status becomes the worst seen. */
  worsen: Array<{ id: number; status: ServiceStatus }>;
  /** Open incidents whose service is operational again: resolved at the check's time. */
  close: number[];
}

const SEVERITY: Record<ServiceStatus, number> = { operational: 0, maintenance: 1, degraded: 2, down: 3 };

/** What one check's results do to the incidents: a service not operational opens one, its recovery closes it. */
export function incidentChanges(results: ReadonlyArray<{ service: StatusServiceId; status: ServiceStatus; description: string }>, open: readonly OpenIncident[]): IncidentChanges {
  const openBy = new Map(open.map((incident) => [incident.service, incident]));
  const changes: IncidentChanges = { open: [], worsen: [], close: [] };
  for (const result of results) {
    const incident = openBy.get(result.service);
    if (result.status === 'operational') {
      if (incident) changes.close.push(incident.id);
    } else if (!incident) {
      changes.open.push({ service: result.service, status: result.status, description: result.description });
    } else if (SEVERITY[result.status] > SEVERITY[incident.status]) {
      changes.worsen.push({ id: incident.id, status: result.status });
    }
  }
  return changes;
}
