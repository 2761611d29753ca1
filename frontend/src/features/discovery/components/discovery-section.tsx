import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/class-names';

interface DiscoverySectionProps {
  title: string;
  icon: LucideIcon;
  /** Beside the title: a badge, when the list was updated. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled list of the page; the heading names the section. */
export function DiscoverySection({ title, icon: Icon, aside, className, children }: DiscoverySectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('scroll-mt-24', className)}>
      <div className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id={id} className="flex items-center gap-2.5 font-display text-2xl font-medium tracking-tight text-bone-50 sm:text-[1.7rem]">
          <Icon aria-hidden className="size-5 text-amber-glow" strokeWidth={1.8} />
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
