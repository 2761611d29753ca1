import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '../lib/class-names';

export const Tabs = TabsPrimitive.Root;

const listLayouts = {
  /** One row of equal tabs. */
  row: 'grid-flow-col auto-cols-fr rounded-full',
  /** Two columns on phones (four long labels do not fit one row at 390px), one row from `sm` up. */
  wrap: 'grid-cols-2 rounded-2xl sm:grid-cols-none sm:grid-flow-col sm:auto-cols-fr sm:rounded-full',
  /** One row of tabs as wide as their labels, scrolling sideways when they outgrow it (six badge categories on a phone). */
  scroll: 'w-fit max-w-full grid-flow-col auto-cols-max overflow-x-auto rounded-full [scrollbar-width:none]',
} as const;

export function TabsList({ className, layout = 'row', ...props }: ComponentPropsWithoutRef<typeof TabsPrimitive.List> & { layout?: keyof typeof listLayouts }) {
  return <TabsPrimitive.List className={cn('grid gap-1 bg-ink-950/70 p-1 ring-1 ring-inset ring-ink-700', listLayouts[layout], className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'h-9 rounded-full px-4 text-sm font-medium text-bone-400 transition-colors duration-150 hover:text-bone-100 data-[state=active]:bg-ink-700 data-[state=active]:text-bone-50 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentPropsWithoutRef<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-6 focus-visible:outline-none', className)} {...props} />;
}
