import type { DependencyHealth } from '@cinema-dna/shared-types';
import { cn } from '../../../lib/class-names';

export const HEALTH_LABELS: Record<DependencyHealth, string> = {
  healthy: 'Healthy',
  warning: 'Warning',
  error: 'Error',
  not_configured: 'Not configured',
};

const tones: Record<DependencyHealth, { pill: string; dot: string }> = {
  healthy: { pill: 'bg-live/10 text-live ring-live/30', dot: 'bg-live' },
  warning: { pill: 'bg-amber-glow/10 text-amber-soft ring-amber-glow/30', dot: 'bg-amber-glow' },
  error: { pill: 'bg-scarlet/10 text-scarlet ring-scarlet/40', dot: 'bg-scarlet' },
  // Not configured (no key set) is a state of the install, not a fault: neutral.
  not_configured: { pill: 'bg-ink-800 text-bone-400 ring-ink-600', dot: 'bg-bone-500' },
};

/** A dependency's health as a coloured pill with its word. */
export function HealthPill({ status, className }: { status: DependencyHealth; className?: string }) {
  const tone = tones[status];
  return (
    <span data-health={status} className={cn('inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', tone.pill, className)}>
      <span aria-hidden className={cn('size-1.5 rounded-full', tone.dot)} />
      {HEALTH_LABELS[status]}
    </span>
  );
}
