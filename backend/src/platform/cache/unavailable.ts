import type { Logger } from '../logging.js';

/**
 * What every shared-state call rejects with while its backing store (Redis) cannot answer: the
 * server is down or restarting, the connection is gone, or a command got no answer within
 * REDIS_COMMAND_TIMEOUT_MS (a hung server). Callers that can serve without the store catch it and
 * degrade (boards answer their last rows, rate limits fall back); anywhere else the error handler
 * answers it as 503 SERVICE_UNAVAILABLE, never as a 500. Other failures (a command Redis refuses
 * as wrong) are bugs and stay what they are.
 */
export class SharedStateUnavailableError extends Error {
  override name = 'SharedStateUnavailableError';
}

export const isSharedStateUnavailable = (error: unknown): error is SharedStateUnavailableError => error instanceof SharedStateUnavailableError;

/**
 * Logs an outage once as it begins and once as it ends, however many calls meet it in between
 * (during an outage every request would otherwise log the same line).
 */
export function outageLog(logger: Logger | undefined, fields: Record<string, unknown>, messages: { failed: string; recovered: string }) {
  let failing = false;
  return {
    failed(error: unknown) {
      if (failing) return;
      failing = true;
      logger?.warn({ ...fields, err: error instanceof Error ? error.message : String(error) }, messages.failed);
    },
    /** True when this ends an outage. */
    recovered(): boolean {
      if (!failing) return false;
      failing = false;
      logger?.info(fields, messages.recovered);
      return true;
    },
  };
}
