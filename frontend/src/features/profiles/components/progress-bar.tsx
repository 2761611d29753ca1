import { cn } from '../../../lib/class-names';

/** A thin bar filled to `percent` (0–100), named for screen readers. */
export function ProgressBar({ percent, label, className }: { percent: number; label: string; className?: string }) {
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className={cn('h-1.5 overflow-hidden rounded-full bg-ink-700', className)}>
      <div className="h-full rounded-full bg-gradient-to-r from-amber-deep to-amber-glow" style={{ width: `${percent}%` }} />
    </div>
  );
}
