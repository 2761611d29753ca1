/**
 * Counts in words, the one way every page and message writes them: "1 search", "2 searches",
 * "1,024 people". English only needs one and other; a count that is not exactly 1 (0, 2, 1.5) is plural.
 */

/**
 * 3026 -> "3,026", -1234.5 -> "-1,234.5": what `new Intl.NumberFormat('en-US').format` writes (at most three
 * decimals), grouped by hand because building that formatter sets up the locale data, about 100 ms of a
 * phone's start on every page. Numbers past exact decimals (1e15 and up), never a count, still go to Intl.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return value.toLocaleString('en-US');
  const rounded = Math.round(Math.abs(value) * 1000) / 1000;
  const [whole = '0', fraction] = String(rounded).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** The noun for a count, without the number: nounFor(1, 'search', 'searches') -> "search". */
export function nounFor(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** "1 degree", "3 degrees", "1,200 searches": a count with its noun, singular when it is one. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${nounFor(count, singular, pluralForm)}`;
}
