import { cn } from '../../../lib/class-names';
import type { HttpMethod } from '../lib/openapi-model';

const tones: Record<HttpMethod, string> = {
  get: 'bg-teal-info/12 text-teal-info ring-teal-info/35',
  post: 'bg-amber-glow/12 text-amber-soft ring-amber-glow/35',
  put: 'bg-violet-reel/12 text-violet-reel ring-violet-reel/35',
  patch: 'bg-violet-reel/12 text-violet-reel ring-violet-reel/35',
  delete: 'bg-scarlet/12 text-scarlet ring-scarlet/35',
  head: 'bg-ink-800 text-bone-300 ring-ink-600',
  options: 'bg-ink-800 text-bone-300 ring-ink-600',
  trace: 'bg-ink-800 text-bone-300 ring-ink-600',
};

/** GET, POST... as a fixed-width pill, coloured by what the method does. */
export function MethodBadge({ method, className }: { method: HttpMethod; className?: string }) {
  return (
    <span className={cn('inline-flex w-16 shrink-0 justify-center rounded-md px-1.5 py-0.5 font-mono text-[11px] font-semibold tracking-wide ring-1 ring-inset', tones[method], className)}>
      {method.toUpperCase()}
    </span>
  );
}
