const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** When a badge was earned, as a date. */
export function EarnedDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;
}
