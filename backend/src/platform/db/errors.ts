/** True for PostgreSQL's unique_violation (of `index` when given), through drizzle's wrapper or not. */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code !== '23505') continue;
    // node-postgres names the index in `constraint`; a wrapped error may carry it only in the message.
    return !index || constraint === index || (typeof message === 'string' && message.includes(`"${index}"`));
  }
  return false;
}

/** PostgreSQL's SQLSTATEs for a server that cannot be reached or is going away (not a fault of the query). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Node's socket errors for a server that is not there. */
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/** node-postgres's own words when a connection is lost or cannot be made in time. */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when a query failed because PostgreSQL could not be reached (down, restarting, refusing connections):
 * an outage, answered as 503 SERVICE_UNAVAILABLE, not a bug (platform/errors.ts). Walks drizzle's wrappers.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNREACHABLE_ERRNOS.has(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
  }
  return false;
}
