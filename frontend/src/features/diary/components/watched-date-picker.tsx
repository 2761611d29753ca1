import * as Popover from '@radix-ui/react-popover';
import { CalendarDays } from 'lucide-react';
import { useState, type CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { cn } from '../../../lib/class-names';
import { formatWatchedDate, fromDateOnly, toDateOnly } from '../lib/watched-date';

/** The earliest watched date the server takes. */
const EARLIEST = new Date(1870, 0, 1);

/** The calendar in the app's colours (react-day-picker reads these variables). */
const calendarTheme = {
  '--rdp-accent-color': 'var(--color-amber-glow)',
  '--rdp-accent-background-color': 'color-mix(in oklab, var(--color-amber-glow) 15%, transparent)',
  '--rdp-day-height': '2.5rem',
  '--rdp-day-width': '2.5rem',
  '--rdp-day_button-height': '2.35rem',
  '--rdp-day_button-width': '2.35rem',
  '--rdp-nav-height': '2.5rem',
} as CSSProperties;

interface WatchedDatePickerProps {
  id: string;
  /** YYYY-MM-DD. */
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
}

/** A button showing the watched date that opens a calendar; choosing a day sets it and closes the calendar (spec §4). */
export function WatchedDatePicker({ id, value, onChange, describedBy }: WatchedDatePickerProps) {
  const [open, setOpen] = useState(false);
  const selected = fromDateOnly(value) ?? undefined;
  const today = new Date();

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        id={id}
        aria-describedby={describedBy}
        className={cn(
          'flex h-11 w-full items-center gap-2.5 rounded-xl border border-ink-600 bg-ink-950/60 px-3.5 text-left text-[15px] text-bone-50 transition-colors hover:border-ink-500',
          'focus:border-amber-glow/70 focus:outline-none focus:ring-2 focus:ring-amber-glow/25 data-[state=open]:border-amber-glow/70',
        )}
      >
        <CalendarDays aria-hidden className="size-4 text-amber-glow" />
        <span>{formatWatchedDate(value)}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-[60] rounded-2xl border border-ink-600 bg-ink-850 p-3 text-bone-100 shadow-[0_24px_60px_-12px_rgba(0,0,0,0.85)] data-[state=open]:animate-fade-in"
        >
          <DayPicker
            mode="single"
            required
            autoFocus
            selected={selected}
            defaultMonth={selected}
            onSelect={(date) => {
              onChange(toDateOnly(date));
              setOpen(false);
            }}
            captionLayout="dropdown"
            startMonth={EARLIEST}
            endMonth={today}
            disabled={[{ after: today }, { before: EARLIEST }]}
            style={calendarTheme}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
