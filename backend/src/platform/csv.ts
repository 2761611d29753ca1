/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet opening an export runs a cell that begins with
 * `=`, `+`, `-` or `@` as a formula (and a leading tab or carriage return can hide one). Every CSV the
 * app writes passes its text cells through csv-stringify's `cast.string` with neutraliseCell: such a
 * cell gets a leading single quote, which spreadsheets show as text and never evaluate.
 */

/** The characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `value`, prefixed with a single quote when it begins like a formula. */
export const neutraliseCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The `cast` option of every csv-stringify call of the app. */
export const safeCsvCast = { string: neutraliseCell } as const;
