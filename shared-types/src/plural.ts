/**
 * Counts in words, the one way every page and message writes them: "1 search", "2 searches",
 * "1,024 people". English only needs one and other; a count that is not exactly 1 (0, 2, 1.5) is plural.
 */

const integer = new Intl.NumberFormat('en-US');

/** 3026 -> "3,026". */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** The noun for a count, without the number: nounFor(1, 'search', 'searches') -> "search". */
export function nounFor(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** "1 degree", "3 degrees", "1,200 searches": a count with its noun, singular when it is one. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${nounFor(count, singular, pluralForm)}`;
}
