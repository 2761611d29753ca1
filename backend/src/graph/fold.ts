/**
 * Text folding for name matching: case-insensitive, accents removed, punctuation collapsed to
 * single spaces. The typeahead index stores every name folded with this function at build time and
 * folds each query with it, so the two must never diverge (bump SNAPSHOT_VERSION if it changes).
 */

// Letters that NFKD does not decompose into a base letter plus a combining mark.
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i', ħ: 'h', ŋ: 'n',
};
const SPECIAL_RE = /[ßæœøđðłþıħŋ]/g;
// Any character outside 7-bit ASCII (the range starts at NUL on purpose).
// eslint-disable-next-line no-control-regex
const NON_ASCII_RE = /[^\x00-\x7f]/;
const MARKS_RE = /\p{M}+/gu;
// Apostrophes inside a word stay (as ASCII ') so "O'Brien" and "d'Amélie" keep one word while
// the typeahead still treats the letter after them as a word start ("amelie", "brien").
const APOSTROPHES_RE = /[’`´ʼ]/g;
const ASCII_SEPARATORS_RE = /[^a-z0-9']+/g;
const SEPARATORS_RE = /[^\p{L}\p{N}']+/gu;
const STRAY_APOSTROPHES_RE = /(^| )'+|'+(?= |$)/g;

/** Folds `text` to the matching form: lower case, no accents, words separated by one space. */
export function foldText(text: string): string {
  let t = text.toLowerCase().replace(APOSTROPHES_RE, "'");
  if (NON_ASCII_RE.test(t)) {
    t = t.normalize('NFKD').replace(MARKS_RE, '').replace(SPECIAL_RE, (c) => SPECIAL_LETTERS[c] ?? c);
    t = t.replace(SEPARATORS_RE, ' ');
  } else {
    t = t.replace(ASCII_SEPARATORS_RE, ' ');
  }
  return t.replace(STRAY_APOSTROPHES_RE, '$1').trim();
}

/**
 * Maps a folded byte to a 6-bit rank that never reverses byte order (a < b implies rank(a) <= rank(b)),
 * so sorting by packed ranks first and by bytes within equal ranks yields byte order. 0 is "end of string".
 */
export function byteRank(b: number): number {
  if (b < 0x30) return 1; // space, apostrophe (and anything below digits)
  if (b <= 0x39) return 2 + (b - 0x30); // 2..11 digits
  if (b < 0x61) return 11;
  if (b <= 0x7a) return 12 + (b - 0x61); // 12..37 letters
  if (b < 0x80) return 37;
  return 38 + ((b - 0x80) >> 3); // 38..53 UTF-8 lead/continuation bytes
}
