import { isIPv6 } from 'node:net';
import { RACE_CLOCK_READS_PER_10_SECONDS, RACE_COMMANDS_PER_10_SECONDS, RACE_MOVES_PER_MINUTE, RACE_WRONG_CODES_PER_MINUTE } from '@cinema-dna/shared-types';
import type { Counters } from '../../../platform/cache/types.js';
import { AppError } from '../../../platform/errors.js';
import type { Logger } from '../../../platform/logging.js';
import { createFailureLimiter, createRateLimiter, perMinute, type FailureIdentity } from '../../../platform/rate-limit.js';

/** A lookup that found no room: the only answer that tells a guesser anything. */
export const isWrongCode = (error: unknown) => error instanceof AppError && error.code === 'NOT_FOUND';

/**
 * The race limits, on the shared counters so every process counts together. Each falls back to
 * counting on its own process while Redis cannot answer (`local`): races go on through an outage
 * (their rooms are in PostgreSQL), and the bounds still hold per process. Closed would refuse every
 * join, resync and room read for the outage; open would let guessing run at full speed.
 */
export function createRaceLimits(counters: Counters, logger?: Logger) {
  return {
    /** Moves and undos per player a minute. */
    move: createRateLimiter(counters, perMinute('race-move', RACE_MOVES_PER_MINUTE, 'local'), logger),
    /** join, leave, ready, start, rematch, give-up and resync per player (per address when signed out): each may broadcast to the room. */
    command: createRateLimiter(counters, { name: 'race-command', limit: RACE_COMMANDS_PER_10_SECONDS, windowMs: 10_000, whenUnavailable: 'local' }, logger),
    /** `race:clock` readings per player (per address when signed out). */
    clock: createRateLimiter(counters, { name: 'race-clock', limit: RACE_CLOCK_READS_PER_10_SECONDS, windowMs: 10_000, whenUnavailable: 'local' }, logger),
    /** Wrong codes per socket, per user and per address, over sockets and HTTP alike. */
    wrongCodes: createFailureLimiter(
      counters,
      { name: 'race-wrong-code', limit: RACE_WRONG_CODES_PER_MINUTE, windowMs: 60_000, whenUnavailable: 'local', refusal: 'Too many wrong race codes' },
      logger,
    ),
  };
}
export type RaceLimits = ReturnType<typeof createRaceLimits>;

/**
 * The address a guesser is counted by: an IPv4 address as it is (an IPv4-mapped IPv6 one as its IPv4),
 * an IPv6 address by its /64, the block one subscriber is given, so stepping through it gains nothing.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** Who a lookup's failure counts against: the socket (if any), the user (if signed in) and the address. */
export function lookupIdentities(caller: { socketId?: string; userId?: number; ip?: string }): FailureIdentity[] {
  const identities: FailureIdentity[] = [];
  if (caller.socketId !== undefined) identities.push({ scope: 'socket', id: caller.socketId });
  if (caller.userId !== undefined) identities.push({ scope: 'user', id: String(caller.userId) });
  identities.push({ scope: 'address', id: addressKey(caller.ip) });
  return identities;
}
