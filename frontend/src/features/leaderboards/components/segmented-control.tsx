import { cn } from '../../../lib/class-names';

interface SegmentedControlProps<T extends string> {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}

/** A row of mutually exclusive choices (a radio group that looks like pills). */
export function SegmentedControl<T extends string>({ label, value, options, onChange }: SegmentedControlProps<T>) {
  return (
    <div className="grid gap-1.5">
      <span className="text-[11px] font-semibold uppercase tracking-[0.14em] text-bone-500" id={`segmented-${label}`}>
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={`segmented-${label}`} className="inline-flex w-fit gap-1 rounded-full bg-ink-950/70 p-1 ring-1 ring-inset ring-ink-700">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => onChange(option.value)}
              className={cn(
                'h-8 whitespace-nowrap rounded-full px-3.5 text-sm font-medium transition-colors duration-150',
                checked ? 'bg-ink-700 text-bone-50 shadow-sm' : 'text-bone-400 hover:text-bone-100',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
