import { Check } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/class-names';

interface CheckboxChipProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> {
  children: ReactNode;
}

/** A native checkbox drawn as a toggle chip: the label is the click target, the box stays accessible. */
export function CheckboxChip({ children, className, checked, ...props }: CheckboxChipProps) {
  return (
    <label
      className={cn(
        'group inline-flex cursor-pointer select-none items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-glow',
        checked ? 'border-amber-glow/50 bg-amber-glow/10 text-bone-50' : 'border-ink-600 bg-ink-900/60 text-bone-300 hover:border-ink-500 hover:text-bone-100',
        className,
      )}
    >
      <input type="checkbox" className="peer sr-only" checked={checked} {...props} />
      <span
        aria-hidden
        className={cn(
          'flex size-4 items-center justify-center rounded-[5px] border transition-colors',
          checked ? 'border-amber-glow bg-amber-glow text-ink-950' : 'border-ink-500 bg-ink-950',
        )}
      >
        {checked && <Check className="size-3" strokeWidth={3} />}
      </span>
      {children}
    </label>
  );
}
