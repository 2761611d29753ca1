import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '../lib/class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'subtle' | 'danger' | 'ghost-danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex shrink-0 select-none items-center justify-center gap-2 rounded-full font-medium tracking-tight transition-[background-color,color,border-color,box-shadow,transform] duration-150 active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-glow';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-amber-glow text-ink-950 shadow-[0_0_0_1px_rgba(242,176,74,0.4),0_8px_24px_-8px_rgba(242,176,74,0.45)] hover:bg-amber-soft',
  secondary: 'border border-ink-600 bg-ink-850/60 text-bone-100 hover:border-amber-glow/60 hover:text-bone-50',
  ghost: 'text-bone-300 hover:bg-ink-800 hover:text-bone-50',
  subtle: 'bg-ink-800 text-bone-100 hover:bg-ink-700',
  /** Destructive, irreversible actions (revoke, delete). */
  /** A quiet row action that is destructive (opens a confirmation). */
  'ghost-danger': 'text-scarlet hover:bg-scarlet/10',
  danger: 'bg-scarlet text-ink-950 shadow-[0_0_0_1px_rgba(224,89,74,0.4),0_8px_24px_-8px_rgba(224,89,74,0.45)] hover:bg-[#e87062]',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3.5 text-sm',
  md: 'h-10 px-5 text-sm',
  lg: 'h-12 px-7 text-base',
  icon: 'size-10',
};

/** Class names of a button, for links and triggers that must look like one. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cn(base, variants[variant], sizes[size], extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});
