import { randomUUID } from 'node:crypto';
import { EVENTS, SearchCancelSchema, SearchStartSchema, type ApiError } from '@cinema-dna/shared-types';
import { SearchCancelledError } from '../../graph/errors.js';
import { toApiError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import { clientIdentity, rateLimitedError, type RateLimiter } from '../../platform/rate-limit.js';
import { command, type RealtimeServer, type RealtimeSocket } from '../../platform/realtime.js';
import type { ConnectionService } from './service.js';

/** Entities per progress sample: enough to animate a layer, small enough to stream. */
const PROGRESS_SAMPLE = 6;

/**
 * Live search: `search:start` is acknowledged with a request id at once; the search then streams
 * `search:progressed` per layer and ends with `search:completed` or `search:failed`, to this socket
 * only. A search answered from the cache replays its stored layers the same way, with
 * `cached: true` on the result. One search per socket: a new one, `search:cancel` or a disconnect cancels the running one.
 */
export function registerSearchEvents(deps: { service: ConnectionService; logger: Logger; findLimiter: RateLimiter }) {
  const { service, logger, findLimiter } = deps;
  return (_io: RealtimeServer, socket: RealtimeSocket) => {
    let running: { requestId: string; controller: AbortController } | null = null;
    const cancelRunning = () => {
      running?.controller.abort();
      running = null;
    };

    socket.on(
      EVENTS.searchStart,
      command(logger, SearchStartSchema, async (request) => {
        // The same limit as the REST path, counted per user when signed in (else per client IP) and per socket.
        const client = clientIdentity({ userId: socket.data.userId, ip: socket.data.clientIp });
        for (const identity of [client, `socket:${socket.id}`]) {
          const decision = await findLimiter.hit(identity);
          if (!decision.allowed) throw rateLimitedError(decision, findLimiter.rule);
        }
        cancelRunning();
        const requestId = randomUUID();
        const controller = new AbortController();
        running = { requestId, controller };
        const fail = (error: ApiError) => socket.emit(EVENTS.searchFailed, { requestId, error });
        // Answer the ack first; the search runs after it so events never precede their request id.
        setImmediate(() => {
          service
            .find(request, {
              actor: socket.data.userId ?? null,
              signal: controller.signal,
              sampleSize: PROGRESS_SAMPLE,
              // Fresh layers as the engine reaches them; on a cache hit, the layers the answer was found with.
              onLayer: (layer) => {
                if (!controller.signal.aborted) socket.emit(EVENTS.searchProgressed, { requestId, ...layer });
              },
            })
            .then(
              (result) => {
                if (!controller.signal.aborted) socket.emit(EVENTS.searchCompleted, { requestId, result });
              },
              (error: unknown) => {
                if (error instanceof SearchCancelledError || controller.signal.aborted) return;
                const { status, body } = toApiError(error);
                if (status >= 500) logger.error({ err: error, requestId }, 'live search failed');
                fail(body);
              },
            )
            .finally(() => {
              if (running?.requestId === requestId) running = null;
            });
        });
        return { requestId };
      }),
    );

    socket.on(
      EVENTS.searchCancel,
      command(logger, SearchCancelSchema, ({ requestId }) => {
        const cancelled = running?.requestId === requestId;
        if (cancelled) cancelRunning();
        return { cancelled };
      }),
    );

    socket.on('disconnect', cancelRunning);
  };
}
