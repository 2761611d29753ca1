import { serverNow } from '../../../lib/server-clock';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago the server's `iso` was, by the
 * server's clock (`now` defaults to it). Never a time to come: a moment the server already recorded
 * reads "just now" even when the clocks disagree by a little.
 */
export function relativeTime(iso: string, now: number = serverNow()): string {
  const seconds = Math.min(0, Math.round((Date.parse(iso) - now) / 1000));
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size || unit === 'minute') return format.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
