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
