import { cn } from '../../../lib/class-names';

/** A thin bar filled to `value` of `max`, named for screen readers. */
export function ProgressMeter({ value, max, label, className, tone = 'amber' }: { value: number; max: number; label: string; className?: string; tone?: 'amber' | 'live' | 'muted' }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={Math.min(value, max)} className={cn('h-1.5 overflow-hidden rounded-full bg-ink-700', className)}>
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none',
          tone === 'amber' && 'bg-gradient-to-r from-amber-deep to-amber-glow',
          tone === 'live' && 'bg-live',
          tone === 'muted' && 'bg-bone-500',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
