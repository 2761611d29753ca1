import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/class-names';

/** A small labelled figure: time left, reward, moves left. */
export function StatTile({ icon: Icon, label, value, note, className, tone = 'default' }: { icon?: LucideIcon; label: string; value: ReactNode; note?: ReactNode; className?: string; tone?: 'default' | 'warn' }) {
  return (
    <div className={cn('min-w-0 rounded-xl border border-ink-700 bg-ink-900/60 px-3 py-2.5', className)}>
      <dt className="flex items-center gap-1.5 text-[10px] font-semibold uppercase tracking-[0.16em] text-bone-500">
        {Icon && <Icon aria-hidden className="size-3.5 text-amber-glow" />}
        {label}
      </dt>
      <dd className={cn('mt-1 font-display text-xl font-medium tabular-nums tracking-tight', tone === 'warn' ? 'text-scarlet' : 'text-bone-50')}>{value}</dd>
      {note && <dd className="text-xs text-bone-500">{note}</dd>}
    </div>
  );
}
