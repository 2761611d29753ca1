import type { UserProfile } from '@cinema-dna/shared-types';
import { BookOpen, Link2, MessageSquare, Users, type LucideIcon } from 'lucide-react';
import { formatCount } from '../../../lib/number-format';

/** The four stat cards of the profile (spec §2). */
export function StatCards({ profile }: { profile: UserProfile }) {
  const cards: [string, number, LucideIcon][] = [
    ['Connections Found', profile.stats.connectionsFound, Link2],
    ['Films Logged', profile.stats.filmsLogged, BookOpen],
    ['Reviews', profile.reviewCount, MessageSquare],
    ['Followers', profile.stats.followersCount, Users],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(([label, value, Icon]) => (
        <div key={label} data-testid="profile-stat-card" className="flex flex-col-reverse rounded-2xl border border-ink-700 bg-ink-850/70 p-4 sm:p-5">
          <dt className="mt-1 text-sm text-bone-400">{label}</dt>
          <dd className="flex items-center justify-between font-display text-3xl tabular-nums text-bone-50">
            {formatCount(value)}
            <Icon aria-hidden className="size-5 text-amber-glow/80" strokeWidth={1.8} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
