/** Date-only helpers for watched dates ("YYYY-MM-DD"), read and written in the user's own calendar, never through UTC. */

const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar day of `date` as YYYY-MM-DD. */
export function toDateOnly(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today, in the user's time zone. */
export function todayDateOnly(now: Date = new Date()): string {
  return toDateOnly(now);
}

/** "2024-03-14" as a local Date at midnight; null when not a date. */
export function fromDateOnly(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toDateOnly(date) === value ? date : null;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** "Mar 14": a diary row under its year's heading. */
export function formatWatchedDay(value: string): string {
  const date = fromDateOnly(value);
  return date ? dayFormat.format(date) : value;
}
