import { CalendarDays } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import { todayDateOnly } from '../lib/watched-date';

/** The earliest watched date the server takes. */
const EARLIEST = '1870-01-01';

interface WatchedDatePickerProps {
  id: string;
  /** YYYY-MM-DD. */
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
}

/**
 * The watched date (spec §4): the browser's own date field and calendar — a phone's native wheel or
 * calendar, typed digits on a keyboard, read out by screen readers — instead of a calendar library
 * (react-day-picker and date-fns were ~30 kB compressed on every page that could log a film).
 * Days after today and before 1870 cannot be chosen; clearing the field keeps the last date.
 */
export function WatchedDatePicker({ id, value, onChange, describedBy }: WatchedDatePickerProps) {
  return (
    <div className="relative">
      <CalendarDays aria-hidden className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-amber-glow" />
      <input
        id={id}
        type="date"
        required
        min={EARLIEST}
        max={todayDateOnly()}
        value={value}
        aria-describedby={describedBy}
        onChange={(event) => {
          if (event.target.value) onChange(event.target.value);
        }}
        className={cn(
          'flex h-11 w-full rounded-xl border border-ink-600 bg-ink-950/60 pl-10 pr-3.5 text-left text-[15px] text-bone-50 [color-scheme:dark] transition-colors hover:border-ink-500',
          'focus:border-amber-glow/70 focus:outline-none focus:ring-2 focus:ring-amber-glow/25',
        )}
      />
    </div>
  );
}
