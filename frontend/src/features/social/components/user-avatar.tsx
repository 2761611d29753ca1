import { cn } from '../../../lib/class-names';

/** A round avatar holding the first letter of a user's name. */
export function UserAvatar({ name, className }: { name: string; className?: string }) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span
      aria-hidden
      className={cn(
        'grid size-12 shrink-0 place-items-center rounded-full bg-gradient-to-br from-amber-glow/25 to-amber-deep/10 font-display text-xl font-medium text-amber-soft ring-1 ring-inset ring-amber-glow/30',
        className,
      )}
    >
      {initial}
    </span>
  );
}
