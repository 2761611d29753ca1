import { ADMIN_METRICS_ROOM, AdminWatchSchema, EVENTS } from '@cinema-dna/shared-types';
import type { UserDirectory } from '../../platform/auth/types.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import type { ReplicaHeartbeat } from '../../platform/metrics/replicas.js';
import { command, type RealtimeServer, type RealtimeSocket } from '../../platform/realtime.js';
import type { OperationsService } from './operations.js';

const forbidden = () => new AppError(403, 'FORBIDDEN', 'Live metrics are for administrators only');

/**
 * admin:watch / admin:unwatch, and the admin:metrics push. Who may watch is read from the database
 * at every watch (a demoted or deactivated admin's socket is refused at once, whatever its session
 * said at the handshake).
 *
 * One message per interval per watcher, with any number of replicas: each process pushes the
 * aggregated view (every replica, read from shared state) to its own sockets only (`io.local`),
 * right after publishing its own numbers; a watcher's socket lives on exactly one process.
 */
export function registerAdminMetricsEvents(deps: { operations: OperationsService; users: Pick<UserDirectory, 'findById'>; logger: Logger }) {
  const { operations, users, logger } = deps;
  return (_io: RealtimeServer, socket: RealtimeSocket) => {
    socket.on(
      EVENTS.adminWatch,
      command(logger, AdminWatchSchema, async () => {
        const userId = socket.data.userId;
        const user = userId === undefined ? null : await users.findById(userId);
        if (!user || !user.isActive || user.role !== 'admin') throw forbidden();
        await socket.join(ADMIN_METRICS_ROOM);
        return operations.adminMetrics();
      }),
    );
    socket.on(
      EVENTS.adminUnwatch,
      command(logger, AdminWatchSchema, async () => {
        await socket.leave(ADMIN_METRICS_ROOM);
        return { watching: false };
      }),
    );
  };
}

/** Pushes admin:metrics to this process's watching sockets after every heartbeat, while anyone watches. */
export function startAdminMetricsPush(deps: { operations: OperationsService; heartbeat: ReplicaHeartbeat; logger: Logger }) {
  return (io: RealtimeServer) => {
    deps.heartbeat.onTick(async () => {
      const watchers = io.of('/').adapter.rooms.get(ADMIN_METRICS_ROOM)?.size ?? 0;
      if (watchers === 0) return;
      io.local.to(ADMIN_METRICS_ROOM).emit(EVENTS.adminMetrics, await deps.operations.adminMetrics());
    });
  };
}
