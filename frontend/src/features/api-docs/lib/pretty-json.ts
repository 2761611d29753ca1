/** Pretty JSON for a text area or a code block ('' for nothing). */
export function prettyJson(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(value, null, 2);
}
