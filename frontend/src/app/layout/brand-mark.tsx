import { Link } from 'react-router-dom';

/** The wordmark: three linked nodes (a path of two degrees) beside the name. */
export function BrandMark({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/" onClick={onNavigate} className="group flex shrink-0 items-center gap-2.5 rounded-lg" aria-label="Cinema DNA home">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        <rect width="32" height="32" rx="9" className="fill-ink-800 transition-colors group-hover:fill-ink-700" />
        <path d="M9 22 16 11 23 20" className="stroke-amber-glow" strokeWidth="1.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="9" cy="22" r="3" className="fill-amber-glow" />
        <circle cx="16" cy="11" r="3" className="fill-amber-glow" opacity="0.85" />
        <circle cx="23" cy="20" r="3" className="fill-amber-glow" opacity="0.65" />
      </svg>
      <span className="font-display text-xl font-medium tracking-tight text-bone-50">
        Cinema <span className="text-amber-glow">DNA</span>
      </span>
    </Link>
  );
}
