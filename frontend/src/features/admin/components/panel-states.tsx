import type { LucideIcon } from 'lucide-react';
import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/class-names';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { adminErrorText } from '../lib/admin-format';

/** A titled block of a tab. */
export function AdminSection({ title, aside, children, className, id }: { title: string; aside?: ReactNode; children: ReactNode; className?: string; id?: string }) {
  const headingId = id ?? `admin-section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className={cn('rounded-2xl border border-ink-700 bg-ink-850/60 p-5 sm:p-6', className)}>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-xl font-medium tracking-tight text-bone-50">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** Placeholder rows while a tab's data loads. */
export function PanelSkeleton({ label, rows = 4, className }: { label: string; rows?: number; className?: string }) {
  return (
    <div aria-busy="true" aria-label={label} className={cn('grid gap-3', className)}>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className="h-12 rounded-xl" />
      ))}
    </div>
  );
}

/** Why the data is missing, with Try again. */
export function PanelError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-scarlet/40 bg-scarlet/5 p-5">
      <p className="font-medium text-bone-50">{title}</p>
      <p className="mt-1 break-words text-sm text-bone-400">{adminErrorText(error)}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        <RotateCw aria-hidden className="size-4" />
        Try again
      </Button>
    </div>
  );
}

/** Nothing to list. */
export function PanelEmpty({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-ink-600 px-6 py-10 text-center">
      <Icon aria-hidden className="mx-auto size-8 text-bone-500" strokeWidth={1.5} />
      <p className="mt-3 font-display text-lg text-bone-50">{title}</p>
      {children && <p className="mt-1 text-sm text-bone-400">{children}</p>}
    </div>
  );
}
