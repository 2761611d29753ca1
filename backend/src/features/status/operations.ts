import type { AdminMetrics, AdminSystem, HealthRow } from '@cinema-dna/shared-types';
import { machineLoad } from '../../platform/metrics/machine.js';
import type { ReplicaHeartbeat } from '../../platform/metrics/replicas.js';

/** The admin dashboard's operations views: the System tab and the live metrics. */
export interface OperationsService {
  adminSystem(): Promise<AdminSystem>;
  adminMetrics(): Promise<AdminMetrics>;
}

/** The dependency probes (the health feature's, wired in services.ts). */
export interface HealthRowsSource {
  healthRows(): Promise<HealthRow[]>;
}

export function createOperationsService(deps: { health: HealthRowsSource; heartbeat: ReplicaHeartbeat }): OperationsService {
  return {
    async adminSystem() {
      const [health, metrics] = await Promise.all([deps.health.healthRows(), deps.heartbeat.adminMetrics()]);
      return { health, ...machineLoad(), metrics };
    },
    adminMetrics: () => deps.heartbeat.adminMetrics(),
  };
}
