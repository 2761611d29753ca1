import type { Badge } from '@cinema-dna/shared-types';
import { createElement } from 'react';
import { cn } from '../../../lib/class-names';
import { badgeIcon } from '../lib/badge-icon';

const sizes = {
  sm: { ring: 'size-10', icon: 'size-[18px]' },
  md: { ring: 'size-12', icon: 'size-5' },
  lg: { ring: 'size-16', icon: 'size-7' },
} as const;

/** A badge's icon in its round frame: lit amber when earned (violet for a rare one), dim until then. */
export function BadgeMedallion({ badge, earned, size = 'md' }: { badge: Pick<Badge, 'icon' | 'isRare'>; earned: boolean; size?: keyof typeof sizes }) {
  const tone = !earned
    ? 'bg-ink-800 text-bone-500 ring-ink-600'
    : badge.isRare
      ? 'bg-violet-reel/15 text-violet-reel ring-violet-reel/45 shadow-[0_0_24px_-6px_rgba(179,157,219,0.55)]'
      : 'bg-amber-glow/12 text-amber-glow ring-amber-glow/40 shadow-[0_0_24px_-8px_rgba(242,176,74,0.6)]';
  return (
    <span aria-hidden data-icon={badge.icon} className={cn('grid shrink-0 place-items-center rounded-full ring-1 ring-inset', sizes[size].ring, tone)}>
      {/* The icon is looked up, not declared here: createElement renders the catalog's own component. */}
      {createElement(badgeIcon(badge.icon), { className: sizes[size].icon, strokeWidth: 1.8 })}
    </span>
  );
}
