import * as SwitchPrimitive from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import { cn } from '../lib/class-names';

interface SwitchFieldProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
}

/** A labelled on/off switch (Radix), with an optional line of explanation. */
export function SwitchField({ label, description, checked, onCheckedChange, className }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div className="grid gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-bone-100">
          {label}
        </label>
        {description && <p className="text-xs leading-snug text-bone-500">{description}</p>}
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-ink-600 transition-colors data-[state=checked]:bg-amber-glow"
      >
        <SwitchPrimitive.Thumb className="block size-5 translate-x-0.5 rounded-full bg-bone-50 shadow transition-transform data-[state=checked]:translate-x-[22px] data-[state=checked]:bg-ink-950" />
      </SwitchPrimitive.Root>
    </div>
  );
}

/** A bare on/off switch named by `aria-label` (a table cell that has its column header for a label). */
export function Switch({ className, ...props }: Omit<SwitchPrimitive.SwitchProps, 'children'> & { 'aria-label': string }) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-ink-600 transition-colors data-[state=checked]:bg-amber-glow disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="block size-5 translate-x-0.5 rounded-full bg-bone-50 shadow transition-transform data-[state=checked]:translate-x-[22px] data-[state=checked]:bg-ink-950" />
    </SwitchPrimitive.Root>
  );
}
