import * as SliderPrimitive from '@radix-ui/react-slider';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '../lib/class-names';

interface SliderProps extends ComponentPropsWithoutRef<typeof SliderPrimitive.Root> {
  /** Accessible names of the thumbs, in order ("Maximum degrees", or "From year" / "To year"). */
  thumbLabels: string[];
}

/** A Radix slider on the amber track; one thumb per value. */
export function Slider({ className, thumbLabels, ...props }: SliderProps) {
  return (
    <SliderPrimitive.Root className={cn('relative flex h-6 w-full touch-none select-none items-center', className)} {...props}>
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-ink-700">
        <SliderPrimitive.Range className="absolute h-full bg-gradient-to-r from-amber-deep to-amber-glow" />
      </SliderPrimitive.Track>
      {thumbLabels.map((label) => (
        <SliderPrimitive.Thumb
          key={label}
          aria-label={label}
          className="block size-5 rounded-full border-2 border-amber-glow bg-ink-900 shadow-[0_0_0_4px_rgba(242,176,74,0.15)] transition-shadow hover:shadow-[0_0_0_6px_rgba(242,176,74,0.2)] focus-visible:outline-none focus-visible:shadow-[0_0_0_6px_rgba(242,176,74,0.35)]"
        />
      ))}
    </SliderPrimitive.Root>
  );
}
