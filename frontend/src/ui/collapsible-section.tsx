import * as CollapsiblePrimitive from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/class-names';

interface CollapsibleSectionProps {
  title: string;
  /** Short state summary shown beside the title while closed ("2 selected"). */
  summary?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
  className?: string;
}

/** A titled section that folds open and closed (Radix Collapsible). */
export function CollapsibleSection({ title, summary, defaultOpen, children, className }: CollapsibleSectionProps) {
  return (
    <CollapsiblePrimitive.Root defaultOpen={defaultOpen} className={cn('group/section border-b border-ink-700 last:border-b-0', className)}>
      <CollapsiblePrimitive.Trigger className="flex w-full items-center justify-between gap-3 py-3.5 text-left text-sm font-semibold text-bone-100 transition-colors hover:text-amber-soft">
        <span>{title}</span>
        <span className="flex items-center gap-2">
          {summary && <span className="text-xs font-normal text-bone-500">{summary}</span>}
          <ChevronDown aria-hidden className="size-4 text-bone-400 transition-transform duration-200 group-data-[state=open]/section:rotate-180" />
        </span>
      </CollapsiblePrimitive.Trigger>
      <CollapsiblePrimitive.Content className="overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down [--radix-accordion-content-height:var(--radix-collapsible-content-height)]">
        <div className="pb-4 pt-1">{children}</div>
      </CollapsiblePrimitive.Content>
    </CollapsiblePrimitive.Root>
  );
}
