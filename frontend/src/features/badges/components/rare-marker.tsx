import { Gem } from 'lucide-react';

/** The mark of a rare badge. */
export function RareMarker() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-violet-reel/12 px-2 py-0.5 text-[11px] font-semibold uppercase tracking-[0.12em] text-violet-reel ring-1 ring-inset ring-violet-reel/35">
      <Gem aria-hidden className="size-3" />
      Rare
    </span>
  );
}
