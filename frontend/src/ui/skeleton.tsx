import type { HTMLAttributes } from 'react';
import { cn } from '../lib/class-names';

/** A pulsing placeholder block shown while data loads. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-ink-800 motion-reduce:animate-none', className)} {...props} />;
}
