import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/class-names';

const control =
  'block w-full rounded-xl border border-ink-600 bg-ink-950/60 px-3.5 text-[15px] text-bone-50 placeholder:text-bone-500 transition-colors duration-150 hover:border-ink-500 focus:border-amber-glow/70 focus:outline-none focus:ring-2 focus:ring-amber-glow/25 aria-[invalid=true]:border-scarlet/70 aria-[invalid=true]:focus:ring-scarlet/25 disabled:opacity-60';

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Renders the control, wired to the label and error by id. */
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
  className?: string;
  optional?: boolean;
}

/** A label, a control and its error message, linked for assistive technology. */
export function Field({ label, error, hint, children, className, optional }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="flex items-baseline justify-between text-sm font-medium text-bone-100">
        {label}
        {optional && <span className="text-xs font-normal text-bone-500">Optional</span>}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-bone-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-scarlet">
          {error}
        </p>
      )}
    </div>
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(control, 'h-11', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(control, 'min-h-36 resize-y py-3 leading-relaxed', className)} {...props} />;
});

/** The select's chevron, in the muted bone colour; set inline because a class cannot hold the SVG's spaces. */
const SELECT_CHEVRON =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' fill='none' stroke='%23a89d89' stroke-width='1.6' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m4 6 4 4 4-4'/%3E%3C/svg%3E\")";

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, style, ...props }, ref) {
  return (
    <select
      ref={ref}
      className={cn(control, 'h-11 appearance-none bg-[length:16px] bg-[right_0.9rem_center] bg-no-repeat pr-10', className)}
      style={{ backgroundImage: SELECT_CHEVRON, ...style }}
      {...props}
    />
  );
});
