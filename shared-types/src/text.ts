import { z } from 'zod';

/** Why a string was refused: PostgreSQL stores neither NUL nor half of a UTF-16 surrogate pair. */
export const STORABLE_TEXT_RULE = 'must not contain NUL characters or unpaired UTF-16 surrogates';

// Without the `u` flag the pattern sees UTF-16 code units, so it can find a half pair.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when every database the app runs on can store `value` as text. */
export const isStorableText = (value: string): boolean => !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);

// One schema for every field: building a refined string costs a phone's main thread a little each time, and
// the contract has dozens (zod schemas are immutable: `.trim()`, `.min()` and the like return new ones).
const storableText = z.string().refine(isStorableText, STORABLE_TEXT_RULE);

/** A string field of a request body, query, path or socket payload: any text a database can store. */
export const text = () => storableText;

/**
 * Ends a sentence with a full stop unless it already ends with one (or ! ? …): a sentence that ends
 * with a name such as "Warner Bros." or "Jr." gets no second period.
 */
export const endSentence = (sentence: string): string => (/[.!?…]$/.test(sentence.trimEnd()) ? sentence.trimEnd() : `${sentence.trimEnd()}.`);
