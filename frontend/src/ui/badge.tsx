import type { HTMLAttributes } from 'react';
import { cn } from '../lib/class-names';

export type BadgeTone = 'amber' | 'neutral' | 'outline';

const tones: Record<BadgeTone, string> = {
  amber: 'bg-amber-glow/12 text-amber-soft ring-1 ring-inset ring-amber-glow/30',
  neutral: 'bg-ink-800 text-bone-300 ring-1 ring-inset ring-ink-600',
  outline: 'text-bone-300 ring-1 ring-inset ring-ink-600',
};

/** A small pill for levels, points and statuses. */
export function Badge({ tone = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium tabular-nums', tones[tone], className)}
      {...props}
    />
  );
}
