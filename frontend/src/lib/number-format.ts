const integer = new Intl.NumberFormat('en-US');

/** 3026 -> "3,026". */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** "1 degree", "3 degrees": a count with its noun, singular when it is one. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}
