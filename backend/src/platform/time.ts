/** The UTC calendar day of a moment, `YYYY-MM-DD`: the day every daily limit, board and status bar counts in. */
export const utcDay = (at: number | Date): string => new Date(at).toISOString().slice(0, 10);
