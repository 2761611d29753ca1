import type { Logger } from '../logging.js';
import { createMemorySharedState } from './memory.js';
import { createRedisSharedState } from './redis.js';
import type { SharedState } from './types.js';

export type * from './types.js';
export { createMemorySharedState } from './memory.js';
export { createRedisSharedState, type RedisSharedState } from './redis.js';
export { SharedStateUnavailableError, isSharedStateUnavailable } from './unavailable.js';

/**
 * Redis when a URL is given (and reachable: an unreachable Redis is a start-up failure), in-process
 * otherwise, holding at most `memoryMaxEntries` of each structure.
 */
export async function openSharedState(options: { url?: string; keyPrefix?: string; logger?: Logger; memoryMaxEntries?: number; commandTimeoutMs?: number }): Promise<SharedState> {
  if (!options.url) return createMemorySharedState({ maxEntries: options.memoryMaxEntries });
  return createRedisSharedState({ url: options.url, keyPrefix: options.keyPrefix, logger: options.logger, commandTimeoutMs: options.commandTimeoutMs });
}
