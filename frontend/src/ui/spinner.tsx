import { cn } from '../lib/class-names';

/** An indeterminate loading ring; `label` is read by screen readers. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn('inline-block size-5 animate-spin rounded-full border-2 border-ink-600 border-t-amber-glow motion-reduce:animate-none', className)} />
  );
}
