import { ApiRequestError } from '../../../lib/api-client';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "Nov 27, 2026". */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** "Nov 27, 02:05 PM". */
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** A fraction 0..1 as a whole percent ("42%"); a dash when there is none. */
export function formatPercent(fraction: number | null | undefined, digits = 0): string {
  if (fraction === null || fraction === undefined || Number.isNaN(fraction)) return '—';
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** Milliseconds to at most one decimal ("12.3 ms"); a dash when nothing was measured. */
export function formatMs(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ms`;
}

/** "1.2 req/s" style numbers: one decimal under 100. */
export function formatRate(value: number): string {
  return value >= 100 ? String(Math.round(value)) : (Math.round(value * 10) / 10).toString();
}

/** Bytes as MB. */
export const formatMegabytes = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;

/** The server's own explanation of a refused action (the last-admin rule), else the generic message. */
export function adminErrorText(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
